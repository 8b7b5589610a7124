// @allot-needs postgres
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openConnections } from './connections.js';

async function settingOf(databaseUrl: string | null) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-connections-'));
  const connections = await openConnections({
    databaseUrl,
    dataDir,
    dbPoolSize: 2,
    eventStoreConnectionString: null,
  });
  try {
    const readModels = await connections.knex.raw<{ rows: { synchronous_commit: string }[] }>(
      'SHOW synchronous_commit',
    );
    const store = await connections.pool.query<{ synchronous_commit: string }>(
      'SHOW synchronous_commit',
    );
    return {
      readModels: readModels.rows[0]?.synchronous_commit,
      store: store.rows[0]?.synchronous_commit,
    };
  } finally {
    await connections.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

test('on a server, read models commit without waiting for the disk; the event store waits', async () => {
  expect(await settingOf(process.env.DATABASE_URL ?? null)).toEqual({
    readModels: 'off',
    store: 'on',
  });
});

test('embedded (one PGlite session for all connections), every commit waits', async () => {
  expect(await settingOf(null)).toEqual({ readModels: 'on', store: 'on' });
});
