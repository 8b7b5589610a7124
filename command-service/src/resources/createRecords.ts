import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  type EventStore,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import { eventMetadataFor, type CommandMeta } from '../commandHandling/decider.js';
import { readingEachStreamOnce } from '../commandHandling/readingEachStreamOnce.js';
import { assertRegisteredEvents } from '../commandHandling/registeredEvents.js';
import { ApiError } from '../errors/errors.js';
import { checkBeforeResourceWrite } from './beforeWrite.js';
import { resourceDecider } from './decider.js';
import { authorize, checkReferences, expectedRecord, payloadSchema } from './resourceCommands.js';
import { release, reservationsOf, reserveFresh } from './uniqueReservations.js';

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
 * kind's rules — the records they name read once for all of them, its unique value reserved with
 * one append, its event appended to its new stream. Anything out of the ordinary (a refusal, a
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
  for (const raw of payloads) {
    const id = String(raw.id);
    const parsed = schema.safeParse(raw);
    let reserved: ReturnType<typeof reservationsOf>[number] | null = null;
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
      if (reservation && (await reserveFresh(store, definition.name, reservation, id, metadata))) {
        reserved = reservation;
      }
      const events = assertRegisteredEvents(
        decider.decide(
          { type: definition.commandNames.create, kind: 'create', data: payload },
          { status: 'absent' },
          who.meta,
        ),
      );
      try {
        await store.appendToStream(
          definition.streamId(id),
          events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
          { expectedState: 'no_stream' },
        );
        outcome.created.push(id);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // Written meanwhile under the same id (another run of the clone): its value is its own.
        outcome.existing.push(id);
      }
    } catch (error) {
      if (!(error instanceof LeftToCommand || error instanceof ApiError)) throw error;
      if (reserved) await release(store, definition.name, reserved, id, metadata);
      outcome.left.push(id);
    }
  }
  return outcome;
}

/** Not for this step: the normal command takes the record. */
class LeftToCommand extends Error {
  override readonly name = 'LeftToCommand';
}
