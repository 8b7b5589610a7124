import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  REPORT_EXPORT_CONTENT_TYPES,
  ReportExportAnswer,
  ReportExportsAnswer,
  reportExportFileName,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { reportExportTables, type ReportExportTables } from './schema.js';
import { createReportExportStore } from './store.js';

export interface ReportExportReadOptions {
  knex: Knex;
  tables: TableResolver;
  /** Where the exports are kept; the `public` schema's tables by default. */
  reportExportTables?: ReportExportTables;
}

const Params = z.object({ id: z.string().trim().min(1).max(100) }).strict();
/** `mine`: only the viewer's own (what an export manager's own list shows). */
export const ReportExportListQuery = z
  .object({ scope: z.enum(['visible', 'mine']).default('visible') })
  .strict();

/** The viewer, or the reply already sent (401, 403); `all` when they manage exports. */
function exporter(
  viewer: ResourceViewer | null,
  reply: FastifyReply,
): { userId: string; all: boolean } | null {
  if (!viewer) {
    sendError(reply, 401, 'Please log in.');
    return null;
  }
  if (!viewer.ability.can('read', 'DataExport')) {
    sendError(reply, 403, 'You may not use exports.');
    return null;
  }
  return { userId: viewer.userId, all: viewer.ability.can('manage', 'DataExport') };
}

/** `attachment` with a plain name for old clients and the real one in UTF-8 (RFC 6266). */
export function contentDisposition(name: string, format: 'csv' | 'xlsx'): string {
  const ascii = reportExportFileName(name, format, { ascii: true }).replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(reportExportFileName(name, format)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * GET /api/reportExports[/:id]: the viewer's exports, newest first (every one for those who
 * manage exports); GET /api/reportExports/:id/file: a done export's file. All need `read` on
 * DataExport (the exportsEnabled flag); another's export is not found (404) unless the viewer
 * manages exports. Starting, stopping and deleting are the command service's.
 */
export function reportExportReadRoutes(
  fastify: FastifyInstance,
  options: ReportExportReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const store = createReportExportStore({
    knex: options.knex,
    tables: options.reportExportTables ?? reportExportTables(),
    readModels: options.tables,
  });
  const config = requiresRead('DataExport');

  async function visible(id: string, who: { userId: string; all: boolean }) {
    const found = await store.find(id);
    return found && (who.all || found.owner.id === who.userId) ? found : null;
  }

  app.get(
    '/api/reportExports',
    {
      config,
      schema: { querystring: ReportExportListQuery, response: { 200: ReportExportsAnswer } },
    },
    async (request, reply) => {
      const who = exporter(request.viewer, reply);
      if (!who) return answered(reply);
      const query = ReportExportListQuery.safeParse(request.query ?? {});
      if (!query.success) {
        return answered(
          sendError(
            reply,
            400,
            'The query is not valid.',
            query.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
          ),
        );
      }
      const rows = await store.list(who.all && query.data.scope === 'visible' ? null : who.userId);
      return { count: rows.length, rows };
    },
  );

  app.get(
    '/api/reportExports/:id',
    { config, schema: { response: { 200: ReportExportAnswer } } },
    async (request, reply) => {
      const who = exporter(request.viewer, reply);
      if (!who) return answered(reply);
      const params = Params.safeParse(request.params);
      if (!params.success) return answered(sendError(reply, 404, 'There is no such export.'));
      const found = await visible(params.data.id, who);
      return found ?? answered(sendError(reply, 404, 'There is no such export.'));
    },
  );

  fastify.get('/api/reportExports/:id/file', { config }, async (request, reply) => {
    const who = exporter(request.viewer, reply);
    if (!who) return reply;
    const params = Params.safeParse(request.params);
    const found = params.success ? await visible(params.data.id, who) : null;
    if (!found) return sendError(reply, 404, 'There is no such export.');
    if (found.status !== 'done' || found.size === null) {
      return sendError(reply, 404, 'This export has no file: it is not done.');
    }
    return reply
      .header('Content-Type', REPORT_EXPORT_CONTENT_TYPES[found.format])
      .header('Content-Disposition', contentDisposition(found.name, found.format))
      .header('Content-Length', String(found.size))
      .header('Cache-Control', 'private, no-store')
      .send(store.file(found.id));
  });

  done();
}
