import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  ReportSnapshotAnswer,
  ReportSnapshotsAnswer,
  SavedReportAnswer,
  SavedReportsAnswer,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import {
  SavedReportListQuery,
  SavedReportParams,
  savedReportsReader,
  type ReportAudience,
} from './query.js';

export interface SavedReportReadOptions {
  knex: Knex;
  tables: TableResolver;
}

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The query is not valid.', fields);
}

/**
 * GET /api/reports[/:id]: the saved reports the viewer may open (report managers every one;
 * others the system reports, their own and those shared with one of their roles), each with its
 * grid in today's shape. GET /api/reportSnapshots[/:id]: the viewer's snapshots (every one for
 * report managers). All need `read` on Report; a report or snapshot the viewer may not see is not
 * found (404).
 */
export function savedReportReadRoutes(
  fastify: FastifyInstance,
  options: SavedReportReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const reader = savedReportsReader(options.knex, options.tables);
  const config = requiresRead('Report');

  /** Who the viewer is to reports, or the reply already sent (401, 403). */
  async function audienceOf(
    viewer: ResourceViewer | null,
    reply: FastifyReply,
    { withRoles }: { withRoles: boolean },
  ): Promise<ReportAudience | null> {
    if (!viewer) {
      sendError(reply, 401, 'Please log in.');
      return null;
    }
    if (!viewer.ability.can('read', 'Report')) {
      sendError(reply, 403, 'You may not read reports.');
      return null;
    }
    const all = viewer.ability.can('manage', 'Report');
    const roles = all || !withRoles ? [] : await reader.rolesOf(viewer.userId);
    return { all, userId: viewer.userId, roles };
  }

  app.get(
    '/api/reports',
    {
      schema: { querystring: SavedReportListQuery, response: { 200: SavedReportsAnswer } },
      config,
    },
    async (request, reply) => {
      const audience = await audienceOf(request.viewer, reply, { withRoles: true });
      if (!audience) return answered(reply);
      const query = SavedReportListQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const rows = await reader.reports(audience, query.data);
      return { count: rows.length, rows };
    },
  );

  app.get(
    '/api/reports/:id',
    { schema: { response: { 200: SavedReportAnswer } }, config },
    async (request, reply) => {
      const audience = await audienceOf(request.viewer, reply, { withRoles: true });
      if (!audience) return answered(reply);
      const params = SavedReportParams.safeParse(request.params);
      if (!params.success) return answered(invalid(reply, params.error));
      const [found] = await reader.reports(audience, { id: params.data.id });
      return found ?? answered(sendError(reply, 404, 'There is no such report.'));
    },
  );

  app.get(
    '/api/reportSnapshots',
    {
      schema: { querystring: SavedReportListQuery, response: { 200: ReportSnapshotsAnswer } },
      config,
    },
    async (request, reply) => {
      const audience = await audienceOf(request.viewer, reply, { withRoles: false });
      if (!audience) return answered(reply);
      const query = SavedReportListQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const rows = await reader.snapshots(audience, query.data);
      return { count: rows.length, rows };
    },
  );

  app.get(
    '/api/reportSnapshots/:id',
    { schema: { response: { 200: ReportSnapshotAnswer } }, config },
    async (request, reply) => {
      const audience = await audienceOf(request.viewer, reply, { withRoles: false });
      if (!audience) return answered(reply);
      const params = SavedReportParams.safeParse(request.params);
      if (!params.success) return answered(invalid(reply, params.error));
      const [found] = await reader.snapshots(audience, { id: params.data.id });
      return found ?? answered(sendError(reply, 404, 'There is no such snapshot.'));
    },
  );

  done();
}
