import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { EffortTimelineAnswer, EffortTimelineQuery, subjectOf } from '@allot/shared-events';
import type { TableResolver } from '../../../runner/tableNames.js';
import { answered, withAnswers } from '../../../http/answers.js';
import { requiresRead } from '../../../http/routeRequirement.js';
import { sendError } from '../../../http/viewer.js';
import { createTimelineReader } from './query.js';

export interface EffortTimelineReadOptions {
  knex: Knex;
  tables: TableResolver;
}

const Params = z.strictObject({ positionId: z.string().trim().min(1).max(200) });

/**
 * GET /api/effort/timeline/position/:positionId?asOf=: a position's effort timeline (read
 * EffortTimeline: admins, effort managers and contributors; faculty their own positions; all
 * with effort management on). Built from the position's changes (their read model keeps every
 * version) and the lines its imports wrote, as they counted at the instant asked for.
 */
export function effortTimelineRoutes(
  fastify: FastifyInstance,
  options: EffortTimelineReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const readTimeline = createTimelineReader(options.knex, options.tables);

  app.get(
    '/api/effort/timeline/position/:positionId',
    {
      config: requiresRead('EffortTimeline'),
      schema: { response: { 200: EffortTimelineAnswer } },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'EffortTimeline')) {
        return answered(sendError(reply, 403, 'You may not read effort timelines.'));
      }
      const params = Params.safeParse(request.params);
      const query = EffortTimelineQuery.safeParse(request.query);
      if (!params.success || !query.success) {
        return answered(sendError(reply, 400, 'Give an instant as a date and time (ISO 8601).'));
      }
      const asOf = query.data.asOf ? new Date(query.data.asOf) : null;
      const timeline = await readTimeline(params.data.positionId, asOf);
      if (!timeline) {
        return answered(
          sendError(
            reply,
            404,
            asOf ? 'This position did not exist at that time.' : 'There is no such position.',
          ),
        );
      }
      const UserId = timeline.position.instructor.id;
      if (!viewer.ability.can('read', subjectOf('EffortTimeline', { UserId }))) {
        return answered(
          sendError(reply, 403, 'You may read the timelines of your own positions only.'),
        );
      }
      return timeline;
    },
  );
  done();
}
