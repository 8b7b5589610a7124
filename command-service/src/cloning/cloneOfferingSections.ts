import { randomUUID } from 'node:crypto';
import {
  TeachingCommandRefused,
  WrongExpectedVersionError,
  activeAssignments,
  authorizeSectionCommand,
  courseOfferings,
  initialSectionState,
  isActiveFaculty,
  scheduledSection,
  sectionCommandSchemas,
  sectionDecider,
  users,
  workgroups,
  type CalendarClaimed,
  type EventStore,
  type ScheduledSection,
  type SectionCommand,
  type SectionCommandContext,
  type SectionEvent,
  type SectionState,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import { eventMetadataFor, type CommandMeta } from '../commandHandling/decider.js';
import { appendSeveral } from '../commandHandling/appendSeveral.js';
import { assertRegisteredEvents } from '../commandHandling/registeredEvents.js';
import { DomainRuleError } from '../errors/errors.js';
import { assertRecordsExist, loadRecord } from '../resources/loadRecord.js';
import { appendToRegistry, RegistryChanged } from '../resources/childRegistry.js';
import type { Reservation } from '../resources/uniqueReservations.js';
import {
  CalendarChanged,
  appendClaims,
  calendarClaim,
  calendarStreams,
  readCalendars,
  withPending,
  withdrawClaims,
} from '../teaching/calendarClaims.js';
import {
  allowedTermModes,
  offeringRegistry,
  registeredValue,
  termModeAllowed,
} from '../teaching/offeringRules.js';
import { scheduleIndexFor, type SectionScheduleIndex } from '../teaching/scheduleIndex.js';
import { probeOf, sectionStreamId } from '../teaching/sectionCommands.js';
import { releaseSectionNumber, reserveNewSectionNumbers } from '../teaching/sectionNumbers.js';
import type { ClonePlan } from './planClone.js';

export type PlannedSection = ClonePlan['sections'][number];
export type PlannedAssignment = ClonePlan['assignments'][number];

/** One offering's new sections, each with the assignments to make on it. */
export interface OfferingSections {
  offeringId: string;
  sections: readonly { planned: PlannedSection; assignments: readonly PlannedAssignment[] }[];
}

/**
 * What became of them. Whatever the batch did not write is left to the normal commands, one
 * record at a time, which answer a refusal in their own words (a conflict with its names, a
 * number taken): the batch writes only what passes every rule as it stands.
 */
export interface OfferingSectionsOutcome {
  sections: PlannedSection[];
  assignments: PlannedAssignment[];
  /** Written meanwhile by another run of the same clone (the same ids). */
  existingSections: PlannedSection[];
  deferredSections: PlannedSection[];
  /** Written without their meetings, which the batch could not set. */
  deferredMeetings: PlannedSection[];
  deferredAssignments: PlannedAssignment[];
}

export interface CloneBatchDeps {
  store: EventStore;
  ability: AppAbility;
  actorId: string;
  correlationId: string;
}

/** Under N batches claiming one calendar at once the last needs N rounds (as a section command). */
const MAX_CALENDAR_ROUNDS = 40;
const MAX_REGISTRY_ROUNDS = 20;

interface Candidate {
  planned: PlannedSection;
  assignments: readonly PlannedAssignment[];
  create: SectionCommand;
  meetings: SectionCommand | null;
  assign: { planned: PlannedAssignment; command: SectionCommand }[];
  /** Assignments the batch does not try (an instructor the index does not know as faculty). */
  left: PlannedAssignment[];
  /** Reserved by this batch: released when the section is not written. */
  reservation: Reservation | null;
}

/** A candidate as decided in one round: its events, the state they leave, what it left over. */
interface Decided {
  candidate: Candidate;
  events: SectionEvent[];
  after: SectionState;
  meetingsDeferred: boolean;
  assigned: PlannedAssignment[];
  deferredAssignments: PlannedAssignment[];
}

/**
 * A clone's sections of one course offering, written as one step (docs/cloning.md): each section
 * decided by the section decider as its create, its meetings and its assignments would be one
 * after another (as the person who asked, every rule applying), the offering, its registry and
 * the schedule read once, each calendar claimed once for all of the offering's sections that
 * book it, each section's events in one append. About a third of the statements the same records
 * take as separate commands; concurrent writers are met the same way (the registry and the
 * calendars appended expecting what was read, the number reserved, each section's stream new).
 */
export async function cloneOfferingSections(
  deps: CloneBatchDeps,
  batch: OfferingSections,
): Promise<OfferingSectionsOutcome> {
  const { store, ability } = deps;
  const meta: CommandMeta = {
    actorId: deps.actorId,
    onBehalfOfId: null,
    correlationId: deps.correlationId,
    causationId: randomUUID(),
    now: new Date(),
  };
  const metadata = eventMetadataFor(meta);
  const outcome: OfferingSectionsOutcome = {
    sections: [],
    assignments: [],
    existingSections: [],
    deferredSections: [],
    deferredMeetings: [],
    deferredAssignments: [],
  };
  const defer = (entry: { planned: PlannedSection; assignments: readonly PlannedAssignment[] }) => {
    outcome.deferredSections.push(entry.planned);
    outcome.deferredAssignments.push(...entry.assignments);
  };
  const index = scheduleIndexFor(store);
  await index.refresh();
  try {
    await assertRecordsExist(store, [
      [courseOfferings, batch.offeringId, ''],
      ...[...new Set(batch.sections.map((s) => s.planned.data.WorkgroupId))].map(
        (id) => [workgroups, id, ''] as const,
      ),
    ]);
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    batch.sections.forEach(defer);
    return outcome;
  }
  let registry = await offeringRegistry(store, batch.offeringId);
  let modes = await allowedTermModes(store, registry, batch.offeringId);

  const faculty = await activeFaculty(
    store,
    index,
    batch.sections.flatMap((s) => s.assignments.map((a) => a.data.UserId)),
  );
  const candidates: Candidate[] = [];
  for (const entry of batch.sections) {
    const candidate = candidateOf(entry, index, ability, faculty);
    if (!candidate || !termModeAllowed(modes, candidate.planned.data.TermMode)) defer(entry);
    else candidates.push(candidate);
  }
  // Each number reserved for its section (another section holding it: the normal command's 422),
  // all in one append where the store can.
  const reserved = await reserveNewSectionNumbers(
    store,
    candidates.map((c) => sectionCommandSchemas.CreateSection.parse(c.create.data)),
    metadata,
  );
  for (const [i, candidate] of [...candidates.entries()].reverse()) {
    const outcome = reserved[i];
    if (outcome instanceof DomainRuleError) {
      candidates.splice(i, 1);
      defer(candidate);
    } else {
      candidate.reservation = outcome ?? null;
    }
  }
  const release = (list: readonly Candidate[]) =>
    Promise.all(
      list.map((c) =>
        c.reservation
          ? releaseSectionNumber(store, c.reservation, c.planned.id, metadata)
          : Promise.resolve(),
      ),
    );

  let decided: Decided[] = [];
  let claimed: { streamId: string; SectionIds: string[] }[] = [];
  const withdraw = async () => {
    await Promise.all(
      claimed.flatMap(({ streamId, SectionIds }) =>
        SectionIds.map((SectionId) => withdrawClaims(store, [streamId], SectionId, metadata)),
      ),
    ).catch(() => {
      // Left as they are, the claims stop counting after CLAIM_LIFETIME_MS.
    });
    claimed = [];
  };
  for (let round = 1; ; round++) {
    const involved = involvedCalendars(candidates);
    const reading = await readCalendars(store, index, involved, '');
    const own = new Set(candidates.map((c) => c.planned.id));
    const pending = reading.pending.filter((p) => !own.has(p.SectionId));
    decided = decideAll(candidates, { index, ability, meta, pending });
    const claims = claimsOf(decided);
    const appended: string[] = [];
    try {
      await appendClaims({ store, reading, claims, metadata, claimed: appended, together: true });
      claimed = appended.map((streamId) => ({
        streamId,
        SectionIds: (claims.get(streamId) ?? []).map((c) => c.SectionId),
      }));
      break;
    } catch (error) {
      claimed = appended.map((streamId) => ({
        streamId,
        SectionIds: (claims.get(streamId) ?? []).map((c) => c.SectionId),
      }));
      await withdraw();
      if (!(error instanceof CalendarChanged)) {
        await release(candidates);
        throw error;
      }
      if (round >= MAX_CALENDAR_ROUNDS) {
        // Busy calendars: the normal commands, one section at a time, take it from here.
        await release(candidates);
        candidates.forEach(defer);
        return outcome;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(round, 8)));
      await index.refresh();
    }
  }

  // Registered in the offering just before their events, with what they will hold.
  for (let round = 1; ; round++) {
    try {
      if (decided.length > 0) {
        await appendToRegistry(
          store,
          registry,
          decided.map(({ candidate }) => ({
            type: 'RegistryChildSet' as const,
            data: {
              childId: candidate.planned.id,
              value: registeredValue(candidate.planned.data),
            },
          })),
          metadata,
        );
      }
      break;
    } catch (error) {
      const changed = error instanceof RegistryChanged;
      if (changed && round < MAX_REGISTRY_ROUNDS) {
        registry = await offeringRegistry(store, batch.offeringId);
        modes = await allowedTermModes(store, registry, batch.offeringId);
        if (decided.every((d) => termModeAllowed(modes, d.candidate.planned.data.TermMode))) {
          continue;
        }
      }
      // The offering's modes changed under the clone: the normal commands check each section.
      await withdraw();
      await release(candidates);
      candidates.forEach(defer);
      if (changed) return outcome;
      throw error;
    }
  }

  // Each section's events in its own new stream, all in one append where the store can.
  const written = (
    await appendSeveral(
      store,
      decided.map((d) => ({
        streamId: sectionStreamId(d.candidate.planned.id),
        events: d.events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
        options: { expectedState: 'no_stream' as const },
      })),
    )
  ).map((outcome) => !(outcome instanceof WrongExpectedVersionError));
  // A section another run wrote first keeps nothing of this batch: its claims stop speaking.
  const lost = new Set(decided.filter((_d, i) => !written[i]).map((d) => d.candidate.planned.id));
  if (lost.size > 0) {
    claimed = claimed.map(({ streamId, SectionIds }) => ({
      streamId,
      SectionIds: SectionIds.filter((id) => lost.has(id)),
    }));
    await withdraw();
  }
  decided.forEach((d, i) => {
    if (written[i]) {
      outcome.sections.push(d.candidate.planned);
      outcome.assignments.push(...d.assigned);
      outcome.deferredAssignments.push(...d.deferredAssignments);
      if (d.meetingsDeferred) outcome.deferredMeetings.push(d.candidate.planned);
    } else {
      // Another run of this clone wrote it first: its assignments are checked one by one.
      outcome.existingSections.push(d.candidate.planned);
      outcome.deferredAssignments.push(...d.candidate.assignments);
    }
  });
  return outcome;
}

