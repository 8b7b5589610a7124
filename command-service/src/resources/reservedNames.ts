import type { CommandResult } from '@allot/shared-events';
import type { WriteStep } from '../commandHandling/commandDefinition.js';
import { eventMetadataFor, type Command, type DomainEvent } from '../commandHandling/decider.js';
import { assertUnreserved, release, reserve } from './uniqueReservations.js';

/** A value reserved for one owner: a stream of its own (`uniqueReservations.ts`). */
export interface NameReservation {
  readonly streamId: string;
  readonly fields: readonly string[];
  readonly message: string;
}

/**
 * What a write does to the name reservations around its append (the command's `load` answers
 * it; the decider does not read it): the one the record holds now, the one it will hold.
 */
export interface NamePlan {
  readonly held: NameReservation | null;
  readonly wanted: NameReservation | null;
}

/** A command whose `load` planned its name. */
export type Planned<C> = C & { readonly context?: NamePlan };

/**
 * The `write` of a command with a unique name (docs/decisions.md 28): reserves the name the
 * record will hold before its event and frees the one it held after it; a write that fails gives
 * back what it reserved. `reservedAs` names the kind of record in the reservation streams.
 */
export function writeWithReservedName(reservedAs: string) {
  return async function write<C extends Planned<Command>, S, E extends DomainEvent>({
    store,
    command,
    context,
    run,
  }: WriteStep<C, S, E>): Promise<CommandResult> {
    const { held, wanted }: NamePlan = command.context ?? { held: null, wanted: null };
    const ownerId = (command.data as { id: string }).id;
    const metadata = eventMetadataFor(context.meta);
    const toReserve = wanted && wanted.streamId !== held?.streamId ? [wanted] : [];
    await assertUnreserved(store, toReserve, ownerId);
    const reserved: NameReservation[] = [];
    let result: CommandResult;
    try {
      for (const r of toReserve) {
        if (await reserve(store, reservedAs, r, ownerId, metadata)) reserved.push(r);
      }
      result = await run();
    } catch (err) {
      for (const r of reserved) await release(store, reservedAs, r, ownerId, metadata);
      throw err;
    }
    if (held && held.streamId !== wanted?.streamId) {
      await release(store, reservedAs, held, ownerId, metadata);
    }
    return result;
  };
}
