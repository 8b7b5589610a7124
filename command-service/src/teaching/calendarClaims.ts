import {
  CalendarClaimed,
  StreamNotFoundError,
  WrongExpectedVersionError,
  activeAssignments,
  calendarStreamId,
  scheduledSection,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
  type ScheduledSection,
  type SectionCommand,
  type SectionState,
  type StreamAppend,
} from '@allot/shared-events';
import type { StreamRevision } from '../commandHandling/handleCommand.js';
import type { SectionScheduleIndex } from './scheduleIndex.js';

/**
 * A claim speaks for its section until the section's own event is read by the index, which is
 * milliseconds later; one that old whose write never came (a crash between the two) holds
 * nothing more.
 */
export const CLAIM_LIFETIME_MS = 30_000;
const PAGE = 32;

/** A calendar changed between the read and the claim: the command checks again from the start. */
export class CalendarChanged extends Error {
  override readonly name = 'CalendarChanged';
  constructor(readonly streamId: string) {
    super(`The calendar ${streamId} changed while the command was checked.`);
  }
}

/** The calendars a command could add bookings to, as their stream ids. */
export interface Calendars {
  instructorIds: ReadonlySet<string>;
  locationIds: ReadonlySet<string>;
}

export function calendarStreams(calendars: Calendars): string[] {
  return [
    ...[...calendars.instructorIds].map((id) => calendarStreamId('instructor', id)),
    ...[...calendars.locationIds].map((id) => calendarStreamId('room', id)),
  ].sort();
}

/**
 * The calendars a section's command adds bookings to: an assigned instructor's; for new or moved
 * meetings, every instructor's and every room's of the section as it will be. A section without
 * meetings books nothing, and a command that takes bookings away needs no claim.
 */
export function calendarsGaining(command: SectionCommand, after: SectionState): Calendars {
  const none = { instructorIds: new Set<string>(), locationIds: new Set<string>() };
  if (after.status !== 'live' || after.section.meetings.length === 0) return none;
  switch (command.type) {
    case 'AssignInstructor':
      return { instructorIds: new Set([command.data.UserId]), locationIds: new Set() };
    case 'SetMeetings':
    case 'MoveMeeting':
      return {
        instructorIds: new Set(activeAssignments(after).map((a) => a.UserId)),
        locationIds: new Set(
          after.section.meetings.flatMap((m) => (m.LocationId ? [m.LocationId] : [])),
        ),
      };
    default:
      return none;
  }
}

/** What one read of the calendars found: their revisions, and the bookings not yet indexed. */
export interface CalendarReading {
  revisions: Map<string, StreamRevision>;
  /** Sections claimed on these calendars whose own events the index has not read yet. */
  pending: ScheduledSection[];
}

async function recentEvents(
  store: EventStore,
  streamId: string,
  now: number,
): Promise<{ revision: StreamRevision; events: RecordedEvent[] }> {
  const events: RecordedEvent[] = [];
  let from: bigint | 'end' = 'end';
  for (;;) {
    let page: RecordedEvent[];
    try {
      page = await store.readStream(streamId, {
        direction: 'backwards',
        fromRevision: from,
        maxCount: PAGE,
      });
    } catch (err) {
      if (err instanceof StreamNotFoundError) return { revision: 'no_stream', events: [] };
      throw err;
    }
    events.push(...page);
    const oldest = page.at(-1);
    // Older claims have had their sections written (or never will): no need to read further.
    if (!oldest || page.length < PAGE || oldest.revision === 0n) break;
    if (now - oldest.createdAt.getTime() > CLAIM_LIFETIME_MS) break;
    from = oldest.revision - 1n;
  }
  return { revision: events[0]?.revision ?? 'no_stream', events };
}

/**
 * Reads the calendars a command looks at, after the index was refreshed: each one's revision (the
 * claim is appended expecting it) and the bookings claimed there that the index does not show
 * yet. The newest word per section counts; the command's own section is left out.
 */
export async function readCalendars(
  store: EventStore,
  index: SectionScheduleIndex,
  streamIds: readonly string[],
  ownSectionId: string,
  now = Date.now(),
): Promise<CalendarReading> {
  const read = await Promise.all(streamIds.map((id) => recentEvents(store, id, now)));
  const revisions = new Map<string, StreamRevision>();
  const latest = new Map<string, { at: number; claim: unknown }>();
  read.forEach(({ revision, events }, i) => {
    revisions.set(streamIds[i] ?? '', revision);
    for (const event of events) {
      const SectionId = (event.data as { SectionId?: string }).SectionId;
      if (!SectionId || SectionId === ownSectionId) continue;
      const at = event.createdAt.getTime();
      const known = latest.get(SectionId);
      if (known && known.at >= at) continue;
      latest.set(SectionId, { at, claim: event.type === 'CalendarClaimed' ? event.data : null });
    }
  });
  const pending: ScheduledSection[] = [];
  for (const [SectionId, { at, claim }] of latest) {
    if (!claim || now - at > CLAIM_LIFETIME_MS) continue;
    // Most claims were written by now, and the index has read them: those are not parsed.
    const indexed = index.aggregate(`section-${SectionId}`);
    const claimed = (claim as { sectionRevision?: unknown }).sectionRevision;
    if (indexed && Number.isInteger(claimed) && indexed.revision >= BigInt(claimed as number))
      continue;
    const { sectionRevision, ...section } = CalendarClaimed.parse(claim);
    if (indexed && indexed.revision >= BigInt(sectionRevision)) continue;
    pending.push(section);
  }
  return { revisions, pending };
}