/**
 * A section the batch may write: its commands valid, its create allowed to the person who asked,
 * and not written yet (else null: the normal commands answer). Its assignments' instructors must
 * be active faculty as the index knows them; any other is left to the normal command.
 */
function candidateOf(
  entry: { planned: PlannedSection; assignments: readonly PlannedAssignment[] },
  index: SectionScheduleIndex,
  ability: AppAbility,
  faculty: ReadonlySet<string>,
): Candidate | null {
  const { planned } = entry;
  const { meetings, ...fields } = planned.data;
  const create = sectionCommandSchemas.CreateSection.safeParse({ id: planned.id, ...fields });
  const setMeetings =
    meetings.length > 0
      ? sectionCommandSchemas.SetMeetings.safeParse({ id: planned.id, meetings })
      : null;
  if (!create.success || (setMeetings && !setMeetings.success)) return null;
  if (index.aggregate(sectionStreamId(planned.id))) return null;
  const command = { type: 'CreateSection', data: create.data } as SectionCommand;
  if (!authorizeSectionCommand(ability, command, initialSectionState).allowed) return null;
  const assign: Candidate['assign'] = [];
  const left: PlannedAssignment[] = [];
  for (const assignment of entry.assignments) {
    const { SectionId, ...rest } = assignment.data;
    const parsed = sectionCommandSchemas.AssignInstructor.safeParse({
      id: SectionId,
      assignmentId: assignment.id,
      ...rest,
    });
    if (parsed.success && faculty.has(rest.UserId)) {
      assign.push({
        planned: assignment,
        command: { type: 'AssignInstructor', data: parsed.data },
      });
    } else {
      left.push(assignment);
    }
  }
  return {
    planned,
    // Those the batch will not try go to the normal command, after the section is written.
    assignments: entry.assignments,
    create: command,
    meetings: setMeetings?.success ? { type: 'SetMeetings', data: setMeetings.data } : null,
    assign,
    left,
    reservation: null,
  };
}

