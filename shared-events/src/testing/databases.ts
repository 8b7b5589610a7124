import pg from 'pg';
import { randomBytes } from 'node:crypto';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../embeddedPostgres/embeddedPostgres.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';

/**
 * The run's native PostgreSQL database (created by testing/globalSetup.js from DATABASE_URL), or
 * null on a newcomer's machine without one. In CI its absence is an error, never a skip.
 */
export function nativeDatabaseUrl(): string | null {
  const url = process.env.ALLOT_TEST_DATABASE_URL;
  if (!url && ci) throw new Error('CI=true but no test database: set DATABASE_URL.');
  return url ?? null;
}

export function requireNativeDatabaseUrl(): string {
  const url = nativeDatabaseUrl();
  if (!url) throw new Error('This test needs PostgreSQL: set DATABASE_URL.');
  return url;
}

export function redisTestUrl(): string | null {
  const url = process.env.ALLOT_TEST_REDIS_URL;
  if (!url && ci) throw new Error('CI=true but REDIS_URL is not set or unreachable.');
  return url ?? null;
}

/** A key prefix unique to this run and file, so parallel files never share Redis keys. */
export function redisTestPrefix(): string {
  return `${process.env.ALLOT_TEST_REDIS_PREFIX ?? 'allot-test'}-${uniqueName('r')}`;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** A fresh schema in the run's database; dropped by `drop`. Each test file uses its own. */
export async function createTestSchema(
  url: string,
): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = uniqueName('t');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

export interface TestDatabase {
  kind: 'postgres' | 'pglite';
  url: string;
  schema: string;
  close(): Promise<void>;
}

/** Native PostgreSQL (a fresh schema in the run's database). */
export async function openNativeTestDatabase(): Promise<TestDatabase> {
  const url = requireNativeDatabaseUrl();
  const { schema, drop } = await createTestSchema(url);
  return { kind: 'postgres', url, schema, close: drop };
}

/** An in-memory PGlite served over the wire protocol, reached with `pg` like a real server. */
export async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres();
  const { schema } = await createTestSchema(embedded.url);
  return { kind: 'pglite', url: embedded.url, schema, close: () => embedded.stop() };
}

/** Native when the run has PostgreSQL, PGlite otherwise (a newcomer's `npm test`). */
export async function openTestDatabase(): Promise<TestDatabase> {
  return nativeDatabaseUrl() ? openNativeTestDatabase() : openPgliteTestDatabase();
}
