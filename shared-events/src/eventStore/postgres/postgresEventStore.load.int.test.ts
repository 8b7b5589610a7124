// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import {
  openNativeTestDatabase,
  requireNativeDatabaseUrl,
  uniqueName,
} from '../../testing/databases.js';
import {
  WrongExpectedVersionError,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '../port.js';
import {
  collect,
  fingerprint,
  openPooledStore,
  waitUntil,
  type PooledStore,
} from './testing/harness.js';

// Native PostgreSQL only: 16 truly concurrent writers, and connections killed by the server.
const WRITERS = 16;

/** Index of the first difference of two event sequences, or -1 when they are identical. */
function firstDifference(a: readonly RecordedEvent[], b: readonly RecordedEvent[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || fingerprint(x) !== fingerprint(y)) return i;
  }
  return -1;
}

/** One append of 1 event or of 2–8 events, alternating, so both shapes interleave. */
function batch(writer: number, seq: number): EventToAppend[] {
  const size = seq % 2 === 0 ? 1 : 2 + (seq % 7);
  return Array.from({ length: size }, (_, k) => ({
    id: randomUUID(),
    type: 'Loaded',
    data: { writer, seq, k },
  }));
}

async function openWriters(url: string, schema: string): Promise<PooledStore[]> {
  const writers: PooledStore[] = [];
  for (let i = 0; i < WRITERS; i++) writers.push(await openPooledStore(url, schema));
  return writers;
}

describe('PostgreSQL event store under load', () => {
  it('feeds a live subscriber while 16 writers append 50,000 events, exactly the final log', async () => {
    const db = await openNativeTestDatabase();
    const reader = await openPooledStore(db.url, db.schema, { max: 2 });
    const writers = await openWriters(db.url, db.schema);
    const subscription = reader.store.subscribeToAll({ fromPosition: 'start' });
    const { received, done } = collect(subscription);
    try {
      const perWriter = 50_000 / WRITERS;
      const started = Date.now();
      await Promise.all(
        writers.map(async ({ store }, writer) => {
          const revisions = new Map<string, bigint>();
          let written = 0;
          for (let seq = 0; written < perWriter; seq++) {
            const events = batch(writer, seq).slice(0, perWriter - written);
            const streamId = `load-${String(writer)}-${String(seq % 40)}`;
            // Half the appends state the revision they expect, half append to whatever is there.
            const known = revisions.get(streamId);
            const expectedState = seq % 4 < 2 ? (known ?? 'no_stream') : 'any';
            const result = await store.appendToStream(streamId, events, { expectedState });
            revisions.set(streamId, result.nextExpectedRevision);
            written += events.length;
          }
        }),
      );
      const writeMs = Date.now() - started;
      const receivedWhileWriting = received.length;
      await waitUntil(() => received.length >= 50_000, 30_000, 'the subscriber to catch up');
      const log = await reader.store.readAll();
      expect(log).toHaveLength(50_000);
      expect(received).toHaveLength(50_000);
      expect(firstDifference(received, log)).toBe(-1);
      expect(receivedWhileWriting).toBeGreaterThanOrEqual(50_000 / 4);
      console.info(
        `50,000 events by 16 writers in ${String(writeMs)} ms; ${String(receivedWhileWriting)} delivered live meanwhile`,
      );
    } finally {
      await subscription.unsubscribe();
      await done;
      await Promise.all(writers.map((w) => w.close()));
      await reader.close();
      await db.close();
    }
  });

  it('loses and repeats nothing when the server ends every connection under load', async () => {
    // A database of its own: the termination statement ends every connection to it.
    const admin = new pg.Client({ connectionString: requireNativeDatabaseUrl() });
    await admin.connect();
    const name = uniqueName('allot_faults');
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(requireNativeDatabaseUrl());
    url.pathname = `/${name}`;
    const faultsUrl = url.toString();
    const warnings: unknown[] = [];
    const logger = {
      warn: (_m: string, e?: unknown) => void warnings.push(e),
      error: (_m: string, e?: unknown) => void warnings.push(e),
    };
    const reader = await openPooledStore(faultsUrl, 'event_store', { max: 2, logger });
    const writers = await openWriters(faultsUrl, 'event_store');
    const subscription = reader.store.subscribeToAll({ fromPosition: 'start', batchSize: 200 });
    const { received, done } = collect(subscription);
    const killer = new pg.Client({ connectionString: faultsUrl });
    await killer.connect();
    const acknowledged: string[] = [];
    let failedAttempts = 0;
    let stopWriting = false;
    try {
      const appendUntilAcknowledged = async (
        store: EventStore,
        streamId: string,
        events: EventToAppend[],
        expectedState: bigint | 'no_stream' | 'any',
      ) => {
        for (;;) {
          try {
            return await store.appendToStream(streamId, events, { expectedState });
          } catch (err) {
            // Our writers own their streams, so a conflict here would be a lost or doubled append.
            if (err instanceof WrongExpectedVersionError) throw err;
            failedAttempts++;
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      };
      const writing = Promise.all(
        writers.map(async ({ store }, writer) => {
          const revisions = new Map<string, bigint>();
          for (let seq = 0; !stopWriting; seq++) {
            const streamId = `fault-${String(writer)}-${String(seq % 10)}`;
            const events = batch(writer, seq);
            const known = revisions.get(streamId);
            const expectedState = seq % 3 === 2 ? 'any' : (known ?? 'no_stream');
            const result = await appendUntilAcknowledged(store, streamId, events, expectedState);
            revisions.set(streamId, result.nextExpectedRevision);
            for (const e of events) acknowledged.push(e.id ?? '');
          }
        }),
      );
      for (let kill = 0; kill < 4; kill++) {
        await new Promise((r) => setTimeout(r, 600));
        await killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      }
      await new Promise((r) => setTimeout(r, 400));
      stopWriting = true;
      await writing;

      // Readers see an event once every older transaction on the server has ended: wait for all.
      await waitUntil(
        () => received.length >= acknowledged.length,
        30_000,
        'the subscriber to catch up',
      );
      const log = await reader.store.readAll();
      expect(failedAttempts).toBeGreaterThan(0);
      expect(log.map((e) => e.id).sort()).toEqual([...acknowledged].sort());
      expect(received).toHaveLength(log.length);
      expect(firstDifference(received, log)).toBe(-1);
      console.info(
        `faults: ${String(acknowledged.length)} events acknowledged, ${String(failedAttempts)} failed attempts retried, ` +
          `${String(warnings.length)} subscriber/pool warnings`,
      );
    } finally {
      stopWriting = true;
      await subscription.unsubscribe();
      await done;
      await Promise.all(writers.map((w) => w.close()));
      await reader.close();
      await killer.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
