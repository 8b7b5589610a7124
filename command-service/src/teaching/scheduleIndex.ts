import {
  comparePositions,
  evolveSection,
  initialSectionState,
  scheduleBounds,
  scheduledSection,
  type EventStore,
  type LocationInfo,
  type Position,
  type ScheduledSection,
  type SectionEvent,
  type SectionRecord,
  type SectionState,
  UsersMerged,
  isActiveFaculty,
  userMergeStream,
  users,
} from '@allot/shared-events';

const SECTION_STREAM_PREFIX = 'section-';
const LOCATION_STREAM_PREFIX = 'location-';
const USER_STREAM_PREFIX = users.streamId('');
const USER_MERGE_STREAM_PREFIX = userMergeStream('');

/**
 * What the section rules need of a user, folded from the user's stream as the resource decider
 * folds it (created: live, deleted: deleted; updates and a deactivation change the flags) and
 * from a merge that made them a duplicate.
 */
export interface UserFacts {
  status: 'live' | 'deleted';
  isFaculty: boolean;
  isActive: boolean;
  /** The display name, as people are named in sentences. */
  name: string;
  /** The master a merge moved this duplicate into, else null. */
  mergedIntoId: string | null;
}

interface UserData {
  id: string;
  displayName?: string;
  firstName?: string;
  lastName?: string;
  isFaculty?: boolean;
  isActive?: boolean;
}

function nameOf(data: UserData, known: UserFacts | undefined): string {
  if (data.displayName) return data.displayName;
  if (data.firstName !== undefined || data.lastName !== undefined) {
    return `${data.firstName ?? ''} ${data.lastName ?? ''}`.trim();
  }
  return known?.name ?? data.id;
}

/**
 * The building of a room: the first word of its code ("SCI 101" → "SCI"), the way room codes are
 * written; locations carry no building field yet (docs/teaching.md).
 */
export function buildingOf(code: string): string {
  return code.trim().split(/\s+/)[0] ?? code;
}
const BATCH = 5000;

/** A section's keys in the index: who teaches it, which rooms it meets in, its offering. */
interface SectionKeys {
  instructorIds: readonly string[];
  locationIds: readonly string[];
  offeringIds: readonly string[];
}

const NO_KEYS: SectionKeys = { instructorIds: [], locationIds: [], offeringIds: [] };

