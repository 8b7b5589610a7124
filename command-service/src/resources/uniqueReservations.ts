import {
  StreamNotFoundError,
  UniqueValueReserved,
  WrongExpectedVersionError,
  uniqueKey,
  uniqueStreamId,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
  type StreamAppend,
} from '@allot/shared-events';
import { appendSeveral } from '../commandHandling/appendSeveral.js';
import { DomainRuleError } from '../errors/errors.js';

export interface Reservation {
  streamId: string;
  fields: readonly string[];
  message: string;
}

export async function readOrEmpty(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
}

/** The reservation streams a record occupies, one per unique rule with every field present. */
export function reservationsOf(
  definition: ResourceDefinition,
  record: ResourceRecord | null,
): Reservation[] {
  if (!record) return [];
  return (definition.unique ?? []).flatMap((rule) => {
    // Issue 5: slugs and codes are unique among active records; an inactive one holds nothing.
    if (rule.amongActive && record.isActive === false) return [];
    const key = uniqueKey(rule.fields, record, { ignoreSpacing: rule.ignoreSpacing === true });
    return key === null
      ? []
      : [{ streamId: uniqueStreamId(definition.name, rule.fields, key), ...rule }];
  });
}

function heldByOther(events: readonly RecordedEvent[], ownerId: string): boolean {
  const last = events.at(-1);
  return (
    last?.type === 'UniqueValueReserved' && UniqueValueReserved.parse(last.data).ownerId !== ownerId
  );
}

/**
 * 422 with the first rule's sentence when another owner holds one of the values now. Checked
 * before anything is reserved, so an ordinary refusal writes nothing (no reservation made and
 * released again); `reserve` still settles a race between two writers.
 */
export async function assertUnreserved(
  store: EventStore,
  reservations: readonly Reservation[],
  ownerId: string,
): Promise<void> {
  const streams = await Promise.all(reservations.map((r) => readOrEmpty(store, r.streamId)));
  const taken = reservations.find((_r, i) => heldByOther(streams[i] ?? [], ownerId));
  if (taken) throw new DomainRuleError(taken.message);
}

/** The reservation's event, appended expecting the stream at `revision` (none: no stream). */
/** The reservation's event for `ownerId`, to append expecting the stream at `revision` (none: new). */
function reservationAppend(
  resource: string,
  reservation: Reservation,
  ownerId: string,
  metadata: EventMetadata,
  revision: bigint | undefined,
): StreamAppend {
  return {
    streamId: reservation.streamId,
    events: [
      {
        type: 'UniqueValueReserved',
        data: { resource, fields: [...reservation.fields], ownerId },
        metadata,
      },
    ],
    options: { expectedState: revision ?? 'no_stream', streamType: 'unique' },
  };
}

async function appendReserved(
  store: EventStore,
  resource: string,
  reservation: Reservation,
  ownerId: string,
  metadata: EventMetadata,
  revision: bigint | undefined,
): Promise<void> {
  const { streamId, events, options } = reservationAppend(
    resource,
    reservation,
    ownerId,
    metadata,
    revision,
  );
  await store.appendToStream(streamId, events, options);
}

/**
 * Reserves a value for `ownerId` (a record of the kind named `resource`). The append expects the stream's current revision, so of two
 * racing owners exactly one wins; the other sees the reservation and gets 422. Answers whether
 * this call reserved it (false when the owner already held it).
 */
export async function reserve(
  store: EventStore,
  resource: string,
  reservation: Reservation,
  ownerId: string,
  metadata: EventMetadata,
): Promise<boolean> {
  for (;;) {
    const events = await readOrEmpty(store, reservation.streamId);
    const last = events.at(-1);
    if (last?.type === 'UniqueValueReserved') {
      if (UniqueValueReserved.parse(last.data).ownerId === ownerId) return false;
      throw new DomainRuleError(reservation.message);
    }
    try {
      await appendReserved(store, resource, reservation, ownerId, metadata, last?.revision);
      return true;
    } catch (err) {
      // Someone else wrote in between: read again and see who holds it now.
      if (!(err instanceof WrongExpectedVersionError)) throw err;
    }
  }
}

/**
 * `reserve` for a value most likely never reserved (a clone's new sections): one append expecting
 * no stream; a stream already there (held, or released before) goes the way of `reserve`.
 */
export async function reserveFresh(
  store: EventStore,
  resource: string,
  reservation: Reservation,
  ownerId: string,
  metadata: EventMetadata,
): Promise<boolean> {
  try {
    await appendReserved(store, resource, reservation, ownerId, metadata, undefined);
    return true;
  } catch (err) {
    if (!(err instanceof WrongExpectedVersionError)) throw err;
  }
  return reserve(store, resource, reservation, ownerId, metadata);
}

/**
 * `reserveFresh` for many values at once (a clone's new sections of one offering): appended
 * together (`appendSeveral`: one round trip where the store can), each expecting no stream; a
 * stream already there goes the way of `reserve`. Per value, what `reserveFresh` would have
 * answered, or the DomainRuleError it would have thrown (another owner holds it).
 */
export async function reserveFreshAll(
  store: EventStore,
  resource: string,
  wanted: readonly { reservation: Reservation; ownerId: string }[],
  metadata: EventMetadata,
): Promise<(boolean | DomainRuleError)[]> {
  const outcomes = await appendSeveral(
    store,
    wanted.map((w) => reservationAppend(resource, w.reservation, w.ownerId, metadata, undefined)),
  );
  return Promise.all(
    outcomes.map(async (outcome, i) => {
      const w = wanted[i];
      if (!(outcome instanceof WrongExpectedVersionError) || !w) return true;
      try {
        return await reserve(store, resource, w.reservation, w.ownerId, metadata);
      } catch (err) {
        if (err instanceof DomainRuleError) return err;
        throw err;
      }
    }),
  );
}

/** Frees a value held by `ownerId` (after a delete, a rename or a failed write). */
export async function release(
  store: EventStore,
  resource: string,
  reservation: Reservation,
  ownerId: string,
  metadata: EventMetadata,
): Promise<void> {
  for (;;) {
    const last = (await readOrEmpty(store, reservation.streamId)).at(-1);
    if (last?.type !== 'UniqueValueReserved') return;
    if (UniqueValueReserved.parse(last.data).ownerId !== ownerId) return;
    try {
      await store.appendToStream(
        reservation.streamId,
        [
          {
            type: 'UniqueValueReleased',
            data: { resource, fields: [...reservation.fields], ownerId },
            metadata,
          },
        ],
        { expectedState: last.revision },
      );
      return;
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
    }
  }
}
