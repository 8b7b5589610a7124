import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  DataServiceAnswer,
  DataServiceRunsAnswer,
  DataServicesAnswer,
  REPORT_EXPORT_CONTENT_TYPES,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { reportExportTables, type ReportExportTables } from '../reportExports/schema.js';
import { createReportExportStore } from '../reportExports/store.js';
import { contentDisposition } from '../reportExports/routes.js';
import { dataServicesReader, withLastRun } from './query.js';

export interface DataServiceReadOptions {
  knex: Knex;
  tables: TableResolver;
  /** Where the runs' exports are kept; the `public` schema's tables by default. */
  reportExportTables?: ReportExportTables;
}

const Id = z.string().trim().min(1).max(100);
const Params = z.object({ id: Id }).strict();
const RunParams = z.object({ id: Id, runId: Id }).strict();

const NOT_FOUND = 'There is no such data service.';

/** Whether the viewer may read data services, or the reply already sent (401, 403). */
function allowed(viewer: ResourceViewer | null, reply: FastifyReply): boolean {
  if (!viewer) {
    sendError(reply, 401, 'Please log in.');
    return false;
  }
  if (!viewer.ability.can('read', 'DataServices')) {
    sendError(reply, 403, 'You may not use data services.');
    return false;
  }
  return true;
}

/**
 * GET /api/dataServices[/:id]: the data services with their next and last run; GET
 * /api/dataServices/:id/runs: a data service's runs, newest first (the last 100); GET
 * /api/dataServices/:id/runs/:runId/file: a done run's file. All need `read` on DataServices
 * (admins and academic operations admins while dataServicesEnabled is on). Creating, changing,
 * deleting and running them are the command service's.
 */
export function dataServiceReadRoutes(
  fastify: FastifyInstance,
  options: DataServiceReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const reader = dataServicesReader(options.knex, options.tables);
  const exports = createReportExportStore({
    knex: options.knex,
    tables: options.reportExportTables ?? reportExportTables(),
    readModels: options.tables,
  });
  const config = requiresRead('DataServices');

  app.get(
    '/api/dataServices',
    { config, schema: { response: { 200: DataServicesAnswer } } },
    async (request, reply) => {
      if (!allowed(request.viewer, reply)) return answered(reply);
      const definitions = await reader.definitions({});
      const lastRuns = await exports.lastRuns(definitions.map((d) => d.answer.id));
      return {
        count: definitions.length,
        rows: definitions.map((d) => withLastRun(d, lastRuns)),
      };
    },
  );

  app.get(
    '/api/dataServices/:id',
    { config, schema: { response: { 200: DataServiceAnswer } } },
    async (request, reply) => {
      if (!allowed(request.viewer, reply)) return answered(reply);
      const params = Params.safeParse(request.params);
      const found = params.success ? await reader.find(params.data.id) : null;
      if (!found) return answered(sendError(reply, 404, NOT_FOUND));
      return withLastRun(found, await exports.lastRuns([found.answer.id]));
    },
  );

  app.get(
    '/api/dataServices/:id/runs',
    { config, schema: { response: { 200: DataServiceRunsAnswer } } },
    async (request, reply) => {
      if (!allowed(request.viewer, reply)) return answered(reply);
      const params = Params.safeParse(request.params);
      const found = params.success ? await reader.find(params.data.id) : null;
      if (!found) return answered(sendError(reply, 404, NOT_FOUND));
      const rows = await exports.runs(found.answer.id);
      return { count: rows.length, rows };
    },
  );

  fastify.get('/api/dataServices/:id/runs/:runId/file', { config }, async (request, reply) => {
    if (!allowed(request.viewer, reply)) return reply;
    const params = RunParams.safeParse(request.params);
    const run = params.success ? await exports.run(params.data.id, params.data.runId) : null;
    if (!run) return sendError(reply, 404, 'There is no such run.');
    if (run.status !== 'done' || run.size === null) {
      return sendError(reply, 404, 'This run has no file: it is not done.');
    }
    return reply
      .header('Content-Type', REPORT_EXPORT_CONTENT_TYPES[run.format])
      .header('Content-Disposition', contentDisposition(run.name, run.format))
      .header('Content-Length', String(run.size))
      .header('Cache-Control', 'private, no-store')
      .send(exports.file(run.id));
  });

  done();
}
