import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  EffortImportDetailAnswer,
  EffortImportsAnswer,
  EffortImportsQuery,
  EffortLinesAnswer,
  EffortLinesQuery,
  ImportProblem,
  effortCategories,
  effortPayPeriods,
  effortTypes,
  users,
  type EffortImportAnswer,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../../runner/tableNames.js';
import { answered, withAnswers } from '../../../http/answers.js';
import { requiresRead } from '../../../http/routeRequirement.js';
import { sendError } from '../../../http/viewer.js';
import { attachment } from '../../../http/attachment.js';
import { uploadTables, type UploadTables } from '../../uploads/schema.js';
import { createUploadStore } from '../../uploads/store.js';
import { recordsTable, resourceProjectionName } from '../../resources/projection.js';
import {
  COUNTING_LINE,
  EFFORT_IMPORTS_TABLE,
  EFFORT_LINES_TABLE,
  effortImportsProjection,
} from './projection.js';

export interface EffortImportReadOptions {
  knex: Knex;
  tables: TableResolver;
  /** Where the payroll files are kept (default: the `public` schema's uploads). */
  uploadTables?: UploadTables;
}

const Params = z.strictObject({ id: z.string().trim().min(1).max(100) });

interface Row {
  file_kept: boolean | null;
  id: string;
  file_name: string;
  size: string | number;
  sha256: string;
  mode: EffortImportAnswer['mode'];
  pay_period_id: string | null;
  pay_period_name: string | null;
  rows: number;
  status: EffortImportAnswer['status'];
  imported: number;
  refused: number;
  positions_created: number;
  not_run: number;
  problems: unknown;
  problem_count: number;
  reason: string | null;
  current: string | number;
  started_by: string | null;
  starter_name: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  undone_by: string | null;
  undoer_name: string | null;
  undone_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const person = (id: string | null, name: string | null) =>
  id ? { id, name: name ?? 'Allot' } : null;

function answerOf(row: Row): EffortImportAnswer {
  return {
    id: row.id,
    fileName: row.file_name,
    size: Number(row.size),
    sha256: row.sha256,
    mode: row.mode,
    payPeriod: row.pay_period_id
      ? { id: row.pay_period_id, name: row.pay_period_name ?? '' }
      : null,
    rows: row.rows,
    status: row.status,
    imported: row.imported,
    refused: row.refused,
    positionsCreated: row.positions_created,
    notRun: row.not_run,
    problemCount: row.problem_count,
    reason: row.reason,
    current: Number(row.current),
    startedBy: person(row.started_by, row.starter_name),
    startedAt: iso(row.started_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    undoneBy: person(row.undone_by, row.undoer_name),
    undoneAt: row.undone_at === null ? null : iso(row.undone_at),
    fileKept: row.file_kept === true,
  };
}

/**
 * GET /api/effort/imports (newest first, paged), GET /api/effort/imports/:id (with the problems
 * it kept) and GET /api/effort/imports/:id/lines (its lines, paged, each with whether it counts
 * now): the effort imports for whoever may read EffortImport (admins, effort managers and
 * contributors, with effort management on).
 */
export function effortImportReadRoutes(
  fastify: FastifyInstance,
  options: EffortImportReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;
  const config = requiresRead('EffortImport');
  const files = options.uploadTables ?? uploadTables();
  const uploads = createUploadStore(knex, files);
  const own = (table: string) => tables.table(effortImportsProjection.name, table);
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  function refused(request: FastifyRequest, reply: FastifyReply) {
    const viewer = request.viewer;
    if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
    if (!viewer.ability.can('read', 'EffortImport')) {
      return answered(sendError(reply, 403, 'You may not read effort imports.'));
    }
    return null;
  }

  /** The imports with names and the lines of each that count now. */
  async function importsQuery() {
    const [imports, lines, people, periods] = await Promise.all([
      own(EFFORT_IMPORTS_TABLE),
      own(EFFORT_LINES_TABLE),
      recordsOf(users),
      recordsOf(effortPayPeriods),
    ]);
    return () =>
      knex({ i: imports })
        .leftJoin({ s: people }, 's.id', 'i.started_by')
        .leftJoin({ u: people }, 'u.id', 'i.undone_by')
        .leftJoin({ p: periods }, 'p.id', 'i.pay_period_id')
        .select(
          'i.*',
          knex.raw("s.data->>'displayName' as starter_name"),
          knex.raw("u.data->>'displayName' as undoer_name"),
          knex.raw("p.data->>'name' as pay_period_name"),
          knex.raw(
            `(SELECT count(*) FROM ?? AS l WHERE l.import_id = i.id AND ${COUNTING_LINE}) AS current`,
            [lines, imports],
          ),
          knex.raw(`EXISTS (SELECT 1 FROM ${files.uploads} AS f WHERE f.id = i.id) AS file_kept`),
        );
  }

  app.get(
    '/api/effort/imports',
    { config, schema: { response: { 200: EffortImportsAnswer } } },
    async (request, reply) => {
      const refusal = refused(request, reply);
      if (refusal) return refusal;
      const query = EffortImportsQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const [counted] = await knex(await own(EFFORT_IMPORTS_TABLE)).count<{ count: string }[]>({
        count: '*',
      });
      const rows = (await (
        await importsQuery()
      )()
        .orderBy([
          { column: 'i.started_at', order: 'desc' },
          { column: 'i.id', order: 'desc' },
        ])
        .limit(query.data.take)
        .offset(query.data.skip)) as Row[];
      return { count: Number(counted?.count ?? 0), rows: rows.map(answerOf) };
    },
  );

  app.get(
    '/api/effort/imports/:id',
    { config, schema: { response: { 200: EffortImportDetailAnswer } } },
    async (request, reply) => {
      const refusal = refused(request, reply);
      if (refusal) return refusal;
      const params = Params.safeParse(request.params);
      const row = params.success
        ? ((await (await importsQuery())().where('i.id', params.data.id).first()) as
            Row | undefined)
        : undefined;
      if (!row) return answered(sendError(reply, 404, 'There is no such effort import.'));
      const problems = z.array(ImportProblem).safeParse(row.problems);
      return { ...answerOf(row), problems: problems.success ? problems.data : [] };
    },
  );

  /** The payroll file the import read, as it was sent (Uploads keep it with its sender). */
  fastify.get('/api/effort/imports/:id/file', { config }, async (request, reply) => {
    const refusal = refused(request, reply);
    if (refusal) return refusal;
    const params = Params.safeParse(request.params);
    const found = params.success ? await uploads.find(params.data.id, 'effortImport') : null;
    if (!found) {
      return sendError(reply, 404, 'The file of this import was not kept.');
    }
    return reply
      .header('Content-Type', found.contentType)
      .header('Content-Disposition', attachment(found.fileName))
      .header('Content-Length', String(found.size))
      .header('Cache-Control', 'private, no-store')
      .send(uploads.file(found.id));
  });

  app.get(
    '/api/effort/imports/:id/lines',
    { config, schema: { response: { 200: EffortLinesAnswer } } },
    async (request, reply) => {
      const refusal = refused(request, reply);
      if (refusal) return refusal;
      const params = Params.safeParse(request.params);
      const query = EffortLinesQuery.safeParse(request.query);
      if (!params.success || !query.success) {
        return answered(sendError(reply, 400, 'The query is not valid.'));
      }
      const [imports, lines, people, periods, categories, types] = await Promise.all([
        own(EFFORT_IMPORTS_TABLE),
        own(EFFORT_LINES_TABLE),
        recordsOf(users),
        recordsOf(effortPayPeriods),
        recordsOf(effortCategories),
        recordsOf(effortTypes),
      ]);
      const exists = await knex(imports)
        .where({ id: params.data.id })
        .first<{ id: string } | undefined>('id');
      if (!exists) return answered(sendError(reply, 404, 'There is no such effort import.'));
      const [counted] = await knex(lines)
        .where({ import_id: params.data.id })
        .count<{ count: string }[]>({ count: '*' });
      const rows = (await knex({ l: lines })
        .join({ i: imports }, 'i.id', 'l.import_id')
        .leftJoin({ u: people }, 'u.id', 'l.user_id')
        .leftJoin({ p: periods }, 'p.id', 'l.pay_period_id')
        .leftJoin({ c: categories }, 'c.id', 'l.category_id')
        .leftJoin({ t: types }, 't.id', 'l.type_id')
        .where('l.import_id', params.data.id)
        .select(
          'l.*',
          knex.raw("u.data->>'displayName' as person_name"),
          knex.raw("p.data->>'name' as pay_period_name"),
          knex.raw("c.data->>'name' as category_name"),
          knex.raw("t.data->>'name' as type_name"),
          knex.raw(`(${COUNTING_LINE}) AS counts`, [imports]),
        )
        .orderBy('l.line')
        .limit(query.data.take)
        .offset(query.data.skip)) as Record<string, unknown>[];
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      const named = (id: unknown, name: unknown) =>
        typeof id === 'string' ? { id, name: typeof name === 'string' ? name : '' } : null;
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => ({
          line: Number(r.line),
          instructor: named(r.user_id, r.person_name ?? 'Someone')!,
          positionNumber: String(r.position_number),
          EffortPositionId: String(r.position_id),
          payPeriod: named(r.pay_period_id, r.pay_period_name)!,
          effortPercent: Number(r.effort_percent),
          costCenter: (r.cost_center as string | null) ?? null,
          earnCode: (r.earn_code as string | null) ?? null,
          account: (r.account as string | null) ?? null,
          amount: num(r.amount),
          hours: num(r.hours),
          category: named(r.category_id, r.category_name),
          type: named(r.type_id, r.type_name),
          current: r.counts === true,
        })),
      };
    },
  );
  done();
}
