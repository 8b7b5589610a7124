import {
  authorizeSectionCommand,
  uniqueKey,
  uniqueStreamId,
  type CommandResult,
  type EventMetadata,
  type EventStore,
  type SectionCommand,
  type SectionFields,
  type SectionState,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import {
  revisionToNumber,
  type LoadedAggregate,
  type StreamRevision,
} from '../commandHandling/handleCommand.js';
import { ConflictError, DomainRuleError, ForbiddenError } from '../errors/errors.js';
import {
  release,
  reserve,
  reserveFresh,
  reserveFreshAll,
  type Reservation,
} from '../resources/uniqueReservations.js';

type Numbered = Pick<SectionFields, 'CourseOfferingId' | 'TermMode' | 'sectionNumber'>;

const RESOURCE = 'section';
const FIELDS = ['CourseOfferingId', 'TermMode', 'sectionNumber'] as const;
/** Stands for "no term mode" in the key: two such sections of one offering share it. */
const NONE = '-';

/**
 * The stream that reserves a section's number within its offering, term and teaching mode
 * (`unique-section-CourseOfferingId+TermMode+sectionNumber-<offering>|<term>|<mode>|<number>`,
 * the number trimmed and lower-case, as every unique value is compared).
 */
export function sectionNumberReservation(section: Numbered): Reservation | null {
  const key = uniqueKey(['CourseOfferingId', 'AcademicTermId', 'TeachingModeId', 'sectionNumber'], {
    CourseOfferingId: section.CourseOfferingId,
    AcademicTermId: section.TermMode?.AcademicTermId ?? NONE,
    TeachingModeId: section.TermMode?.TeachingModeId ?? NONE,
    sectionNumber: section.sectionNumber,
  });
  if (key === null) return null;
  return {
    streamId: uniqueStreamId(RESOURCE, FIELDS, key),
    fields: FIELDS,
    message: `This offering already has a section ${section.sectionNumber} in this term and teaching mode.`,
  };
}

/** The section as the command would leave it (null: deleted, or a command that cannot apply). */
function sectionAfter(command: SectionCommand, current: Numbered | null): Numbered | null {
  switch (command.type) {
    case 'CreateSection':
      return command.data;
    case 'UpdateSection': {
      if (!current) return null;
      // As the section's fold applies an update: only the fields it carries.
      const changed = Object.fromEntries(
        Object.entries(command.data).filter(([, value]) => value !== undefined),
      );
      return { ...current, ...changed };
    }
    default:
      return null;
  }
}

const NUMBERED = new Set<SectionCommand['type']>([
  'CreateSection',
  'UpdateSection',
  'DeleteSection',
]);

/**
 * Runs `write` with the section's number reserved the event-sourced way, as unique record values
 * are (docs/resources.md): the reservation stream is appended with its expected revision before
 * the section's event, so of racing creates of one number exactly one wins and the others answer
 * 422; a failed write releases it, a renumber or a move releases the old number after the write,
 * a delete releases it. The caller's authority is checked first, so a refused caller reserves
 * nothing; a number someone holds is refused before anything is written.
 */
export async function withSectionNumber(options: {
  store: EventStore;
  command: SectionCommand;
  loaded: LoadedAggregate<SectionState>;
  expectedRevision: StreamRevision | undefined;
  ability: AppAbility;
  metadata: EventMetadata;
  write: () => Promise<CommandResult>;
}): Promise<CommandResult> {
  const { store, command, loaded, expectedRevision, ability, metadata, write } = options;
  const { state } = loaded;
  if (!NUMBERED.has(command.type)) return write();
  // Updating or deleting a missing section: the decider answers 404.
  if (command.type !== 'CreateSection' && state.status !== 'live') return write();
  // What the write would answer first (403, then 409 for a stale If-Match), before reserving.
  if (!authorizeSectionCommand(ability, command, state).allowed) throw new ForbiddenError();
  if (expectedRevision !== undefined && expectedRevision !== loaded.revision) {
    throw new ConflictError(revisionToNumber(loaded.revision));
  }
  const ownerId = command.data.id;
  const current = state.status === 'live' ? state.section : null;
  const held = current ? sectionNumberReservation(current) : null;
  const next = sectionAfter(command, current);
  const wanted = next ? sectionNumberReservation(next) : null;
  const moves = wanted !== null && wanted.streamId !== held?.streamId;

  let reserved = false;
  if (wanted && moves) {
    // One value: `reserve` reads it first and refuses, writing nothing, when another holds it
    // (what `assertUnreserved` checks for several values before reserving any).
    reserved = await reserve(store, RESOURCE, wanted, ownerId, metadata);
  }
  let result: CommandResult;
  try {
    result = await write();
  } catch (error) {
    if (wanted && reserved) await release(store, RESOURCE, wanted, ownerId, metadata);
    throw error;
  }
  if (held && held.streamId !== wanted?.streamId) {
    await release(store, RESOURCE, held, ownerId, metadata);
  }
  return result;
}

/**
 * Reserves a new section's number for it, as `withSectionNumber` does for a create (422 when
 * another section holds it). Answers the reservation to release if the section is not written
 * after all (null: nothing was reserved by this call).
 */
export async function reserveNewSectionNumber(
  store: EventStore,
  section: Numbered & { id: string },
  metadata: EventMetadata,
): Promise<Reservation | null> {
  const wanted = sectionNumberReservation(section);
  if (!wanted) return null;
  return (await reserveFresh(store, RESOURCE, wanted, section.id, metadata)) ? wanted : null;
}

/**
 * `reserveNewSectionNumber` for an offering's new sections at once (a clone's batch), in one
 * append where the store can: per section its reservation (null: no number, or already its own),
 * or the DomainRuleError of a number another section holds.
 */
export async function reserveNewSectionNumbers(
  store: EventStore,
  sections: readonly (Numbered & { id: string })[],
  metadata: EventMetadata,
): Promise<(Reservation | null | DomainRuleError)[]> {
  const wanted = sections.map((section) => sectionNumberReservation(section));
  const asked = sections.flatMap((section, i) => {
    const reservation = wanted[i];
    return reservation ? [{ reservation, ownerId: section.id, i }] : [];
  });
  const outcomes = await reserveFreshAll(store, RESOURCE, asked, metadata);
  const answers: (Reservation | null | DomainRuleError)[] = sections.map(() => null);
  asked.forEach(({ reservation, i }, k) => {
    const outcome = outcomes[k];
    answers[i] = outcome instanceof DomainRuleError ? outcome : outcome ? reservation : null;
  });
  return answers;
}

/** Frees a number reserved for a section that was not written. */
export function releaseSectionNumber(
  store: EventStore,
  reservation: Reservation,
  sectionId: string,
  metadata: EventMetadata,
): Promise<void> {
  return release(store, RESOURCE, reservation, sectionId, metadata);
}
