import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { EffortOverviewAnswer, EffortOverviewQuery } from '@allot/shared-events';
import type { TableResolver } from '../../../runner/tableNames.js';
import { answered, withAnswers } from '../../../http/answers.js';
import { requiresRead } from '../../../http/routeRequirement.js';
import { sendError } from '../../../http/viewer.js';
import { createEffortOverview } from './query.js';

export interface EffortOverviewReadOptions {
  knex: Knex;
  tables: TableResolver;
}

/**
 * GET /api/effort/overview?AcademicPeriodId=&WorkgroupId=&flag=&q=&sort=&direction=&take=&skip=:
 * effort per instructor of a period (the working period by default), planned beside payroll,
 * flagged, with totals per workgroup (read Effort: admins, effort managers and contributors, with
 * effort management on).
 */
export function effortOverviewRoutes(
  fastify: FastifyInstance,
  options: EffortOverviewReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const overview = createEffortOverview(options.knex, options.tables);
  app.get(
    '/api/effort/overview',
    { config: requiresRead('Effort'), schema: { response: { 200: EffortOverviewAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'Effort')) {
        return answered(sendError(reply, 403, 'You may not read effort.'));
      }
      const query = EffortOverviewQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      return overview(
        query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId ?? null,
        query.data,
      );
    },
  );
  done();
}
