import {
  courseOfferings,
  users,
  workgroups,
  type EventStore,
  type ResourceDefinition,
  activeAssignments,
  authorizeSectionCommand,
  isActiveFaculty,
  notActiveFacultySentence,
  sectionCommandSchemas,
  scheduleBounds,
  sectionDecider,
  streamId,
  type SectionCommand,
  type SectionCommandContext,
  type SectionCommandType,
  type SectionEvent,
  type SectionState,
  type CommandResult,
} from '@allot/shared-events';
import type { z } from 'zod';
import {
  defineCommand,
  type RunnableCommand,
  type WriteStep,
} from '../commandHandling/commandDefinition.js';
import { loadAggregate, type LoadedAggregate } from '../commandHandling/handleCommand.js';
import { ConflictError, DomainRuleError, ForbiddenError } from '../errors/errors.js';
import { assertRecordsExist, loadRecord } from '../resources/loadRecord.js';
import { eventMetadataFor } from '../commandHandling/decider.js';
import { readingEachStreamOnce } from '../commandHandling/readingEachStreamOnce.js';
import { withSectionNumber } from './sectionNumbers.js';
import { translated } from './translateRefusal.js';
import { withNamedConflicts } from './conflictNames.js';
import { retryOnRegistryChange, type ChildRegistry } from '../resources/childRegistry.js';
import {
  assertTermModeAllowed,
  offeringRegistry,
  registerSection,
  sectionLeftOffering,
} from './offeringRules.js';
import {
  ANY_DATES,
  scheduleIndexFor,
  type ScheduleProbe,
  type SectionScheduleIndex,
} from './scheduleIndex.js';
import {
  CalendarChanged,
  calendarStreams,
  calendarsGaining,
  claimCalendars,
  readCalendars,
  withPending,
  withdrawClaims,
} from './calendarClaims.js';

/**
 * Under N writers adding bookings to one calendar at once the last one needs N rounds; a clash
 * ends a round with 422, so only commands that all fit take that many.
 */
const MAX_CALENDAR_ROUNDS = 40;

export const sectionStreamId = (id: string): string => streamId('section', id);

/** Commands that take or free a section number in its offering, term and teaching mode. */
const NUMBERED = new Set<SectionCommandType>(['CreateSection', 'UpdateSection', 'DeleteSection']);

/** Commands whose rules look at other sections' schedules. */
const SCHEDULE_CHECKED = new Set<SectionCommandType>([
  'SetMeetings',
  'MoveMeeting',
  'AssignInstructor',
]);

/**
 * What the command may involve in other sections: the section's instructors and rooms, plus the
 * new instructor, the new meetings' rooms or the moved meeting's new room.
 */
export function probeOf(command: SectionCommand, state: SectionState): ScheduleProbe {
  const instructorIds = new Set(activeAssignments(state).map((a) => a.UserId));
  const locationIds = new Set<string>();
  const meetings = state.status === 'absent' ? [] : state.section.meetings;
  const data = command.data;
  const added = 'meetings' in data ? data.meetings : [];
  const involved = [...meetings, ...added];
  for (const m of involved) if (m.LocationId) locationIds.add(m.LocationId);
  if ('LocationId' in data && data.LocationId) locationIds.add(data.LocationId);
  if ('UserId' in data) instructorIds.add(data.UserId);
  // A moved meeting may take new dates, which the decider works out: any date may be involved.
  const bounds = command.type === 'MoveMeeting' ? ANY_DATES : scheduleBounds(involved);
  return { SectionId: data.id, instructorIds, locationIds, bounds };
}

/** The records a section command names: each must exist and not be deleted (422 otherwise). */
function referencesOf(command: SectionCommand): [ResourceDefinition, string, string][] {
  const data = command.data as Record<string, unknown>;
  const found: [ResourceDefinition, string, string][] = [];
  const check = (field: string, kind: ResourceDefinition, message: string) => {
    const value = data[field];
    if (typeof value === 'string') found.push([kind, value, message]);
  };
  if (command.type === 'CreateSection' || command.type === 'UpdateSection') {
    check(
      'CourseOfferingId',
      courseOfferings,
      'The course offering of this section does not exist.',
    );
    check('WorkgroupId', workgroups, 'The workgroup of this section does not exist.');
  }
  // DOMAIN.md lesson 1: an instructor id sent by the client is checked, never trusted.
  if (command.type === 'AssignInstructor')
    check('UserId', users, 'This instructor does not exist.');
  return found;
}

/**
 * A section's term mode must be one its course offering lists (422 otherwise), as bounded by the
 * offering's registry when the offering's modes are being changed at this moment. Answers the
 * registry the section is then registered in before its own event (null: nothing to register).
 */
