import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ImportProblem,
  ImportRunDetailAnswer,
  ImportRunsAnswer,
  ImportRunsQuery,
  users,
  type ImportRunAnswer,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError } from '../../http/viewer.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { IMPORT_RUNS_TABLE, importRunsProjection } from './projection.js';

export interface ImportRunReadOptions {
  knex: Knex;
  tables: TableResolver;
}

const Params = z.strictObject({ id: z.string().trim().min(1).max(100) });

interface Row {
  id: string;
  kind: ImportRunAnswer['kind'];
  file_name: string;
  rows: number;
  status: ImportRunAnswer['status'];
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  removed: number;
  trigger: ImportRunAnswer['trigger'];
  not_run: number;
  problems: unknown;
  problem_count: number;
  reason: string | null;
  undo_refused: string | null;
  started_by: string | null;
  spec_id: string | null;
  spec_name: string | null;
  person_name: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function answerOf(row: Row): ImportRunAnswer {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    rows: row.rows,
    status: row.status,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    refused: row.refused,
    removed: row.removed,
    trigger: row.trigger,
    notRun: row.not_run,
    problemCount: row.problem_count,
    reason: row.reason,
    undoRefused: row.undo_refused,
    startedBy: row.started_by ? { id: row.started_by, name: row.person_name ?? 'Someone' } : null,
    spec: row.spec_id ? { id: row.spec_id, name: row.spec_name ?? '' } : null,
    startedAt: iso(row.started_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
  };
}

/**
 * GET /api/imports/runs (newest first, paged) and GET /api/imports/runs/:id (with the problems it
 * kept): the history of imports, for whoever may read data services. Starting and stopping runs
 * are the command service's.
 */
export function importRunReadRoutes(
  fastify: FastifyInstance,
  options: ImportRunReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;
  const config = requiresRead('DataServices');

  /** The runs with their starter's name; a builder (a function, as an awaited one would run). */
  async function runsQuery() {
    const [runsTable, people] = await Promise.all([
      tables.table(importRunsProjection.name, IMPORT_RUNS_TABLE),
      tables.table(resourceProjectionName(users), recordsTable(users)),
    ]);
    return () =>
      knex({ r: runsTable })
        .leftJoin({ u: people }, 'u.id', 'r.started_by')
        .select('r.*', knex.raw("u.data->>'displayName' as person_name"));
  }

  app.get(
    '/api/imports/runs',
    { config, schema: { response: { 200: ImportRunsAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'DataServices')) {
        return answered(sendError(reply, 403, 'You may not use data services.'));
      }
      const query = ImportRunsQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const table = await tables.table(importRunsProjection.name, IMPORT_RUNS_TABLE);
      const [counted] = await knex(table).count<{ count: string }[]>({ count: '*' });
      const runs = await runsQuery();
      const rows = (await runs()
        .orderBy([
          { column: 'r.started_at', order: 'desc' },
          { column: 'r.id', order: 'desc' },
        ])
        .limit(query.data.take)
        .offset(query.data.skip)) as Row[];
      return { count: Number(counted?.count ?? 0), rows: rows.map(answerOf) };
    },
  );

  app.get(
    '/api/imports/runs/:id',
    { config, schema: { response: { 200: ImportRunDetailAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'DataServices')) {
        return answered(sendError(reply, 403, 'You may not use data services.'));
      }
      const params = Params.safeParse(request.params);
      const row = params.success
        ? ((await (await runsQuery())().where('r.id', params.data.id).first()) as Row | undefined)
        : undefined;
      if (!row) return answered(sendError(reply, 404, 'There is no such import run.'));
      const problems = z.array(ImportProblem).safeParse(row.problems);
      return { ...answerOf(row), problems: problems.success ? problems.data : [] };
    },
  );
  done();
}
