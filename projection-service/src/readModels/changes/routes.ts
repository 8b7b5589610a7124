import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { z } from 'zod';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import {
  ChangeCountAnswer,
  ChangedSinceAnswer,
  ChangedSinceQuery,
  ChangeFeedAnswer,
  ChangeFeedQuery,
  CompareAnswer,
  CompareFileQuery,
  CompareQuery,
  subjectOf,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { sendError } from '../../http/viewer.js';
import { comparisonRows, createComparison, InstantNotFound } from './compare.js';
import { createChangedSince } from './changedSince.js';
import { createChangeFeed, InvalidCursor } from './query.js';

export interface ChangeFeedOptions {
  knex: Knex;
  tables: TableResolver;
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((i) => ({ field: i.path.join('.') || 'query', message: i.message }));

function invalid(reply: FastifyReply, fields: { field: string; message: string }[]): never {
  return answered(sendError(reply, 400, 'The filters of the change list are not valid.', fields));
}

/**
 * GET /api/changes: the change feed — every change to the records the viewer may read, newest
 * first, in words (readModels/changes). Everyone signed in reads it (Dashboard): what it holds
 * is decided row by row by what the viewer may read. GET /api/changes/count?after=…: how many
 * arrived since a cursor, with the same filters.
 */
export function changeFeedRoutes(
  fastify: FastifyInstance,
  options: ChangeFeedOptions,
  done: (err?: Error) => void,
): void {
  const feed = createChangeFeed(options.knex, options.tables);
  const app = withAnswers(fastify);

  /** The feed's answer for the viewer's filters, or the answer already sent (401, 400). */
  async function fed<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    cursorField: 'before' | 'after',
    read: (viewer: NonNullable<FastifyRequest['viewer']>, query: ChangeFeedQuery) => Promise<T>,
  ): Promise<T> {
    const viewer = request.viewer;
    if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
    const parsed = ChangeFeedQuery.safeParse(request.query ?? {});
    if (!parsed.success) return invalid(reply, issuesOf(parsed.error));
    try {
      return await read(viewer, parsed.data);
    } catch (error) {
      if (error instanceof InvalidCursor) {
        return invalid(reply, [{ field: cursorField, message: error.message }]);
      }
      throw error;
    }
  }

  app.get(
    '/api/changes',
    { config: requiresRead('Dashboard'), schema: { response: { 200: ChangeFeedAnswer } } },
    async (request, reply) =>
      fed(request, reply, 'before', (viewer, query) => feed.page(viewer, query)),
  );

  app.get(
    '/api/changes/count',
    { config: requiresRead('Dashboard'), schema: { response: { 200: ChangeCountAnswer } } },
    async (request, reply) =>
      fed(request, reply, 'after', async (viewer, query) => ({
        count: await feed.count(viewer, query),
      })),
  );
  const changedSince = createChangedSince(options.knex, options.tables);
  /**
   * GET /api/changes/changed (Section Assignments read): the assignments to look at again since
   * the viewer's last approval of the workgroup (or of each of the few they approve).
   */
  app.get(
    '/api/changes/changed',
    {
      config: requiresRead('SectionAssignment'),
      schema: { response: { 200: ChangedSinceAnswer } },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'SectionAssignment')) {
        return answered(sendError(reply, 403, 'You may not read section assignments.'));
      }
      const parsed = ChangedSinceQuery.safeParse(request.query ?? {});
      if (!parsed.success) return invalid(reply, issuesOf(parsed.error));
      return (await changedSince(viewer, parsed.data)) ?? { workgroups: [], rows: [] };
    },
  );

  const comparison = createComparison(options.knex, options.tables);
  /** The comparison asked for with its query, or the answer already sent (401, 403, 400). */
  async function compared<Q extends CompareQuery>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<Q>,
  ): Promise<{ answer: CompareAnswer; query: Q }> {
    const viewer = request.viewer;
    if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
    if (!viewer.ability.can('read', 'Section')) {
      return answered(sendError(reply, 403, 'You may not read sections.'));
    }
    const parsed = schema.safeParse(request.query ?? {});
    if (!parsed.success) return invalid(reply, issuesOf(parsed.error));
    const query = parsed.data;
    if (!viewer.ability.can('read', subjectOf('Section', { WorkgroupId: query.WorkgroupId }))) {
      return answered(sendError(reply, 403, 'You may not read this workgroup’s sections.'));
    }
    try {
      return { answer: await comparison.compare(viewer, query), query };
    } catch (error) {
      if (error instanceof InstantNotFound) {
        return invalid(reply, [{ field: error.field, message: error.message }]);
      }
      throw error;
    }
  }

  /**
   * GET /api/changes/compare (Section read, for the workgroup): a workgroup's plan in a period at
   * two instants side by side — assignments and sections added, removed and changed, and the
   * workload totals at both.
   */
  app.get(
    '/api/changes/compare',
    { config: requiresRead('Section'), schema: { response: { 200: CompareAnswer } } },
    async (request, reply) => (await compared(request, reply, CompareQuery)).answer,
  );

  /** GET /api/changes/compare/file?format=csv|xlsx: the same comparison as a file to keep. */
  app.get(
    '/api/changes/compare/file',
    { config: requiresRead('Section') },
    async (request, reply) => {
      const { answer, query } = await compared(request, reply, CompareFileQuery);
      const format = query.format;
      const rows = comparisonRows(answer);
      const name = `Changes ${answer.from.label} to ${answer.to.label}`.replace(/[^\w .–-]+/g, ' ');
      void reply.header('Cache-Control', 'private, no-store');
      if (format === 'csv') {
        void reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}.csv"`);
        return `\uFEFF${stringify(rows)}`;
      }
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Changes');
      for (const row of rows) sheet.addRow(row);
      sheet.getRow(1).font = { bold: true };
      sheet.columns.forEach((column) => {
        column.width = 24;
      });
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      void reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${name}.xlsx"`);
      return buffer;
    },
  );
  done();
}