async function checkTermMode(
  store: EventStore,
  command: SectionCommand,
): Promise<ChildRegistry | null> {
  if (command.type !== 'CreateSection' && command.type !== 'UpdateSection') return null;
  const { TermMode, CourseOfferingId, sectionNumber } = command.data;
  if (command.type === 'UpdateSection' && !TermMode && !CourseOfferingId && !sectionNumber) {
    return null;
  }
  const offeringId =
    CourseOfferingId ??
    (await loadAggregate(store, sectionDecider, sectionStreamId(command.data.id)).then(
      ({ state }) => (state.status === 'absent' ? undefined : state.section.CourseOfferingId),
    ));
  if (!offeringId) return null;
  const registry = await offeringRegistry(store, offeringId);
  await assertTermModeAllowed(store, registry, offeringId, TermMode);
  return registry;
}

/** Waits for every promise, then throws the first failure in the order given (not of time). */
async function firstFailure(promises: readonly (Promise<unknown> | undefined)[]): Promise<void> {
  const started = promises.map((p) => p ?? Promise.resolve());
  for (const outcome of await Promise.allSettled(started)) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
}

/**
 * What a section command reads before its write, beyond the section itself: its context (the
 * schedule and approval authority the decider reads, filled per attempt), the schedule index of
 * the commands checked against other sections, the offering registry its term mode was checked
 * against, and the section as the number commands read it first.
 */
export interface SectionLoad extends SectionCommandContext {
  readonly index: SectionScheduleIndex | null;
  readonly registry: ChildRegistry | null;
  readonly loaded: LoadedAggregate<SectionState> | null;
}

type LoadedSectionCommand = SectionCommand & { context: SectionLoad };

/**
 * The records the command names (422 when one is missing), the term mode against the offering,
 * the schedule index brought up to date and, for the number commands, the section.
 */
async function loadSectionCommand(
  store: EventStore,
  name: SectionCommandType,
  data: SectionCommand['data'],
): Promise<SectionLoad> {
  const command = { type: name, data } as SectionCommand;
  const index = SCHEDULE_CHECKED.has(name) ? scheduleIndexFor(store) : null;
  // The index follows users: after its refresh it answers for the instructor without a read.
  const references = referencesOf(command);
  const fromIndex = index ? references.filter(([kind]) => kind === users) : [];
  // Independent reads, so at once; a failure is answered in this order. The offering's stream
  // says both that it exists and which term modes it lists: read once for the two.
  const reading = readingEachStreamOnce(store);
  const registryRead = checkTermMode(reading, command);
  await firstFailure([
    assertRecordsExist(
      reading,
      references.filter((r) => !fromIndex.includes(r)),
    ),
    registryRead,
    index?.refresh(),
  ]);
  const registry = await registryRead;
  // A refusal on the index's word is checked against the user's own stream first: a user
  // created or changed a moment ago may not be in the index yet (see handleCommand).
  for (const reference of fromIndex) {
    if (!index?.isLiveUser(reference[1])) await assertRecordsExist(store, [reference]);
  }
  // Only active faculty teach (an admin account or an approver is no instructor).
  if (index && command.type === 'AssignInstructor') {
    const { UserId } = command.data;
    if (!index.isActiveFacultyMember(UserId)) {
      const facts = index.userFacts(UserId);
      const record = await loadRecord(store, users, UserId);
      const teaches =
        record !== null &&
        isActiveFaculty({ ...record, mergedIntoId: facts?.mergedIntoId ?? record.mergedIntoId });
      if (!teaches) {
        const name = facts?.name ?? 'This person';
        throw new DomainRuleError(notActiveFacultySentence(name, 'be assigned to sections'));
      }
    }
  }
  // The number commands read the section first (which number it holds); the write reuses it.
  const loaded = NUMBERED.has(name)
    ? await loadAggregate(store, sectionDecider, sectionStreamId(data.id))
    : null;
  return { index, registry, loaded };
}

/**
 * A section's write: from the index or the section read first, checked against the calendars
 * it looks at (schedule-checked commands), or holding its number in its offering (the number
 * commands), registered in its offering just before its event.
 */