/**
 * Who of these may teach: active faculty as the index knows them, else as their own stream says
 * (a person created a moment ago may not be in the index yet, as in the section commands).
 */
async function activeFaculty(
  store: EventStore,
  index: SectionScheduleIndex,
  userIds: readonly string[],
): Promise<Set<string>> {
  const faculty = new Set<string>();
  await Promise.all(
    [...new Set(userIds)].map(async (id) => {
      if (index.isActiveFacultyMember(id)) {
        faculty.add(id);
        return;
      }
      const record = await loadRecord(store, users, id);
      const mergedIntoId = index.userFacts(id)?.mergedIntoId ?? record?.mergedIntoId;
      if (record && isActiveFaculty({ ...record, mergedIntoId })) faculty.add(id);
    }),
  );
  return faculty;
}

/** Every calendar a candidate could book: its rooms and, with meetings, its instructors. */
function involvedCalendars(candidates: readonly Candidate[]): string[] {
  const instructorIds = new Set<string>();
  const locationIds = new Set<string>();
  for (const c of candidates) {
    if (c.meetings?.type !== 'SetMeetings') continue;
    for (const m of c.meetings.data.meetings) if (m.LocationId) locationIds.add(m.LocationId);
    for (const a of c.assign) instructorIds.add(a.planned.data.UserId);
  }
  return calendarStreams({ instructorIds, locationIds });
}

