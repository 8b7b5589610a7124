import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  CostLinesAnswer,
  CostLinesQuery,
  CostRatesAnswer,
  CostRatesQuery,
  CostTotalsAnswer,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { createCostQueries } from './query.js';

export interface CostReadOptions {
  knex: Knex;
  tables: TableResolver;
}

/** The viewer when they may read instructor costs (FinancialData), else the refusal sent. */
function financialViewer(request: FastifyRequest, reply: FastifyReply): ResourceViewer | null {
  const viewer = request.viewer;
  if (!viewer) {
    void sendError(reply, 401, 'Please log in.');
    return null;
  }
  if (!viewer.ability.can('read', 'FinancialData')) {
    void sendError(reply, 403, 'You may not read instructor costs.');
    return null;
  }
  return viewer;
}

/**
 * The Instructor Cost Matrix's reads (docs/costs.md; read FinancialData, the financial reporting
 * users): GET /api/costs/lines (one period's cost per assignment, placeholder and uncovered
 * section, filtered, sorted and paged here), /api/costs/totals (per workgroup and period) and
 * /api/costs/rates (a period's rate grid). The period is the viewer's working one unless named.
 */
export function costReadRoutes(
  fastify: FastifyInstance,
  options: CostReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const costs = createCostQueries(options.knex, options.tables);
  const config = requiresRead('FinancialData');

  app.get(
    '/api/costs/lines',
    { config, schema: { response: { 200: CostLinesAnswer } } },
    async (request, reply) => {
      const viewer = financialViewer(request, reply);
      if (!viewer) return answered(reply);
      const query = CostLinesQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      return costs.lines(query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId, query.data);
    },
  );

  app.get(
    '/api/costs/totals',
    { config, schema: { response: { 200: CostTotalsAnswer } } },
    async (request, reply) => {
      if (!financialViewer(request, reply)) return answered(reply);
      return costs.totals();
    },
  );

  app.get(
    '/api/costs/rates',
    { config, schema: { response: { 200: CostRatesAnswer } } },
    async (request, reply) => {
      const viewer = financialViewer(request, reply);
      if (!viewer) return answered(reply);
      const query = CostRatesQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      return costs.rates(query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId);
    },
  );
  done();
}
