import {
  positionToToken,
  type AppAbility,
  type ChangeFeedAnswer,
  type ChangeFeedQuery,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { TableResolver } from '../../runner/tableNames.js';
import { apiKeysProjection, API_KEYS_TABLE } from '../auth/apiKeysProjection.js';
import { importRunsProjection, IMPORT_RUNS_TABLE } from '../importRuns/projection.js';
import { planHistoryProjection } from '../planHistory/projection.js';
import { PLAN_CHANGES_TABLE, PLAN_LOG_TABLE, PLAN_VERSIONS_TABLE } from '../planHistory/schema.js';
import { cursorOf, describeChange, parseCursor, type ChangeRow } from './describe.js';
import { createVersionNames } from './names.js';
import { visibleChangesSql, type Sql } from './visibility.js';

/** Who reads the feed: what they may read, and who they are (their own records, approvals). */
export interface FeedViewer {
  ability: AppAbility;
  userId: string;
}

export class InvalidCursor extends Error {}

export interface FeedTables {
  changes: string;
  log: string;
  versions: string;
  apiKeys: string | null;
  importRuns: string | null;
}

/** The viewer's last approval of a workgroup (in a period, when one is chosen). */
export interface LastApproval {
  seq: number;
  at: string;
  position: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The change feed over the plan's history: its `plan_changes` rows (one per event and record),
 * filtered by what the viewer may read and the query, newest first; each page's rows are then
 * put in words from the versions before and after them.
 */
/** The physical tables the feed reads, named before it reads them. */
export async function feedTables(tables: TableResolver): Promise<FeedTables> {
  return {
    changes: await tables.table(planHistoryProjection.name, PLAN_CHANGES_TABLE),
    log: await tables.table(planHistoryProjection.name, PLAN_LOG_TABLE),
    versions: await tables.table(planHistoryProjection.name, PLAN_VERSIONS_TABLE),
    // Names of API keys, where their read model runs (a change through a key reads without one).
    apiKeys: await (async () => tables.table(apiKeysProjection.name, API_KEYS_TABLE))().catch(
      () => null,
    ),
    // Names of import runs, where their read model runs.
    importRuns: await (async () =>
      tables.table(importRunsProjection.name, IMPORT_RUNS_TABLE))().catch(() => null),
  };
}

/**
 * An approval among the changes `c` (with its log entry `l` and the version it began, `v`): a
 * progress step approved, or an assignment approved (or finalized) — what the actor put their
 * name to. The actor is the caller's condition.
 */
export const APPROVED_BY_ACTOR = `((c.kind = 'approval' AND v.state->>'action' = 'approve')
  OR (c.kind = 'assignment' AND c.change = 'changed'
    AND l.event_type = 'TeachingAssignmentChanged' AND v.status IN ('approved', 'final')))`;

/**
 * The viewer's last approval in a workgroup: a progress step approved, or an assignment of it
 * approved (or finalized) by them — what they last put their name to there.
 */
export async function lastApproval(
  knex: Knex | Knex.Transaction,
  t: FeedTables,
  viewer: FeedViewer,
  workgroupId: string,
  periodId: string | undefined,
): Promise<LastApproval | null> {
  const found = await knex.raw<{
    rows: {
      seq: string;
      recorded_at: Date;
      commit_position: string;
      prepare_position: string;
    }[];
  }>(
    `SELECT c.seq, l.recorded_at, l.commit_position, l.prepare_position
     FROM ?? c JOIN ?? l ON l.seq = c.seq
     JOIN ?? v ON v.kind = c.kind AND v.id = c.id AND v.valid_from = c.seq
     WHERE c.workgroup_id = ? AND ${periodId ? 'c.period_id = ?' : 'true'}
       AND (l.actor_id = ? OR l.on_behalf_of_id = ?) AND ${APPROVED_BY_ACTOR}
     ORDER BY c.seq DESC LIMIT 1`,
    [
      t.changes,
      t.log,
      t.versions,
      workgroupId,
      ...(periodId ? [periodId] : []),
      viewer.userId,
      viewer.userId,
    ],
  );
  const row = found.rows[0];
  if (!row) return null;
  return {
    seq: Number(row.seq),
    at: new Date(row.recorded_at).toISOString(),
    position: positionToToken({
      commit: BigInt(row.commit_position),
      prepare: BigInt(row.prepare_position),
    }),
  };
}

export function createChangeFeed(knex: Knex, tables: TableResolver) {
  const feedTablesNow = () => feedTables(tables);

  /** The query's conditions over `c` (a change) and `l` (its log entry). */
  function conditions(viewer: FeedViewer, query: ChangeFeedQuery, since: LastApproval | null): Sql {
    const parts: string[] = [];
    const bindings: Knex.RawBinding[] = [];
    const add = (sql: string, ...values: Knex.RawBinding[]) => {
      parts.push(sql);
      bindings.push(...values);
    };
    const visible = visibleChangesSql(viewer.ability, viewer.userId);
    add(visible.sql, ...visible.bindings);
    // Records of no period (courses, people, workgroups) belong to every period's feed.
    if (query.AcademicPeriodId) {
      add('(c.period_id = ? OR c.period_id IS NULL)', query.AcademicPeriodId);
    }
    if (query.WorkgroupId) add('c.workgroup_id = ?', query.WorkgroupId);
    if (query.kind) add('c.kind = ?', query.kind);
    if (query.actorId)
      add('(l.actor_id = ? OR l.on_behalf_of_id = ?)', query.actorId, query.actorId);
    if (query.from) add('l.recorded_at >= ?', query.from);
    if (query.to) add('l.recorded_at <= ?', query.to);
    if (since) add('c.seq > ?', since.seq);
    if (query.records) add('c.id = ANY(?::text[])', query.records);
    if (query.q) add('c.label ILIKE ?', `%${escapeLike(query.q)}%`);
    for (const [cursor, op] of [
      [query.before, '<'],
      [query.after, '>'],
    ] as const) {
      if (!cursor) continue;
      const parsed = parseCursor(cursor);
      if (!parsed) throw new InvalidCursor('That place in the list of changes is not valid.');
      add(`(c.seq, c.kind, c.id) ${op} (?, ?, ?)`, ...parsed);
    }
    return { sql: parts.join(' AND '), bindings };
  }

  async function sinceOf(t: FeedTables, viewer: FeedViewer, query: ChangeFeedQuery) {
    return query.since && query.WorkgroupId
      ? lastApproval(knex, t, viewer, query.WorkgroupId, query.AcademicPeriodId)
      : null;
  }

  async function page(viewer: FeedViewer, query: ChangeFeedQuery): Promise<ChangeFeedAnswer> {
    const t = await feedTablesNow();
    const since = await sinceOf(t, viewer, query);
    const where = conditions(viewer, query, since);
    const found = await knex.raw<{ rows: Omit<ChangeRow, 'before' | 'after'>[] }>(
      `SELECT c.seq, c.kind, c.id, c.change, c.parent_id, c.user_id, l.recorded_at,
         l.commit_position, l.prepare_position, l.actor_id, l.on_behalf_of_id, l.api_key_id,
         l.correlation_id
       FROM ?? c JOIN ?? l ON l.seq = c.seq
       WHERE ${where.sql}
       ORDER BY c.seq DESC, c.kind DESC, c.id DESC
       LIMIT ?`,
      [t.changes, t.log, ...where.bindings, query.take + 1],
    );
    const pageRows = found.rows.slice(0, query.take);
    const rows = await withVersions(t, pageRows);
    const names = createVersionNames(knex, t);
    const sections = new Map<string, Promise<Record<string, unknown> | null>>();
    const section = (id: string) => {
      let got = sections.get(id);
      if (!got) {
        got = knex
          .raw<{ rows: { state: Record<string, unknown> }[] }>(
            `SELECT state FROM ?? WHERE kind = 'section' AND id = ?
             ORDER BY valid_from DESC LIMIT 1`,
            [t.versions, id],
          )
          .then((r) => r.rows[0]?.state ?? null);
        sections.set(id, got);
      }
      return got;
    };
    const ctx = { names, ability: viewer.ability, section };
    const last = pageRows.at(-1);
    return {
      rows: (await Promise.all(rows.map((row) => describeChange(row, ctx)))).filter(
        (row) => row !== null,
      ),
      next: found.rows.length > query.take && last ? cursorOf(last) : null,
      since: since ? { at: since.at, position: since.position } : null,
    };
  }

  /** The versions each change of a page ended and began. */
  async function withVersions(
    t: FeedTables,
    rows: Omit<ChangeRow, 'before' | 'after'>[],
  ): Promise<ChangeRow[]> {
    if (rows.length === 0) return [];
    const keys = rows.map((r) => [r.kind, r.id, Number(r.seq)] as const);
    const found = await knex.raw<{
      rows: { kind: string; id: string; seq: string; before: unknown; after: unknown }[];
    }>(
      `SELECT k.kind, k.id, k.seq,
         (SELECT b.state FROM ?? b WHERE b.kind = k.kind AND b.id = k.id AND b.valid_from < k.seq
            AND b.valid_to = k.seq ORDER BY b.valid_from DESC LIMIT 1) AS before,
         (SELECT a.state FROM ?? a WHERE a.kind = k.kind AND a.id = k.id AND a.valid_from = k.seq)
           AS after
       FROM (VALUES ${keys.map(() => '(?::text, ?::text, ?::bigint)').join(', ')}) AS k(kind, id, seq)`,
      [t.versions, t.versions, ...keys.flat()],
    );
    const byKey = new Map(found.rows.map((r) => [`${r.kind}\u0000${r.id}\u0000${r.seq}`, r]));
    return rows.map((row) => {
      const versions = byKey.get(`${row.kind}\u0000${row.id}\u0000${String(Number(row.seq))}`);
      return {
        ...row,
        before: (versions?.before ?? null) as Record<string, unknown> | null,
        after: (versions?.after ?? null) as Record<string, unknown> | null,
      };
    });
  }

  /** How many changes (the same filters) came after a cursor: the "N new changes" bar. */
  async function count(viewer: FeedViewer, query: ChangeFeedQuery): Promise<number> {
    const t = await feedTablesNow();
    const since = await sinceOf(t, viewer, query);
    const where = conditions(viewer, query, since);
    const found = await knex.raw<{ rows: { count: string }[] }>(
      `SELECT count(*) AS count FROM (
         SELECT 1 FROM ?? c JOIN ?? l ON l.seq = c.seq WHERE ${where.sql} LIMIT 1000) n`,
      [t.changes, t.log, ...where.bindings],
    );
    return Number(found.rows[0]?.count ?? 0);
  }

  return { page, count };
}