/** The command's view of other sections: the index's, with claimed-but-unwritten ones on top. */
export function withPending(
  others: readonly ScheduledSection[],
  pending: readonly ScheduledSection[],
): ScheduledSection[] {
  if (pending.length === 0) return [...others];
  const claimed = new Set(pending.map((p) => p.SectionId));
  return [...others.filter((o) => !claimed.has(o.SectionId)), ...pending];
}

/** What a section's claim on a calendar says: the section as it will be, at that revision. */
export function calendarClaim(
  after: Exclude<SectionState, { status: 'absent' }>,
  sectionRevision: number,
): CalendarClaimed {
  const section = scheduledSection(after.section, activeAssignments(after));
  return {
    ...section,
    meetings: [...section.meetings],
    instructorIds: [...section.instructorIds],
    seats: section.seats ?? null,
    sectionRevision,
  };
}

/**
 * Appends the claims to their calendars (several sections' in one append: a clone's offering),
 * each calendar expecting the revision read before the check. A calendar that moved on since, or
 * one not read before the check, throws CalendarChanged: the command reads and checks again.
 * Answers the calendars claimed, in one order for every writer, so two commands meet on their
 * first shared calendar. `together`, where the store appends to several streams in one
 * transaction, claims them all in one append instead (one round trip, not one per calendar:
 * a clone's offering books many), all or none.
 */
export async function appendClaims(options: {
  store: EventStore;
  reading: CalendarReading;
  claims: ReadonlyMap<string, readonly CalendarClaimed[]>;
  metadata: EventMetadata;
  /** Calendars claimed so far, filled as it goes (withdrawn when the write fails). */
  claimed?: string[];
  together?: boolean;
}): Promise<string[]> {
  const { store, reading, metadata } = options;
  const claimed = options.claimed ?? [];
  const streamIds = [...options.claims.keys()].sort();
  /** The calendar's claims, expecting the revision read before the check. */
  const claimOn = (streamId: string): StreamAppend => {
    const expected = reading.revisions.get(streamId);
    if (expected === undefined) throw new CalendarChanged(streamId);
    return {
      streamId,
      events: (options.claims.get(streamId) ?? []).map((data) => ({
        type: 'CalendarClaimed',
        data,
        metadata,
      })),
      options: { expectedState: expected, streamType: 'calendar' },
    };
  };
  // A retried write of the section claims again from here, not from the old reading.
  const claimedOn = (streamId: string, result: AppendResult) => {
    reading.revisions.set(streamId, result.nextExpectedRevision);
    claimed.push(streamId);
  };
  const appendToStreams = options.together ? store.appendToStreams?.bind(store) : undefined;
  try {
    if (appendToStreams) {
      const appends = streamIds.map(claimOn);
      const results = await appendToStreams(appends);
      results.forEach((result, i) => claimedOn(streamIds[i] ?? '', result));
    } else {
      for (const streamId of streamIds) {
        const { events, options: appendOptions } = claimOn(streamId);
        claimedOn(streamId, await store.appendToStream(streamId, events, appendOptions));
      }
    }
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw new CalendarChanged(err.streamId);
    throw err;
  }
  return claimed;
}

/** The section's claim on each calendar it gains bookings on (`appendClaims`). */
export async function claimCalendars(options: {
  store: EventStore;
  reading: CalendarReading;
  streamIds: readonly string[];
  after: SectionState;
  sectionRevision: number;
  metadata: EventMetadata;
}): Promise<string[]> {
  const { after } = options;
  if (after.status !== 'live') return [];
  const claim = calendarClaim(after, options.sectionRevision);
  return appendClaims({
    ...options,
    claims: new Map(options.streamIds.map((streamId) => [streamId, [claim]])),
  });
}

/** The section was not written after all: its claims stop speaking for it at once. */
export async function withdrawClaims(
  store: EventStore,
  streamIds: readonly string[],
  SectionId: string,
  metadata: EventMetadata,
): Promise<void> {
  await Promise.all(
    streamIds.map((streamId) =>
      store.appendToStream(
        streamId,
        [{ type: 'CalendarClaimWithdrawn', data: { SectionId }, metadata }],
        { expectedState: 'any', streamType: 'calendar' },
      ),
    ),
  );
}
