import { APPROVE_BIT, ASSIGN_BIT } from '../resources/members.js';

export interface WorkgroupLike {
  id: string;
  name?: unknown;
  members?: unknown;
}

interface Member {
  UserId: string;
  permission: number;
}

export interface MovedMembership {
  workgroup: string;
  /** The bits the master holds there after the merge (theirs OR the duplicate's). */
  permission: number;
  masterWasMember: boolean;
}

function membersOf(workgroup: WorkgroupLike): Member[] {
  return Array.isArray(workgroup.members) ? (workgroup.members as Member[]) : [];
}

/** What a merge moves (docs/session-masquerade-api-keys.md): the duplicate's memberships. */
export function movedMemberships(
  workgroups: readonly WorkgroupLike[],
  masterId: string,
  duplicateId: string,
): MovedMembership[] {
  const moved: MovedMembership[] = [];
  for (const workgroup of workgroups) {
    const members = membersOf(workgroup);
    const duplicate = members.find((m) => m.UserId === duplicateId);
    if (!duplicate) continue;
    const master = members.find((m) => m.UserId === masterId);
    moved.push({
      workgroup: typeof workgroup.name === 'string' ? workgroup.name : workgroup.id,
      permission: (master?.permission ?? 0) | duplicate.permission,
      masterWasMember: master !== undefined,
    });
  }
  return moved;
}

export function bitsText(permission: number): string {
  const parts = [
    ...((permission & APPROVE_BIT) !== 0 ? ['approve'] : []),
    ...((permission & ASSIGN_BIT) !== 0 ? ['assign'] : []),
  ];
  return parts.length > 0 ? parts.join(' and ') : 'member only';
}
