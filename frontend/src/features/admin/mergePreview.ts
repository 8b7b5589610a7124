import { APPROVE_BIT, ASSIGN_BIT } from '../../lib/resources/members.js';

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

/** The duplicate’s workgroup memberships a merge moves (docs/session-masquerade-api-keys.md). */
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

/**
 * What a count query knows: a number, `'loading'` while it is asked, or `null` when it is not known
 * (the viewer may not read that list, or the read failed): the data still moves, uncounted.
 */
export type Counted = number | 'loading' | null;

export interface TeachingHoldings {
  /** The duplicate's teaching assignments, every period, withdrawn ones included. */
  assignments: Counted;
  /** The duplicate's administrative assignments, every period. */
  adminAssignments: Counted;
  /** The duplicate's teaching preferences in the viewer's working period; null without one. */
  preferences: {
    periodName: string;
    duplicate: Counted;
    /** Whether the master has started their own record for the period (then theirs is kept). */
    masterStarted: boolean | 'loading' | null;
  } | null;
}

export interface MoveLine {
  what: string;
  text: string;
}

function plural(n: number, one: string, many: string): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

const move = (n: number) => (n === 1 ? 'moves' : 'move');

/**
 * The teaching data a merge moves, as sentences (command-service/src/session/mergeTeaching.ts,
 * docs/teaching.md "User merge"): counts where the viewer may read them.
 */
export function teachingMoves(holdings: TeachingHoldings, master: string): MoveLine[] {
  const lines: MoveLine[] = [];
  const { assignments, adminAssignments, preferences } = holdings;
  const stillAssigned = `Where ${master} already teaches a section, the duplicate’s assignment there is withdrawn first.`;
  lines.push({
    what: 'Teaching assignments',
    text:
      assignments === 'loading'
        ? 'Counting…'
        : assignments === null
          ? `All of the duplicate’s move to ${master} (not counted here), keeping status, share and approvals. ${stillAssigned}`
          : assignments === 0
            ? 'None.'
            : `${plural(assignments, 'assignment', 'assignments')} (every period, withdrawn ones included) ${move(assignments)} to ${master}, keeping status, share and approvals. ${stillAssigned}`,
  });
  const otherPeriods = `A record of any period moves to ${master} unless ${master} has started their own for that period, which is then kept.`;
  let preferenceText: string;
  if (!preferences) {
    preferenceText = otherPeriods;
  } else {
    const { periodName, duplicate, masterStarted } = preferences;
    if (duplicate === 'loading' || masterStarted === 'loading') preferenceText = 'Counting…';
    else if (duplicate === null) preferenceText = otherPeriods;
    else if (duplicate === 0) preferenceText = `None in ${periodName}. ${otherPeriods}`;
    else if (masterStarted === null)
      preferenceText = `${plural(duplicate, 'preference', 'preferences')} in ${periodName}. ${otherPeriods}`;
    else if (masterStarted)
      preferenceText = `${master} has started their own for ${periodName}: those are kept and the duplicate’s ${plural(duplicate, 'preference is', 'preferences are')} not moved. ${otherPeriods}`;
    else
      preferenceText = `${plural(duplicate, 'preference', 'preferences')} in ${periodName} ${move(duplicate)} to ${master}. ${otherPeriods}`;
  }
  lines.push({ what: 'Teaching preferences', text: preferenceText });
  lines.push({
    what: 'Administrative assignments',
    text:
      adminAssignments === 'loading'
        ? 'Counting…'
        : adminAssignments === null
          ? `All of the duplicate’s move to ${master} (not counted here).`
          : adminAssignments === 0
            ? 'None.'
            : `${plural(adminAssignments, 'assignment', 'assignments')} (every period) ${move(adminAssignments)} to ${master}.`,
  });
  return lines;
}
