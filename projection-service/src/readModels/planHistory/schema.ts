import type { Knex } from 'knex';
import type { ProjectionContext } from '../../runner/projection.js';

/** One row per event the plan's history took in: its own sequence, log position and instant. */
export const PLAN_LOG_TABLE = 'plan_log';
/**
 * Every version of every record reports read (system-versioned, DESIGN §8 "as of any instant"):
 * a version is valid from the sequence of the event that made it until the sequence of the
 * event that replaced it (null: still current). "As of sequence S" is a filter, not a replay.
 */
export const PLAN_VERSIONS_TABLE = 'plan_versions';
/** What each event changed: one row per event and record it created, changed or removed. */
export const PLAN_CHANGES_TABLE = 'plan_changes';

export async function migratePlanHistory(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
): Promise<void> {
  const name = (logical: string, suffix: string) => `${ctx.physicalName(logical)}_${suffix}`;
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       seq bigint PRIMARY KEY,
       commit_position numeric(20) NOT NULL,
       prepare_position numeric(20) NOT NULL,
       recorded_at timestamptz NOT NULL,
       event_type text NOT NULL,
       actor_id text,
       on_behalf_of_id text,
       api_key_id text,
       correlation_id text
     )`,
    [ctx.table(PLAN_LOG_TABLE)],
  );
  // The change feed's "changes by this person", newest first.
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (actor_id, seq)', [
    name(PLAN_LOG_TABLE, 'actor'),
    ctx.table(PLAN_LOG_TABLE),
  ]);
  // What each event changed, one row per record (the change feed): the versions before and
  // after are the ones ending and beginning at `seq`.
  const changes = ctx.table(PLAN_CHANGES_TABLE);
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       seq bigint NOT NULL,
       kind text NOT NULL,
       id text NOT NULL,
       change text NOT NULL,
       period_id text,
       workgroup_id text,
       parent_id text,
       user_id text,
       previous_user_id text,
       label text,
       PRIMARY KEY (seq, kind, id)
     )`,
    [changes],
  );
  for (const column of ['period_id', 'workgroup_id', 'user_id', 'kind']) {
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (??, seq)', [
      name(PLAN_CHANGES_TABLE, column.replace('_id', '')),
      changes,
      column,
    ]);
  }
  await trx.raw('CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (commit_position, prepare_position)', [
    name(PLAN_LOG_TABLE, 'position'),
    ctx.table(PLAN_LOG_TABLE),
  ]);
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (recorded_at, seq)', [
    name(PLAN_LOG_TABLE, 'recorded'),
    ctx.table(PLAN_LOG_TABLE),
  ]);
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       kind text NOT NULL,
       id text NOT NULL,
       valid_from bigint NOT NULL,
       valid_to bigint,
       period_id text,
       workgroup_id text,
       parent_id text,
       user_id text,
       share_percent double precision,
       status text,
       section_number text,
       section_name text,
       own_points double precision,
       enrollment double precision,
       term_id text,
       mode_id text,
       state jsonb NOT NULL,
       PRIMARY KEY (kind, id, valid_from)
     )`,
    [ctx.table(PLAN_VERSIONS_TABLE)],
  );
  const versions = ctx.table(PLAN_VERSIONS_TABLE);
  // Vacuumed after 0.5 % of new or changed rows rather than 20 % (its statistics at the usual 10 %):
  // the reports' index-only scans skip the table only on pages the visibility map marks
  // all-visible. On the 20,000-section plan after a day's assigning (15,000 changes, fewer than
  // 2 % of a million versions) one Sections report read 15,745 versions from the table and took
  // 48 ms; after a vacuum (1.3 s, most pages already visible) 25 ms.
  await trx.raw(
    `ALTER TABLE ?? SET (autovacuum_vacuum_scale_factor = 0.005,
       autovacuum_vacuum_insert_scale_factor = 0.005)`,
    [versions],
  );
  // The current plan: a partial index of the open versions, as small as the plan itself.
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (kind, period_id) WHERE valid_to IS NULL', [
    name(PLAN_VERSIONS_TABLE, 'current'),
    versions,
  ]);
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (kind, id) WHERE valid_to IS NULL', [
    name(PLAN_VERSIONS_TABLE, 'open'),
    versions,
  ]);
  // A past plan: the versions of a kind and period that began by S, checked for their end.
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (kind, period_id, valid_from)', [
    name(PLAN_VERSIONS_TABLE, 'asof'),
    versions,
  ]);
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (kind, parent_id, valid_from)', [
    name(PLAN_VERSIONS_TABLE, 'parent'),
    versions,
  ]);
  // A period's assignments with what a report sums of them, read without visiting the table
  // (index-only): now, in their sections' order (summed as they come, merged with the sections
  // below, nothing hashed), and as of S (the versions begun by S, their end checked in the
  // index). The first indexes of each kept no order (names without `_by_`): dropped.
  await trx.raw('DROP INDEX IF EXISTS ??', [
    `${ctx.schema}.${name(PLAN_VERSIONS_TABLE, 'assignments')}`,
  ]);
  await trx.raw(
    `CREATE INDEX IF NOT EXISTS ?? ON ?? (period_id, parent_id)
     INCLUDE (user_id, share_percent, status) WHERE kind = 'assignment' AND valid_to IS NULL`,
    [name(PLAN_VERSIONS_TABLE, 'assignments_by_section'), versions],
  );
  await trx.raw(
    `CREATE INDEX IF NOT EXISTS ?? ON ?? (period_id, valid_from)
     INCLUDE (valid_to, parent_id, user_id, share_percent, status) WHERE kind = 'assignment'`,
    [name(PLAN_VERSIONS_TABLE, 'assignments_asof'), versions],
  );
  // A period's current sections in id order with what the Sections report reads of them.
  await trx.raw('DROP INDEX IF EXISTS ??', [
    `${ctx.schema}.${name(PLAN_VERSIONS_TABLE, 'sections')}`,
  ]);
  await trx.raw(
    `CREATE INDEX IF NOT EXISTS ?? ON ?? (period_id, id)
     INCLUDE (parent_id, workgroup_id, section_number, section_name, own_points, enrollment,
       term_id, mode_id)
     WHERE kind = 'section' AND valid_to IS NULL`,
    [name(PLAN_VERSIONS_TABLE, 'sections_by_id'), versions],
  );
  // The sections alive at S: a range index finds them among every version of every section
  // (about 45 each, one per change) without reading the versions begun before S one by one.
  await trx.raw(
    `CREATE INDEX IF NOT EXISTS ?? ON ?? USING gist (int8range(valid_from, valid_to))
     WHERE kind = 'section'`,
    [name(PLAN_VERSIONS_TABLE, 'sections_alive'), versions],
  );
}