/**
 * Each candidate decided as its commands would be, in order: created, its meetings set, its
 * instructors assigned, each checked against the index, the claims not yet written and the
 * sections of this batch decided before it. A refused step is left out (and to the normal
 * command); the steps after it go on from the state without it.
 */
function decideAll(
  candidates: readonly Candidate[],
  given: {
    index: SectionScheduleIndex;
    ability: AppAbility;
    meta: CommandMeta;
    pending: readonly ScheduledSection[];
  },
): Decided[] {
  const { index, ability, meta, pending } = given;
  const earlier: ScheduledSection[] = [];
  const scheduleOf = (command: SectionCommand, state: SectionState): SectionCommandContext => {
    const probe = probeOf(command, state);
    const others = [...withPending(index.relevantTo(probe), pending), ...earlier];
    // The others' rooms too: back-to-back compares the buildings of both meetings.
    const rooms = new Set(probe.locationIds);
    for (const m of others.flatMap((o) => o.meetings)) if (m.LocationId) rooms.add(m.LocationId);
    return { schedule: { others, locations: index.locationsIn(rooms) } };
  };
  return candidates.map((candidate) => {
    let state: SectionState = initialSectionState;
    const events: SectionEvent[] = [];
    const apply = (command: SectionCommand): boolean => {
      try {
        const decided = assertRegisteredEvents(sectionDecider.decide(command, state, meta));
        for (const event of decided) state = sectionDecider.evolve(state, event);
        events.push(...decided);
        return true;
      } catch (error) {
        if (error instanceof TeachingCommandRefused) return false;
        throw error;
      }
    };
    apply(candidate.create);
    let meetingsDeferred = false;
    if (candidate.meetings) {
      meetingsDeferred = !(
        authorizeSectionCommand(ability, candidate.meetings, state).allowed &&
        apply({ ...candidate.meetings, context: scheduleOf(candidate.meetings, state) })
      );
    }
    const assigned: PlannedAssignment[] = [];
    const deferredAssignments: PlannedAssignment[] = [...candidate.left];
    for (const { planned, command } of candidate.assign) {
      const verdict = authorizeSectionCommand(ability, command, state);
      const done =
        verdict.allowed &&
        apply({
          ...command,
          context: {
            ...scheduleOf(command, state),
            ...(verdict.approvalAuthority ? { approvalAuthority: verdict.approvalAuthority } : {}),
          },
        });
      (done ? assigned : deferredAssignments).push(planned);
    }
    if (state.status === 'live' && state.section.meetings.length > 0) {
      earlier.push(scheduledSection(state.section, activeAssignments(state)));
    }
    return { candidate, events, after: state, meetingsDeferred, assigned, deferredAssignments };
  });
}

/** Each calendar's claims: every section of the batch with meetings, on its rooms and people. */
function claimsOf(decided: readonly Decided[]): Map<string, CalendarClaimed[]> {
  const claims = new Map<string, CalendarClaimed[]>();
  for (const { after, events } of decided) {
    if (after.status !== 'live' || after.section.meetings.length === 0) continue;
    const claim = calendarClaim(after, events.length - 1);
    const streamIds = calendarStreams({
      instructorIds: new Set(activeAssignments(after).map((a) => a.UserId)),
      locationIds: new Set(
        after.section.meetings.flatMap((m) => (m.LocationId ? [m.LocationId] : [])),
      ),
    });
    for (const streamId of streamIds) {
      const list = claims.get(streamId) ?? [];
      list.push(claim);
      claims.set(streamId, list);
    }
  }
  return claims;
}
