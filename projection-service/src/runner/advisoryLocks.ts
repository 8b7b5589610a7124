import type { Knex } from 'knex';

/** The part of a `pg` client the lock connection needs. */
interface RawConnection {
  query(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Session-level advisory locks held on one dedicated connection (outside knex's pool, so a held
 * lock never costs a pool slot). If the connection breaks, every lock it held is gone: `check`
 * reports that and the next `tryLock` opens a new connection.
 * Under PGlite all connections share one session and these locks are re-entrant; correctness
 * never depends on them (checkpoints are compare-and-set), they only avoid wasted work.
 */
export interface AdvisoryLocks {
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** False when the connection (and so every lock) was lost since the last check. */
  check(): Promise<boolean>;
  close(): Promise<void>;
}

export function projectionLockKey(projectionName: string): string {
  return `allot:projection:${projectionName}`;
}

export function replayLockKey(projectionName: string): string {
  return `allot:replay:${projectionName}`;
}

export function openAdvisoryLocks(knex: Knex): AdvisoryLocks {
  let connection: Promise<RawConnection> | null = null;
  let closed = false;

  // knex types its client and raw connections as `any`; we narrow to the calls we make.
  const client = knex.client as Knex.Client;
  const open = (): Promise<RawConnection> =>
    client.acquireRawConnection() as Promise<RawConnection>;

  const drop = async (): Promise<void> => {
    const current = connection;
    connection = null;
    if (!current) return;
    try {
      await client.destroyRawConnection(await current);
    } catch {
      // Already broken: nothing left to release.
    }
  };

  // One query at a time on the connection: every worker takes its lock at start, together, and
  // pg queues a query sent while another runs only with a deprecation warning (an error in pg 9).
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const use = async (): Promise<RawConnection> => {
    if (closed) throw new Error('Advisory lock connection is closed');
    connection ??= open();
    try {
      return await connection;
    } catch (err) {
      connection = null;
      throw err;
    }
  };

  return {
    async tryLock(key) {
      const conn = await use();
      try {
        const result = await serially(() =>
          conn.query('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [key]),
        );
        return result.rows[0]?.ok === true;
      } catch (err) {
        await drop();
        throw err;
      }
    },
    async unlock(key) {
      if (!connection) return;
      try {
        const conn = await connection;
        await serially(() => conn.query('SELECT pg_advisory_unlock(hashtext($1))', [key]));
      } catch {
        await drop();
      }
    },
    async check() {
      if (!connection) return false;
      try {
        const conn = await connection;
        await serially(() => conn.query('SELECT 1', []));
        return true;
      } catch {
        await drop();
        return false;
      }
    },
    async close() {
      closed = true;
      await drop();
    },
  };
}
