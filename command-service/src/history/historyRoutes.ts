import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  allResources,
  comparePositions,
  HistoryAnswer,
  users,
  type EventStore,
} from '@allot/shared-events';
import { parseRequest } from '../commandHandling/httpCommand.js';
import { ForbiddenError, NotFoundError } from '../errors/errors.js';
import { answerSchema } from '../http/answerSchema.js';
import { createHistoryNames, eventsOf } from './historyNames.js';
import { historyOf } from './recordHistory.js';
import { sectionHistoryRoute } from './sectionHistory.js';
import { settingsHistoryRoutes } from './settingsHistory.js';
import {
  masqueradesOf,
  mergesOf,
  userEventDescriber,
  type MasqueradersLookup,
  type MergedUsersLookup,
} from './userHistory.js';

const Params = z.object({
  path: z.string().min(1).max(100),
  id: z.string().trim().min(1).max(100),
});

export interface HistoryRoutesOptions {
  store: EventStore;
  mergedInto?: MergedUsersLookup;
  masqueraders?: MasqueradersLookup;
}

/**
 * GET /api/history/<path>/<id>: the record's events from its stream, oldest first, each with
 * who (and on whose behalf, through which API key), when and the field-level changes in words
 * (notes/uiShape.md). A user's history also lists the `UsersMerged` events naming them, as
 * duplicate or as master, and the masquerades they started or were the subject of. Needs `read`
 * on the kind's subject, or ownership of an owned record (user settings).
 */
export function historyRoutes(
  fastify: FastifyInstance,
  options: HistoryRoutesOptions,
  done: (err?: Error) => void,
): void {
  // Sections are not declared kinds: their stream holds meetings and assignments too.
  sectionHistoryRoute(fastify, { store: options.store });
  // Settings are one stream of all settings, not a record kind.
  settingsHistoryRoutes(fastify, { store: options.store });
  fastify.get('/api/history/:path/:id', answerSchema(HistoryAnswer), async (request, reply) => {
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
    // A user's merges and masquerades live in streams of their own: both users' histories
    // list each one.
    const isUser = definition.name === users.name && mayRead;
    const others = isUser
      ? [
          ...(await mergesOf(options.store, id, options.mergedInto)),
          ...(await masqueradesOf(options.store, id, options.masqueraders)),
        ]
      : [];
    if (own.length === 0 && others.length === 0)
      throw new NotFoundError(`No record with id ${id}.`);
    if (!mayRead) {
      const first = own[0]?.data as Record<string, unknown> | undefined;
      if (!owner || first?.[owner] !== session.workingUserId) throw new ForbiddenError();
    }
    const events = [...own, ...others].sort((a, b) => comparePositions(a.position, b.position));
    const names = createHistoryNames(options.store);
    return {
      rows: await historyOf(
        definition,
        events,
        names,
        isUser ? userEventDescriber(names) : undefined,
      ),
    } satisfies HistoryAnswer;
  });
  done();
}
