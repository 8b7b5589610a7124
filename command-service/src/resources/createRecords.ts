import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  type EventStore,
  type EventToAppend,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import { eventMetadataFor, type CommandMeta } from '../commandHandling/decider.js';
import { readingEachStreamOnce } from '../commandHandling/readingEachStreamOnce.js';
import { assertRegisteredEvents } from '../commandHandling/registeredEvents.js';
import { appendSeveral } from '../commandHandling/appendSeveral.js';
import { ApiError, DomainRuleError } from '../errors/errors.js';
import { checkBeforeResourceWrite } from './beforeWrite.js';
import { resourceDecider } from './decider.js';
import { authorize, checkReferences, expectedRecord, payloadSchema } from './resourceCommands.js';
import { reservationsOf, reserveFreshAll, type Reservation } from './uniqueReservations.js';

/** What became of each record: written, found written already, or left to the normal command. */
export interface CreatedRecords {
  created: string[];
  existing: string[];
  /** Not written here: the normal create answers (a refusal in its own words, a parent rule). */
  left: string[];
}

/**
 * New records of one kind created in one step (a clone's course offerings): each checked as its
 * create command would check it — its fields, the right to create it, the records it names, its
 * kind's rules — the records they name read once for all of them; then their unique values
 * reserved, and their events appended to their new streams, each in one append for all of them
 * where the store can. Anything out of the ordinary (a refusal, a
 * kind whose records join a parent's registry, more than one unique value) is left to the normal
 * command, which answers in its own words; so is nothing here ever refused.
 */
export async function createRecords(
  store: EventStore,
  definition: ResourceDefinition,
  payloads: readonly ResourceRecord[],
  who: { ability: AppAbility; meta: CommandMeta },
): Promise<CreatedRecords> {
  const outcome: CreatedRecords = { created: [], existing: [], left: [] };
  const decider = resourceDecider(definition);
  const metadata = eventMetadataFor(who.meta);
  const schema = payloadSchema(definition, 'create');
  // The records the payloads name (a period, its terms and modes, each course): read once.
  const reading = readingEachStreamOnce(store);
  const ready: { id: string; reservation: Reservation | null; events: EventToAppend[] }[] = [];
  const reservedHere = new Set<string>();
  for (const raw of payloads) {
    const id = String(raw.id);
    const parsed = schema.safeParse(raw);
    try {
      const elsewhere = Object.keys(definition.writtenElsewhere ?? {});
      if (!parsed.success || elsewhere.some((field) => field in raw)) throw new LeftToCommand();
      const payload = parsed.data as ResourceRecord;
      authorize(definition, 'create', who.ability, who.meta.actorId, payload, { status: 'absent' });
      await checkReferences(reading, definition, payload);
      const next = expectedRecord(definition, 'create', payload, { status: 'absent' });
      const broken = next && definition.validate ? definition.validate(next) : null;
      if (broken || !next) throw new LeftToCommand();
      const beforeAppend = await checkBeforeResourceWrite(
        reading,
        definition,
        'create',
        null,
        next,
        metadata,
      );
      const wanted = reservationsOf(definition, next);
      if (beforeAppend || wanted.length > 1) throw new LeftToCommand();
      const [reservation] = wanted;
      // Two of the step wanting one value: the command settles the second.
      if (reservation && reservedHere.has(reservation.streamId)) throw new LeftToCommand();
      if (reservation) reservedHere.add(reservation.streamId);
      const events = assertRegisteredEvents(
        decider.decide(
          { type: definition.commandNames.create, kind: 'create', data: payload },
          { status: 'absent' },
          who.meta,
        ),
      );
      ready.push({
        id,
        reservation: reservation ?? null,
        events: events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
      });
    } catch (error) {
      if (!(error instanceof LeftToCommand || error instanceof ApiError)) throw error;
      outcome.left.push(id);
    }
  }
  // The values reserved, then the records written: each in one append for the step where the
  // store can (appendSeveral).
  const asked = ready.flatMap((r) =>
    r.reservation ? [{ record: r, reservation: r.reservation, ownerId: r.id }] : [],
  );
  const reservedOutcomes = await reserveFreshAll(store, definition.name, asked, metadata);
  // Another record holds the value: the command answers with the rule's sentence. A record
  // found written already (another run, the same id) holds its value itself.
  const refused = new Set(
    asked
      .filter((_a, i) => reservedOutcomes[i] instanceof DomainRuleError)
      .map(({ record }) => record.id),
  );
  const writing = ready.filter((r) => !refused.has(r.id));
  outcome.left.push(...ready.filter((r) => refused.has(r.id)).map((r) => r.id));
  const written = await appendSeveral(
    store,
    writing.map((r) => ({
      streamId: definition.streamId(r.id),
      events: r.events,
      options: { expectedState: 'no_stream' as const },
    })),
  );
  writing.forEach((r, i) => {
    // Written meanwhile under the same id (another run of the clone): its value is its own.
    if (written[i] instanceof WrongExpectedVersionError) outcome.existing.push(r.id);
    else outcome.created.push(r.id);
  });
  return outcome;
}

/** Not for this step: the normal command takes the record. */
class LeftToCommand extends Error {
  override readonly name = 'LeftToCommand';
}
