import {
  evolveSection,
  initialSectionState,
  scheduledSection,
  type EventStore,
  type LocationInfo,
  type Position,
  type ScheduledSection,
  type SectionEvent,
  type SectionState,
} from '@allot/shared-events';

const SECTION_STREAM_PREFIX = 'section-';
const LOCATION_STREAM_PREFIX = 'location-';

/**
 * The building of a room: the first word of its code ("SCI 101" → "SCI"), the way room codes are
 * written; locations carry no building field yet (docs/teaching.md).
 */
export function buildingOf(code: string): string {
  return code.trim().split(/\s+/)[0] ?? code;
}
const BATCH = 5000;

/**
 * Every section's schedule (meetings, instructors, overlap flag, seats), kept in memory by reading
 * the section streams from the log. The conflict rules look across sections (an instructor's other
 * classes, a room's other bookings); a command refreshes the index just before it decides, so it
 * sees every section change committed before it. Two racing commands on different sections may
 * both pass the cross-section check: the schedule flags what they leave (docs/teaching.md).
 */
export class SectionScheduleIndex {
  private readonly sections = new Map<string, SectionState>();
  private readonly locations = new Map<string, LocationInfo>();
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
    for (;;) {
      const events = await this.store.readAll({
        fromPosition: this.position,
        maxCount: BATCH,
        filter: { streamPrefixes: [SECTION_STREAM_PREFIX, LOCATION_STREAM_PREFIX] },
      });
      for (const event of events) {
        if (event.streamId.startsWith(LOCATION_STREAM_PREFIX)) {
          this.applyLocation(event.type, event.data as LocationData);
        } else {
          const state = this.sections.get(event.streamId) ?? initialSectionState;
          this.sections.set(event.streamId, evolveSection(state, event as unknown as SectionEvent));
        }
        this.position = event.position;
      }
      if (events.length < BATCH) return;
    }
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
    });
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
    const found: ScheduledSection[] = [];
    for (const state of this.sections.values()) {
      if (state.status !== 'live' || state.section.id === probe.SectionId) continue;
      const scheduled = scheduledSection(state.section, Object.values(state.assignments));
      const shares =
        scheduled.instructorIds.some((id) => probe.instructorIds.has(id)) ||
        scheduled.meetings.some((m) => m.LocationId && probe.locationIds.has(m.LocationId));
      if (shares) found.push(scheduled);
    }
    return found;
  }
}

interface LocationData {
  id: string;
  code?: string;
  capacity?: number;
}

/** What a command may involve: its section, the instructors and rooms it touches. */
export interface ScheduleProbe {
  SectionId: string;
  instructorIds: ReadonlySet<string>;
  locationIds: ReadonlySet<string>;
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
