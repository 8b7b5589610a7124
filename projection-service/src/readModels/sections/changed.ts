import type { RealtimeNotification } from '../../runner/projection.js';

/**
 * Not in spec §4: open section lists, schedules and offerings of other users follow a section's
 * own changes (created, updated, meetings set or moved, deleted) without a reload
 * (docs/decisions.md 12). Assignment events keep their own spec events and are not repeated here.
 */
export const SECTIONS_CHANGED = 'sectionsChanged';

/** Past this many sections in one notification the ids are left out: the client refreshes all. */
export const MAX_SECTION_IDS = 100;

/** The section's own events; the stream's `TeachingAssignment*` events are announced apart. */
export function isSectionChange(eventType: string): boolean {
  return eventType.startsWith('Section');
}

export interface SectionChange {
  SectionId: string;
  AcademicPeriodId: string | null;
  WorkgroupId: string;
  actorId: string | null;
}

interface Group {
  ids: Set<string>;
  first: SectionChange;
}

/**
 * The section changes of one batch, announced once per period, workgroup and actor: an import of
 * a thousand sections is a handful of messages, not a thousand refetches in every browser.
 */
export class SectionChanges {
  private readonly groups = new Map<string, Group>();

  add(change: SectionChange): void {
    const key = JSON.stringify([change.AcademicPeriodId, change.WorkgroupId, change.actorId]);
    const group = this.groups.get(key) ?? { ids: new Set<string>(), first: change };
    group.ids.add(change.SectionId);
    this.groups.set(key, group);
  }

  notifications(): RealtimeNotification[] {
    return [...this.groups.values()].map(({ ids, first }) => ({
      event: SECTIONS_CHANGED,
      // Room `all`: schedules by location or instructor show every workgroup's sections, and
      // sockets join no workgroup rooms yet (attachRealtime's `roomsFor` is not wired).
      rooms: ['all'],
      payload: {
        SectionIds: ids.size <= MAX_SECTION_IDS ? [...ids] : null,
        AcademicPeriodId: first.AcademicPeriodId,
        WorkgroupId: first.WorkgroupId,
      },
      actorId: first.actorId,
    }));
  }
}
