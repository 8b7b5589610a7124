import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { OfferingOverviewAnswer } from '@allot/shared-events';
import { sendError } from '../../http/viewer.js';
import { createOfferingOverviewQuery, OfferingOverviewQuery } from './query.js';

export interface OfferingOverviewOptions {
  knex: Knex;
  tables: TableResolver;
}

/** A 400 naming each bad field, and each unknown key by itself. */
function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: key, message: 'is not a query parameter of this list' }))
      : [{ field: issue.path.join('.'), message: issue.message }],
  );
  return sendError(reply, 400, 'The list query is not valid.', fields);
}

/**
 * GET /api/courseOfferingOverview: the Course Offerings page's list — each offering with its
 * course, workgroup, period, term modes by name and live section count — paged, sorted and
 * filtered on the server. The generic GET /api/courseOfferings stays the kind's plain list.
 */
export function offeringOverviewRoutes(
  fastify: FastifyInstance,
  options: OfferingOverviewOptions,
  done: (err?: Error) => void,
): void {
  const offerings = createOfferingOverviewQuery(options.knex, options.tables);
  const app = withAnswers(fastify);

  app.get(
    '/api/courseOfferingOverview',
    {
      schema: { querystring: OfferingOverviewQuery, response: { 200: OfferingOverviewAnswer } },
      config: requiresRead('CourseOffering'),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'CourseOffering'))
        return answered(sendError(reply, 403, 'You may not read course offerings.'));
      const query = OfferingOverviewQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      return offerings.list(query.data);
    },
  );
  done();
}