function keysOf(state: SectionState): SectionKeys {
  if (state.status !== 'live') return NO_KEYS;
  const offeringIds = [state.section.CourseOfferingId];
  const instructorIds = new Set<string>();
  for (const assignment of Object.values(state.assignments)) {
    if (assignment.status !== 'withdrawn') instructorIds.add(assignment.UserId);
  }
  const locationIds = new Set<string>();
  for (const meeting of state.section.meetings) {
    if (meeting.LocationId) locationIds.add(meeting.LocationId);
  }
  return { instructorIds: [...instructorIds], locationIds: [...locationIds], offeringIds };
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A multimap from a key (instructor or room) to the section streams carrying it. */
class KeyedSets {
  private readonly sets = new Map<string, Set<string>>();

  move(streamId: string, before: readonly string[], after: readonly string[]): void {
    for (const key of before) {
      const set = this.sets.get(key);
      set?.delete(streamId);
      if (set?.size === 0) this.sets.delete(key);
    }
    for (const key of after) {
      let set = this.sets.get(key);
      if (!set) this.sets.set(key, (set = new Set()));
      set.add(streamId);
    }
  }

  collect(keys: ReadonlySet<string>, into: Set<string>): void {
    for (const key of keys) {
      for (const streamId of this.sets.get(key) ?? []) into.add(streamId);
    }
  }
}

/**
 * Every section's schedule (meetings, instructors, overlap flag, seats), kept in memory by reading
 * the section streams from the log. The conflict rules look across sections (an instructor's other
 * classes, a room's other bookings); a command refreshes the index just before it decides, so it
 * sees every section change committed before it. Commands racing each other are settled by the
 * calendar claims (calendarClaims.ts, docs/teaching.md).
 *
 * Sections are keyed by instructor and by room as events are read, so a command looks only at the
 * handful of sections sharing one of its keys instead of walking the whole institution (20,000
 * sections in the benchmark made every assign walk them all).
 */
export class SectionScheduleIndex {
  private readonly sections = new Map<string, SectionState>();
  /** Each section stream's last revision and position, so a command can start from the index. */
  private readonly heads = new Map<string, { revision: bigint; position: Position }>();
  private readonly keys = new Map<string, SectionKeys>();
  private readonly byInstructor = new KeyedSets();
  private readonly byLocation = new KeyedSets();
  private readonly byOffering = new KeyedSets();
  /** Built on demand and dropped when the section changes; meetings keep their identity. */
  private readonly scheduled = new Map<string, Scheduled>();
  private readonly locations = new Map<string, LocationInfo>();
  /**
   * Each user's status and whether they may teach, by user stream: an assignment names an
   * instructor who must exist and be active faculty (docs/decisions.md 20).
   */
  private readonly users = new Map<string, UserFacts>();
  private position: Position | 'start' = 'start';
  private refreshing: Promise<void> | null = null;

  constructor(private readonly store: EventStore) {}

  /** Reads what was appended since the last refresh; concurrent callers share one read. */
  refresh(): Promise<void> {
    this.refreshing ??= this.readNew().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readNew(): Promise<void> {
    // As in RecordIndex: the next refresh may start at the head read first, so a stretch of the
    // log with no section, room or user event (preferences, an import of other records) is
    // scanned once, not by every command after it.
    const head = await this.store.headPosition();
    for (;;) {
      const events = await this.store.readAll({
        fromPosition: this.position,
        maxCount: BATCH,
        filter: {
          streamPrefixes: [
            SECTION_STREAM_PREFIX,
            LOCATION_STREAM_PREFIX,
            USER_STREAM_PREFIX,
            USER_MERGE_STREAM_PREFIX,
          ],
        },
      });
      for (const event of events) {
        if (event.streamId.startsWith(LOCATION_STREAM_PREFIX)) {
          this.applyLocation(event.type, event.data as LocationData);
        } else if (event.streamId.startsWith(USER_STREAM_PREFIX)) {
          this.applyUser(event.streamId, event.type, event.data as UserData);
        } else if (event.streamId.startsWith(USER_MERGE_STREAM_PREFIX)) {
          if (event.type === 'UsersMerged') this.applyMerge(UsersMerged.parse(event.data));
        } else {
          this.applySection(event.streamId, event as unknown as SectionEvent);
          this.heads.set(event.streamId, { revision: event.revision, position: event.position });
        }
        this.position = event.position;
      }
      if (events.length < BATCH) break;
    }
    if (head && (this.position === 'start' || comparePositions(head, this.position) > 0)) {
      this.position = head;
    }
  }

  private applySection(streamId: string, event: SectionEvent): void {
    const state = evolveSection(this.sections.get(streamId) ?? initialSectionState, event);
    this.sections.set(streamId, state);
    this.scheduled.delete(streamId);
    const before = this.keys.get(streamId) ?? NO_KEYS;
    const after = keysOf(state);
    if (!sameMembers(before.instructorIds, after.instructorIds)) {
      this.byInstructor.move(streamId, before.instructorIds, after.instructorIds);
    }
    if (!sameMembers(before.locationIds, after.locationIds)) {
      this.byLocation.move(streamId, before.locationIds, after.locationIds);
    }
    if (!sameMembers(before.offeringIds, after.offeringIds)) {
      this.byOffering.move(streamId, before.offeringIds, after.offeringIds);
    }
    this.keys.set(streamId, after);
  }

  private applyUser(streamId: string, type: string, data: UserData): void {
    const known = this.users.get(streamId);
    const types = users.eventTypes;
    if (type === types.created) {
      this.users.set(streamId, {
        status: 'live',
        isFaculty: data.isFaculty === true,
        isActive: data.isActive !== false,
        name: nameOf(data, undefined),
        mergedIntoId: known?.mergedIntoId ?? null,
      });
    } else if (!known) {
      return;
    } else if (type === types.updated) {
      this.users.set(streamId, {
        ...known,
        isFaculty: data.isFaculty ?? known.isFaculty,
        isActive: data.isActive ?? known.isActive,
        name: nameOf(data, known),
      });
    } else if (type === types.deactivated) {
      this.users.set(streamId, { ...known, isActive: false });
    } else if (type === types.deleted) {
      this.users.set(streamId, { ...known, status: 'deleted' });
    }
  }

  private applyMerge({ masterId, duplicateId }: { masterId: string; duplicateId: string }): void {
    const streamId = users.streamId(duplicateId);
    const known = this.users.get(streamId);
    // A merge names users that exist; kept as facts even if their creation is read later.
    this.users.set(streamId, {
      status: known?.status ?? 'live',
      isFaculty: known?.isFaculty ?? false,
      isActive: known?.isActive ?? true,
      name: known?.name ?? duplicateId,
      mergedIntoId: masterId,
    });
  }

  private applyLocation(type: string, data: LocationData): void {
    if (type === 'LocationDeleted') {
      this.locations.delete(data.id);
      return;
    }
    if (type !== 'LocationCreated' && type !== 'LocationUpdated') return;
    const known = this.locations.get(data.id);
    const code = data.code ?? null;
    this.locations.set(data.id, {
      id: data.id,
      building: code !== null ? buildingOf(code) : (known?.building ?? null),
      capacity: data.capacity ?? known?.capacity ?? null,
      code: code ?? known?.code ?? null,
    });
  }

  /**
   * A section as its stream stands after the last refresh: the state the section decider would
   * fold from the stream, its revision and position; null for a stream the index has not seen.
   */
  aggregate(
    streamId: string,
  ): { state: SectionState; revision: bigint; position: Position } | null {
    const state = this.sections.get(streamId);
    const head = this.heads.get(streamId);
    return state && head ? { state, ...head } : null;
  }

  /**
   * Whether a user exists and is not deleted, as `loadRecord(store, users, id)` would answer after
   * the last refresh (the same fold of the same stream), without a read.
   */
  isLiveUser(id: string): boolean {
    return this.users.get(users.streamId(id))?.status === 'live';
  }

  /** What the index knows of a user after the last refresh (null: never created). */
  userFacts(id: string): UserFacts | null {
    return this.users.get(users.streamId(id)) ?? null;
  }

  /** Whether a live user may teach: active faculty, not merged away (`isActiveFaculty`). */
  isActiveFacultyMember(id: string): boolean {
    const facts = this.userFacts(id);
    return facts?.status === 'live' && isActiveFaculty(facts);
  }

  /** The live sections of a course offering, as of the last refresh. */
  sectionsOfOffering(offeringId: string): SectionRecord[] {
    const streamIds = new Set<string>();
    this.byOffering.collect(new Set([offeringId]), streamIds);
    return [...streamIds].flatMap((streamId) => {
      const state = this.sections.get(streamId);
      return state?.status === 'live' ? [state.section] : [];
    });
  }

  /** A section as of the last refresh (absent when never created). */
  sectionState(SectionId: string): SectionState {
    return this.sections.get(`section-${SectionId}`) ?? initialSectionState;
  }

  /** The live sections of a course offering with their assignments, as of the last refresh. */
  sectionStatesOfOffering(offeringId: string): Exclude<SectionState, { status: 'absent' }>[] {
    const streamIds = new Set<string>();
    this.byOffering.collect(new Set([offeringId]), streamIds);
    return [...streamIds].flatMap((streamId) => {
      const state = this.sections.get(streamId);
      return state?.status === 'live' ? [state] : [];
    });
  }

  /** A section's number and offering as of the last refresh, for naming it in a sentence. */
  sectionNaming(SectionId: string): { sectionNumber: string; CourseOfferingId: string } | null {
    const state = this.sections.get(`section-${SectionId}`);
    return state && state.status !== 'absent'
      ? {
          sectionNumber: state.section.sectionNumber,
          CourseOfferingId: state.section.CourseOfferingId,
        }
      : null;
  }

  /** A room's code, as people name it ("SSH 120"); null when unknown. */
  locationCode(LocationId: string): string | null {
    return this.locations.get(LocationId)?.code ?? null;
  }

  /** The rooms a command may involve, with capacity and building. */
  locationsIn(ids: ReadonlySet<string>): LocationInfo[] {
    return [...ids].flatMap((id) => {
      const location = this.locations.get(id);
      return location ? [location] : [];
    });
  }

  /**
   * The live sections other than `probe.SectionId` that could clash with it: those sharing one of
   * its instructors or one of its rooms. Others cannot conflict with it, so they are left out.
   */
  relevantTo(probe: ScheduleProbe): ScheduledSection[] {
    // Only meetings clash, and only on a shared date: without meetings nothing can.
    const bounds = probe.bounds;
    if (!bounds) return [];
    const streamIds = new Set<string>();
    this.byInstructor.collect(probe.instructorIds, streamIds);
    this.byLocation.collect(probe.locationIds, streamIds);
    const found: ScheduledSection[] = [];
    for (const streamId of streamIds) {
      const state = this.sections.get(streamId);
      if (state?.status !== 'live' || state.section.id === probe.SectionId) continue;
      let scheduled = this.scheduled.get(streamId);
      if (!scheduled) {
        scheduled = {
          section: scheduledSection(state.section, Object.values(state.assignments)),
          bounds: scheduleBounds(state.section.meetings),
        };
        this.scheduled.set(streamId, scheduled);
      }
      // Another term or year: no date in common, so no clash (half the sections or more).
      const other = scheduled.bounds;
      if (!other || other.first > bounds.last || bounds.first > other.last) continue;
      found.push(scheduled.section);
    }
    return found;
  }
}

/** A section as the conflict rules see it, and the dates its meetings stay within. */
interface Scheduled {
  section: ScheduledSection;
  bounds: { first: string; last: string } | null;
}

interface LocationData {
  id: string;
  code?: string;
  capacity?: number;
}

/** Bounds that every date is within: keeps every section with meetings. */
export const ANY_DATES: Readonly<{ first: string; last: string }> = {
  first: '0000-01-01',
  last: '9999-12-31',
};

/** What a command may involve: its section, the instructors and rooms it touches. */
export interface ScheduleProbe {
  SectionId: string;
  instructorIds: ReadonlySet<string>;
  locationIds: ReadonlySet<string>;
  /** The dates its meetings (as they would be) stay within (`scheduleBounds`); null: none. */
  bounds: { first: string; last: string } | null;
}

const indexes = new WeakMap<EventStore, SectionScheduleIndex>();

/** One index per store, made on first use (the command bus hands commands the store). */
export function scheduleIndexFor(store: EventStore): SectionScheduleIndex {
  let index = indexes.get(store);
  if (!index) {
    index = new SectionScheduleIndex(store);
    indexes.set(store, index);
  }
  return index;
}
