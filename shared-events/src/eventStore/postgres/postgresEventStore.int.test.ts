// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import {
  openNativeTestDatabase,
  openPgliteTestDatabase,
  type TestDatabase,
} from '../../testing/databases.js';
import { describeEventStoreContract } from '../contract/eventStoreContract.js';
import { WrongExpectedVersionError, type Position } from '../port.js';
import { EventIdConflictError } from './errors.js';
import { createPostgresEventStore, type PostgresEventStore } from './postgresEventStore.js';

const quietLogger = { warn: () => undefined, error: () => undefined };

async function openStore(database: () => Promise<TestDatabase>) {
  const db = await database();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  let store: PostgresEventStore;
  try {
    store = await createPostgresEventStore({ pool, schema: db.schema, logger: quietLogger });
  } catch (err) {
    await pool.end();
    await db.close();
    throw err;
  }
  return {
    store,
    db,
    pool,
    async close() {
      await store.close();
      await pool.end();
      await db.close();
    },
  };
}

describeEventStoreContract('PostgreSQL', () => openStore(openNativeTestDatabase));
describeEventStoreContract('PGlite', () => openStore(openPgliteTestDatabase));

describe.each([
  ['PostgreSQL', openNativeTestDatabase],
  ['PGlite', openPgliteTestDatabase],
])('PostgreSQL event store specifics on %s', (_name, database) => {
  let opened: Awaited<ReturnType<typeof openStore>>;
  beforeAll(async () => {
    opened = await openStore(database);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('creates its schema idempotently: a second store on the same schema shares the log', async () => {
    const appended = await opened.store.appendToStream(`again-${randomUUID()}`, {
      type: 'T',
      data: {},
    });
    const second = await createPostgresEventStore({
      pool: opened.pool,
      schema: opened.db.schema,
      logger: quietLogger,
    });
    try {
      // The log shows a commit once no older transaction is open anywhere on the server (other
      // test files run beside this one): wait for it rather than read it at once.
      const reached = (h: Position | null) =>
        h !== null &&
        h.commit === appended.position.commit &&
        h.prepare === appended.position.prepare;
      let head = await second.headPosition();
      for (let tries = 0; tries < 100 && !reached(head); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        head = await second.headPosition();
      }
      expect(head).toEqual(appended.position);
    } finally {
      await second.close();
    }
  });

  it('rejects event ids already used in another stream', async () => {
    const id = randomUUID();
    await opened.store.appendToStream(`ids-${randomUUID()}`, { id, type: 'T', data: {} });
    await expect(
      opened.store.appendToStream(`ids-${randomUUID()}`, { id, type: 'T', data: {} }),
    ).rejects.toBeInstanceOf(EventIdConflictError);
    const other = `ids-${randomUUID()}`;
    await opened.store.appendToStream(other, { type: 'T', data: {} });
    await expect(
      opened.store.appendToStream(other, { id, type: 'T', data: {} }, { expectedState: 0n }),
    ).rejects.toBeInstanceOf(EventIdConflictError);
  });

  it('answers a wrong expected version when reused ids sit at another revision', async () => {
    const streamId = `ids-${randomUUID()}`;
    const id = randomUUID();
    await opened.store.appendToStream(streamId, [{ id, type: 'T', data: {} }], {
      expectedState: 'no_stream',
    });
    await opened.store.appendToStream(streamId, [{ type: 'T', data: {} }]);
    const err: unknown = await opened.store
      .appendToStream(streamId, [{ id, type: 'T', data: {} }], { expectedState: 0n })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect(err).toMatchObject({ actualState: 1n });
  });

  it('sets idle_in_transaction_session_timeout on its connections (PostgreSQL) and leaves PGlite alone', async () => {
    const clients = await Promise.all([1, 2, 3].map(() => opened.pool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ t: string }>(
          "SELECT current_setting('idle_in_transaction_session_timeout') AS t",
        );
        // On PGlite the timeout would wedge its one session for good instead of ending a transaction.
        expect(rows[0]?.t).toBe(opened.db.kind === 'pglite' ? '0' : '10s');
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('refuses to run when stored transaction ids are ahead of the server (a logical restore)', async () => {
    const schema = `${opened.db.schema}_restored`;
    const restored = await createPostgresEventStore({
      pool: opened.pool,
      schema,
      logger: quietLogger,
    });
    await restored.close();
    await opened.pool.query(
      `INSERT INTO "${schema}".es_events (transaction_id, stream_id, stream_revision, event_id, event_type, data)
       VALUES ((pg_snapshot_xmax(pg_current_snapshot())::text::bigint + 1000000)::text::xid8,
               'restored-1', 0, $1, 'T', '{}')`,
      [randomUUID()],
    );
    try {
      await expect(
        createPostgresEventStore({ pool: opened.pool, schema, logger: quietLogger }),
      ).rejects.toThrow(/restored logically/);
    } finally {
      await opened.pool.query(`DROP SCHEMA "${schema}" CASCADE`);
    }
  });
});

// PGlite has one session, so no transaction can be open beside an append there.
describe('the visible and the committed head on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof openStore>>;
  beforeAll(async () => {
    opened = await openStore(openNativeTestDatabase);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('holds an append back from the visible head while an older transaction is open, not from the committed head', async () => {
    const before = await opened.store.appendToStream(`seen-${randomUUID()}`, {
      type: 'T',
      data: {},
    });
    const older = await opened.pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const appended = await opened.store.appendToStream(`held-${randomUUID()}`, {
        type: 'T',
        data: {},
      });
      expect(await opened.store.headPosition()).toEqual(before.position);
      expect(await opened.store.committedHeadPosition()).toEqual(appended.position);
      await older.query('COMMIT');
      expect(await opened.store.headPosition()).toEqual(appended.position);
    } finally {
      older.release();
    }
  });
});
