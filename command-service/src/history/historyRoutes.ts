import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  StreamNotFoundError,
  UsersMerged,
  allResources,
  comparePositions,
  userMergeStream,
  users,
  type EventStore,
  type RecordedEvent,
  type ResourceRecord,
} from '@allot/shared-events';
import { parseRequest } from '../commandHandling/httpCommand.js';
import { ForbiddenError, NotFoundError } from '../errors/errors.js';
import { resourceDecider, type ResourceState } from '../resources/resourceDecider.js';
import { historyOf, type HistoryPerson } from './recordHistory.js';
import { sectionHistoryRoute } from './sectionHistory.js';

const Params = z.object({
  path: z.string().min(1).max(100),
  id: z.string().trim().min(1).max(100),
});

async function eventsOf(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
}

const userDecider = resourceDecider(users);

/** The ids of the users merged into a user (from the users read model, `mergedIntoId`). */
export type MergedUsersLookup = (masterId: string) => Promise<string[]>;

/**
 * The `UsersMerged` events naming a user, as duplicate (its own `userMerge-<id>` stream) or as
 * master (the streams of the duplicates `mergedInto` knows; without it, none).
 */
async function mergesOf(
  store: EventStore,
  userId: string,
  mergedInto: MergedUsersLookup | undefined,
): Promise<RecordedEvent[]> {
  const asDuplicate = await eventsOf(store, userMergeStream(userId));
  const duplicates = mergedInto ? await mergedInto(userId) : [];
  const asMaster = await Promise.all(
    duplicates
      .filter((duplicateId) => duplicateId !== userId)
      .map(async (duplicateId) =>
        (await eventsOf(store, userMergeStream(duplicateId))).filter(
          (e) => UsersMerged.safeParse(e.data).data?.masterId === userId,
        ),
      ),
  );
  return [...asDuplicate, ...asMaster.flat()].filter((e) => e.type === 'UsersMerged');
}

/** A user's display name as their own stream last recorded it (names of deleted users too). */
function personLookup(store: EventStore) {
  const known = new Map<string, Promise<HistoryPerson | null>>();
  return (userId: string) => {
    let found = known.get(userId);
    if (!found) {
      found = eventsOf(store, users.streamId(userId)).then((events) => {
        const state = events.reduce<ResourceState>(
          (s, e) => userDecider.evolve(s, { type: e.type, data: e.data as ResourceRecord }),
          userDecider.initialState,
        );
        if (state.status === 'absent') return null;
        const name = state.record.displayName;
        return { id: userId, displayName: typeof name === 'string' ? name : userId };
      });
      known.set(userId, found);
    }
    return found;
  };
}

/**
 * GET /api/history/<path>/<id>: the record's events from its stream, oldest first, each with
 * who (and on whose behalf), when and the field-level changes (notes/uiShape.md). A user's history
 * also lists the `UsersMerged` events naming them, as duplicate or as master. Needs `read` on the
 * kind's subject, or ownership of an owned record (user settings).
 */
export function historyRoutes(
  fastify: FastifyInstance,
  options: { store: EventStore; mergedInto?: MergedUsersLookup },
  done: (err?: Error) => void,
): void {
  // Sections are not declared kinds: their stream holds meetings and assignments too.
  sectionHistoryRoute(fastify, { store: options.store, people: () => personLookup(options.store) });
  fastify.get('/api/history/:path/:id', async (request, reply) => {
    const session = request.session;
    if (!session) {
      return reply
        .code(401)
        .send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
    }
    const { path, id } = parseRequest(Params, request.params);
    const definition = allResources.find((r) => r.path === path);
    if (!definition) throw new NotFoundError(`No record kind at ${path}.`);
    const own = await eventsOf(options.store, definition.streamId(id));
    const mayRead = request.ability.can('read', definition.subject);
    const owner = definition.ownerField;
    if (!mayRead && !owner) throw new ForbiddenError();
    // A user's merges live in their own streams: both users' histories list each one.
    const merges =
      definition.name === users.name && mayRead
        ? await mergesOf(options.store, id, options.mergedInto)
        : [];
    if (own.length === 0 && merges.length === 0)
      throw new NotFoundError(`No record with id ${id}.`);
    if (!mayRead) {
      const first = own[0]?.data as Record<string, unknown> | undefined;
      if (!owner || first?.[owner] !== session.workingUserId) throw new ForbiddenError();
    }
    const events = [...own, ...merges].sort((a, b) => comparePositions(a.position, b.position));
    return { rows: await historyOf(definition, events, personLookup(options.store)) };
  });
  done();
}
