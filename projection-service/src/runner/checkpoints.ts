import type { Knex } from 'knex';
import type { Position } from '@allot/shared-events';
import { assertIdentifier, qualified } from './sql.js';
import type { TableGeneration } from './tableNames.js';

/** One row of `es_checkpoints`: how far a subscription (a projection or a replay build) got. */
export interface Checkpoint {
  readonly subscriptionId: string;
  readonly generation: TableGeneration;
  readonly position: Position;
  readonly owner: string | null;
}

interface CheckpointRow {
  subscription_id: string;
  version: number;
  build: number;
  last_tx: string;
  last_pos: string;
  owner: string | null;
}

/**
 * Creates the read-model schema, `es_checkpoints` and `projection_versions` when missing. A
 * transaction-level advisory lock serialises concurrent starts (CREATE ... IF NOT EXISTS races).
 */
export async function ensureProjectionTables(knex: Knex, schema: string): Promise<void> {
  assertIdentifier(schema, 'Schema');
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['allot:projection-tables']);
    const exists = await trx.raw<{ rows: unknown[] }>(
      'SELECT 1 FROM pg_namespace WHERE nspname = ?',
      [schema],
    );
    if (exists.rows.length === 0) await trx.raw('CREATE SCHEMA ??', [schema]);
    // `build` extends the column list: it tells a replayed copy of the same version apart.
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         subscription_id text PRIMARY KEY,
         version int NOT NULL,
         build int NOT NULL DEFAULT 0,
         last_tx xid8 NOT NULL,
         last_pos bigint NOT NULL,
         owner text,
         heartbeat_at timestamptz)`,
      [qualified(schema, 'es_checkpoints')],
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         name text PRIMARY KEY,
         active_version int NOT NULL,
         active_build int NOT NULL DEFAULT 0,
         tables text[] NOT NULL DEFAULT '{}',
         switched_at timestamptz NOT NULL DEFAULT now())`,
      [qualified(schema, 'projection_versions')],
    );
  });
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    subscriptionId: row.subscription_id,
    generation: { version: row.version, build: row.build },
    position: { commit: BigInt(row.last_tx), prepare: BigInt(row.last_pos) },
    owner: row.owner,
  };
}

/**
 * Reads a checkpoint; `forUpdate` locks the row until the transaction ends and, in the same round
 * trip, turns off synchronous commit for that transaction: a read model is derived data, and a
 * crash that loses its last commits loses their checkpoint with them, so they are applied again.
 */
export async function readCheckpoint(
  db: Knex | Knex.Transaction,
  schema: string,
  subscriptionId: string,
  forUpdate = false,
): Promise<Checkpoint | null> {
  const result = await db.raw<{ rows: CheckpointRow[] }>(
    forUpdate
      ? `SELECT c.subscription_id, c.version, c.build, c.last_tx::text AS last_tx,
                c.last_pos::text AS last_pos, c.owner
           FROM ?? AS c, (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
          WHERE c.subscription_id = ? FOR UPDATE OF c`
      : `SELECT subscription_id, version, build, last_tx::text AS last_tx, last_pos::text AS last_pos, owner
           FROM ?? WHERE subscription_id = ?`,
    [qualified(schema, 'es_checkpoints'), subscriptionId],
  );
  const row = result.rows[0];
  return row ? toCheckpoint(row) : null;
}

/** Inserts or moves a checkpoint (the caller's transaction holds it with the read-model change). */
export async function writeCheckpoint(
  db: Knex | Knex.Transaction,
  schema: string,
  checkpoint: Checkpoint,
): Promise<void> {
  await db.raw(
    `INSERT INTO ?? AS c (subscription_id, version, build, last_tx, last_pos, owner, heartbeat_at)
     VALUES (?, ?, ?, ?::xid8, ?, ?, now())
     ON CONFLICT (subscription_id) DO UPDATE SET version = excluded.version, build = excluded.build,
       last_tx = excluded.last_tx, last_pos = excluded.last_pos, owner = excluded.owner,
       heartbeat_at = excluded.heartbeat_at`,
    [
      qualified(schema, 'es_checkpoints'),
      checkpoint.subscriptionId,
      checkpoint.generation.version,
      checkpoint.generation.build,
      checkpoint.position.commit.toString(),
      checkpoint.position.prepare.toString(),
      checkpoint.owner,
    ],
  );
}

/**
 * Compare-and-set in one statement: moves the stored checkpoint from `expected` to `next` and locks
 * its row until the transaction ends, only if it still is `expected` (false otherwise). Like
 * `readCheckpoint(…, true)`, it turns off synchronous commit for the transaction.
 */
export async function advanceCheckpoint(
  trx: Knex.Transaction,
  schema: string,
  expected: Checkpoint,
  next: Checkpoint,
): Promise<boolean> {
  const result = await trx.raw<{ rows: unknown[] }>(
    `UPDATE ?? AS c SET last_tx = ?::xid8, last_pos = ?, owner = ?, heartbeat_at = now()
       FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
      WHERE c.subscription_id = ? AND c.version = ? AND c.build = ?
        AND c.last_tx = ?::xid8 AND c.last_pos = ?
      RETURNING 1 AS moved`,
    [
      qualified(schema, 'es_checkpoints'),
      next.position.commit.toString(),
      next.position.prepare.toString(),
      next.owner,
      expected.subscriptionId,
      expected.generation.version,
      expected.generation.build,
      expected.position.commit.toString(),
      expected.position.prepare.toString(),
    ],
  );
  return result.rows.length === 1;
}

export async function deleteCheckpoint(
  db: Knex | Knex.Transaction,
  schema: string,
  subscriptionId: string,
): Promise<void> {
  await db.raw('DELETE FROM ?? WHERE subscription_id = ?', [
    qualified(schema, 'es_checkpoints'),
    subscriptionId,
  ]);
}

/** Committed positions of the named subscriptions (absent ones are missing from the map). */
export async function readCheckpointPositions(
  db: Knex,
  schema: string,
  subscriptionIds: readonly string[],
): Promise<Map<string, Position>> {
  const result = await db.raw<{ rows: CheckpointRow[] }>(
    `SELECT subscription_id, version, build, last_tx::text AS last_tx, last_pos::text AS last_pos, owner
       FROM ?? WHERE subscription_id = ANY(?)`,
    [qualified(schema, 'es_checkpoints'), [...subscriptionIds]],
  );
  return new Map(result.rows.map((row) => [row.subscription_id, toCheckpoint(row).position]));
}

/** Marks the owner alive (status pages show stale owners); no effect on correctness. */
export async function touchCheckpoint(
  db: Knex,
  schema: string,
  subscriptionId: string,
  owner: string,
): Promise<void> {
  await db.raw('UPDATE ?? SET heartbeat_at = now(), owner = ? WHERE subscription_id = ?', [
    qualified(schema, 'es_checkpoints'),
    owner,
    subscriptionId,
  ]);
}

export function sameCheckpoint(a: Checkpoint, b: Checkpoint): boolean {
  return (
    a.position.commit === b.position.commit &&
    a.position.prepare === b.position.prepare &&
    a.generation.version === b.generation.version &&
    a.generation.build === b.generation.build
  );
}