async function writeSection({
  store,
  command,
  streamId,
  context: { ability, meta, expectedRevision },
  run,
}: WriteStep<LoadedSectionCommand, SectionState, SectionEvent>): Promise<CommandResult> {
  const { index, registry, loaded } = command.context;
  const loadFirst = index
    ? // The index was refreshed just now: no need to read the section's stream again.
      () => Promise.resolve(index.aggregate(streamId))
    : loaded
      ? () => Promise.resolve(loaded)
      : undefined;
  const metadata = eventMetadataFor(meta);
  const write = (calendars?: CalendarCheck) =>
    run({
      ...(loadFirst ? { loadFirst } : {}),
      authorized(state) {
        // Filled per attempt: a retried command sees the section as it now is.
        if (index) {
          const probe = probeOf(command, state);
          const others = withPending(index.relevantTo(probe), calendars?.reading.pending ?? []);
          // The others' rooms too: back-to-back compares the buildings of both meetings.
          const rooms = new Set(probe.locationIds);
          for (const m of others.flatMap((o) => o.meetings)) {
            if (m.LocationId) rooms.add(m.LocationId);
          }
          command.context.schedule = { others, locations: index.locationsIn(rooms) };
        }
      },
      ...(registry
        ? {
            // Registered in its offering just before its event, with what it will hold.
            async beforeAppend(after: SectionState) {
              if (after.status === 'live') {
                await registerSection(store, registry, after.section, metadata);
              }
            },
          }
        : {}),
      ...(calendars
        ? {
            async beforeAppend(after: SectionState, revisionAfter: number) {
              const streamIds = calendarStreams(calendarsGaining(command, after));
              if (streamIds.length === 0) return;
              const claimed = await claimCalendars({
                store,
                reading: calendars.reading,
                streamIds,
                after,
                sectionRevision: revisionAfter,
                metadata,
              });
              calendars.claimed.push(...claimed);
            },
          }
        : {}),
    });
  if (index) {
    return withNamedConflicts(store, index, () =>
      writeWithCalendars(store, index, command, streamId, metadata, write),
    );
  }
  if (!loaded) return withNamedConflicts(store, index, () => write());
  const result = await withSectionNumber({
    store,
    command,
    loaded,
    expectedRevision,
    ability,
    metadata,
    write: () => write(),
  });
  // A section deleted, or moved to another offering, leaves its old offering's registry.
  const before = loaded.state.status === 'live' ? loaded.state.section.CourseOfferingId : null;
  const movedOrGone =
    command.type === 'DeleteSection' ||
    (command.type === 'UpdateSection' &&
      command.data.CourseOfferingId !== undefined &&
      command.data.CourseOfferingId !== before);
  if (before && movedOrGone) {
    await sectionLeftOffering(store, before, command.data.id, metadata);
  }
  return result;
}

function sectionCommand(name: SectionCommandType): RunnableCommand {
  return defineCommand<LoadedSectionCommand, SectionState, SectionEvent>({
    name,
    schema: sectionCommandSchemas[name] as z.ZodType<SectionCommand['data']>,
    decider: sectionDecider,
    streamId: (data) => sectionStreamId(data.id),
    entityId: (data) => ('assignmentId' in data ? data.assignmentId : data.id),
    load: (store, data) => loadSectionCommand(store, name, data),
    authorize(ability, command, state) {
      const verdict = authorizeSectionCommand(ability, command, state);
      if (!verdict.allowed) throw new ForbiddenError();
      if (verdict.approvalAuthority) command.context.approvalAuthority = verdict.approvalAuthority;
    },
    refusal: translated,
    // A section's term mode is checked against its offering's registry: when another writer
    // appended to it meanwhile, check again from the start.
    retry: retryOnRegistryChange,
    write: writeSection,
  });
}

/** One round's reading of the calendars the command looks at, and those it has claimed. */
interface CalendarCheck {
  reading: Awaited<ReturnType<typeof readCalendars>>;
  claimed: string[];
}

/**
 * A schedule-checked command, made to hold when others arrive at the same moment: it reads the
 * calendars of the instructors and rooms it looks at, checks against the index and the bookings
 * claimed there but not yet written, and claims the calendars it adds bookings to expecting what
 * it read. When another command claimed one in between, it refreshes and checks again.
 */
async function writeWithCalendars(
  store: EventStore,
  index: SectionScheduleIndex,
  command: SectionCommand,
  streamId: string,
  metadata: ReturnType<typeof eventMetadataFor>,
  write: (calendars: CalendarCheck) => Promise<CommandResult>,
): Promise<CommandResult> {
  for (let round = 1; ; round++) {
    const state = index.aggregate(streamId)?.state ?? sectionDecider.initialState;
    const probe = probeOf(command, state);
    const streamIds = calendarStreams(probe);
    const calendars: CalendarCheck = {
      reading: await readCalendars(store, index, streamIds, command.data.id),
      claimed: [],
    };
    try {
      return await write(calendars);
    } catch (error) {
      if (calendars.claimed.length > 0) {
        await withdrawClaims(store, calendars.claimed, command.data.id, metadata).catch(() => {
          // Left as it is, the claim stops counting after CLAIM_LIFETIME_MS.
        });
      }
      if (!(error instanceof CalendarChanged)) throw error;
      if (round >= MAX_CALENDAR_ROUNDS) {
        throw new ConflictError(
          -1,
          'Many changes to these calendars arrived at once. Please try again.',
        );
      }
      // Spread the retries of writers that met on one calendar.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(round, 8)));
      await index.refresh();
    }
  }
}

/** Every command of the section aggregate, for the command bus. */
export const sectionCommands: readonly RunnableCommand[] = (
  Object.keys(sectionCommandSchemas) as SectionCommandType[]
).map(sectionCommand);
