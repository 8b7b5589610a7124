// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { openNativeTestDatabase, type TestDatabase } from '../../testing/databases.js';
import { WrongExpectedVersionError, type Position } from '../port.js';
import { START_POSITION } from '../position.js';
import {
  collect,
  fingerprint,
  openPooledStore,
  waitUntil,
  type PooledStore,
} from './testing/harness.js';

// Native PostgreSQL only: these tests need truly concurrent transactions.
describe('PostgreSQL event store under concurrent writers', () => {
  let db: TestDatabase;
  let reader: PooledStore;

  beforeAll(async () => {
    db = await openNativeTestDatabase();
    reader = await openPooledStore(db.url, db.schema, { max: 2 });
  });
  afterAll(async () => {
    await reader.close();
    await db.close();
  });

  it('lets exactly one of 16 writers win each revision of one stream, without gaps', async () => {
    const writers = await Promise.all(
      Array.from({ length: 16 }, () => openPooledStore(db.url, db.schema)),
    );
    const streamId = `race-${randomUUID()}`;
    const appendsPerWriter = 8;
    const winners = new Map<bigint, number>();
    let conflicts = 0;
    try {
      await Promise.all(
        writers.map(async ({ store }, writer) => {
          let expected: bigint | 'no_stream' = 'no_stream';
          for (let done = 0; done < appendsPerWriter;) {
            try {
              const result = await store.appendToStream(
                streamId,
                { type: 'Raced', data: { writer, done } },
                { expectedState: expected },
              );
              expect(winners.has(result.nextExpectedRevision)).toBe(false);
              winners.set(result.nextExpectedRevision, writer);
              expected = result.nextExpectedRevision;
              done++;
            } catch (err) {
              if (!(err instanceof WrongExpectedVersionError)) throw err;
              conflicts++;
              expected = err.actualState;
            }
          }
        }),
      );
    } finally {
      await Promise.all(writers.map((w) => w.close()));
    }
    const total = 16 * appendsPerWriter;
    const events = await reader.store.readStream(streamId);
    expect(events.map((e) => e.revision)).toEqual(
      Array.from({ length: total }, (_, i) => BigInt(i)),
    );
    expect(events.map((e) => (e.data as { writer: number }).writer)).toEqual(
      events.map((e) => winners.get(e.revision)),
    );
    expect(conflicts).toBeGreaterThan(0);
  });

  it('delivers a transaction that commits after a later one, in (transaction, position) order', async () => {
    // PostgreSQL only: PGlite runs one transaction at a time, so this interleaving cannot occur there.
    const start = (await reader.store.headPosition()) ?? START_POSITION;
    const subscription = reader.store.subscribeToAll({ fromPosition: start });
    const { received: all, done } = collect(subscription);
    // Only this test's streams: the previous test's last commits may become visible after the
    // head was read (a transaction open elsewhere on the server holds the log's visible end).
    const ours = (e: { streamId: string }) => e.streamId.startsWith('order-');
    const oursReceived = () => all.filter(ours);
    const a = new pg.Client({ connectionString: db.url });
    const b = new pg.Client({ connectionString: db.url });
    await a.connect();
    await b.connect();
    const append = (client: pg.Client, streamId: string) =>
      client.query<{ out_transaction_id: string; out_global_position: string }>(
        `SELECT out_transaction_id::text, out_global_position::text
           FROM "${db.schema}".es_append($1, 'order', -2, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])`,
        [streamId, [randomUUID()], ['Ordered'], [JSON.stringify({ streamId })], ['{}']],
      );
    try {
      await a.query('BEGIN');
      const fromA = (await append(a, `order-a-${randomUUID()}`)).rows[0];
      const fromB = (await append(b, `order-b-${randomUUID()}`)).rows[0];
      if (!fromA || !fromB) throw new Error('append returned no row');
      expect(BigInt(fromA.out_transaction_id)).toBeLessThan(BigInt(fromB.out_transaction_id));
      // B is committed but must stay invisible while the earlier transaction A is open.
      await new Promise((r) => setTimeout(r, 300));
      expect(oursReceived()).toEqual([]);
      expect((await reader.store.readAll({ fromPosition: start })).filter(ours)).toEqual([]);
      await a.query('COMMIT');
      await waitUntil(() => oursReceived().length >= 2, 10_000, 'both events');
      const positions = oursReceived().map((e) => e.position);
      expect(positions).toEqual<Position[]>([
        { commit: BigInt(fromA.out_transaction_id), prepare: BigInt(fromA.out_global_position) },
        { commit: BigInt(fromB.out_transaction_id), prepare: BigInt(fromB.out_global_position) },
      ]);
      expect(oursReceived().map(fingerprint)).toEqual(
        (await reader.store.readAll({ fromPosition: start })).filter(ours).map(fingerprint),
      );
    } finally {
      await a.query('ROLLBACK').catch(() => undefined);
      await a.end();
      await b.end();
      await subscription.unsubscribe();
      await done;
    }
  });

  it('delivers to a subscriber started mid-log exactly the events after its start', async () => {
    const start = (await reader.store.headPosition()) ?? START_POSITION;
    // Only this test's streams (the earlier tests' last commits may become visible late).
    const ours = (e: { streamId: string }) => e.streamId.startsWith('mid-');
    for (let i = 0; i < 20; i++) {
      const events = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
        type: 'Mid',
        data: { i, k },
      }));
      await reader.store.appendToStream(`mid-${String(i % 4)}-${db.schema}`, events);
    }
    const log = (await reader.store.readAll({ fromPosition: start })).filter(ours);
    const cut = 17;
    const from = log[cut - 1]?.position;
    if (!from) throw new Error('log too short');
    const subscription = reader.store.subscribeToAll({ fromPosition: from, batchSize: 7 });
    const { received: all, done } = collect(subscription);
    try {
      await waitUntil(() => all.filter(ours).length >= log.length - cut, 10_000, 'catch-up');
      await reader.store.appendToStream(`mid-late-${db.schema}`, {
        type: 'Mid',
        data: { late: true },
      });
      const expected = (await reader.store.readAll({ fromPosition: from })).filter(ours);
      await waitUntil(() => all.filter(ours).length >= expected.length, 10_000, 'the live event');
      expect(all.filter(ours).map(fingerprint)).toEqual(expected.map(fingerprint));
      expect(all.filter(ours)[0]?.position).toEqual(log[cut]?.position);
    } finally {
      await subscription.unsubscribe();
      await done;
    }
  });
});
