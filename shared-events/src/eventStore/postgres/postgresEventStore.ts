import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  StreamNotFoundError,
  type AllSubscription,
  type AppendOptions,
  type AppendResult,
  type StreamAppend,
  type EventStore,
  type EventToAppend,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from '../port.js';
import { START_POSITION } from '../position.js';
import { streamTypeOf } from '../streamIds.js';
import { mapAppendError } from './errors.js';
import { encodeExpectedState } from './expectedState.js';
import { EVENT_COLUMNS, readAllQuery, rowToEvent, type EventRow } from './rows.js';
import { quoteSchema, schemaStatements } from './schema.js';
import { PollingSubscription, type SubscriptionLogger } from './subscription.js';

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** Schema holding the store's tables and functions; created when missing. */
  schema?: string;
  /** How often a live subscription polls for events committed by other processes. */
  pollIntervalMs?: number;
  /**
   * Caps idle-in-transaction time on the pool's connections (new ones get it as a startup
   * parameter, so create the store before the pool is busy); 0 leaves the server's setting alone.
   */
  idleInTransactionTimeoutMs?: number;
  logger?: SubscriptionLogger;
}

interface AppendRow {
  out_revision: string;
  out_transaction_id: string;
  out_global_position: string;
}

interface PositionRow {
  transaction_text: string;
  position_text: string;
}

const DEFAULT_BATCH_SIZE = 500;

/** The PostgreSQL adapter of the event-store port (DESIGN §3). */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly events: string;
  private readonly schema: string;
  private readonly schemaSql: string;
  private readonly pollIntervalMs: number;
  private readonly logger: SubscriptionLogger;
  private readonly wakeUps = new Set<() => void>();
  private readonly subscriptions = new Set<PollingSubscription>();
  /** 'end' subscriptions still resolving their start: appends wait so they land after it. */
  private readonly pendingStarts = new Set<Promise<unknown>>();
  private readonly detachPool: () => void;
  private readonly idleInTransactionTimeoutMs: number;
  /** PGlite serves every connection from one session, so named statements would collide there. */
  private pglite = true;

  constructor(options: PostgresEventStoreOptions) {
    this.pool = options.pool;
    this.schema = options.schema ?? 'event_store';
    this.schemaSql = quoteSchema(this.schema);
    this.events = `${this.schemaSql}.es_events`;
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.logger = options.logger ?? console;
    this.idleInTransactionTimeoutMs = Math.floor(options.idleInTransactionTimeoutMs ?? 10_000);
    this.detachPool = this.attachToPool();
  }

  private attachToPool(): () => void {
    // An idle client killed by the server would otherwise crash the process as an unhandled 'error'.
    const onError = (err: Error) => this.logger.warn('Event-store pool connection failed', err);
    this.pool.on('error', onError);
    return () => this.pool.off('error', onError);
  }

  /**
   * One transaction left idle anywhere on the server holds back the snapshot xmin and so stalls
   * every subscriber: cap it on this pool's connections (as a startup parameter of new ones).
   * Not on PGlite, whose single session hangs for good when the timeout fires.
   */
  private async limitIdleTransactions(client: pg.PoolClient): Promise<void> {
    if (this.idleInTransactionTimeoutMs <= 0) return;
    if (this.pglite) return;
    this.pool.options.idle_in_transaction_session_timeout ??= this.idleInTransactionTimeoutMs;
    await client.query(`SELECT set_config('idle_in_transaction_session_timeout', $1, false)`, [
      String(this.pool.options.idle_in_transaction_session_timeout),
    ]);
  }

  /** Creates the schema, tables and functions when missing; serialised across processes. */
  async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ pglite: boolean }>(
        `SELECT version() LIKE '%PGlite%' AS pglite`,
      );
      this.pglite = rows[0]?.pglite ?? false;
      await this.limitIdleTransactions(client);
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `allot-event-store:${this.schemaSql}`,
      ]);
      for (const statement of schemaStatements(this.schema)) {
        await client.query(statement);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Readers rely on transaction ids growing with time. A logical restore into a fresh cluster
   * can leave stored ids ahead of the server's counter; new events would then sort before old ones.
   */
  async ensureOrdering(): Promise<void> {
    const { rows } = await this.pool.query<{ max_tx: string | null; xmax: string }>(
      `SELECT (SELECT e.transaction_id::text FROM ${this.events} e
                ORDER BY e.transaction_id DESC LIMIT 1) AS max_tx,
              pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
    );
    const row = rows[0];
    if (row?.max_tx != null && BigInt(row.max_tx) >= BigInt(row.xmax)) {
      throw new Error(
        `Event store ${this.schemaSql}: stored transaction id ${row.max_tx} is not below the server's ` +
          `next transaction id ${row.xmax}. The log was restored logically into another cluster, so ` +
          'new events would sort before old ones; refusing to run. Restore physically, or advance ' +
          'the transaction counter past the stored ids.',
      );
    }
  }

  async appendToStream(
    streamId: string,
    events: EventToAppend | readonly EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const list: readonly EventToAppend[] = Array.isArray(events)
      ? events
      : [events as EventToAppend];
    if (list.length === 0) throw new RangeError('appendToStream needs at least one event');
    const expectedState = options.expectedState ?? 'any';
    const expected = encodeExpectedState(expectedState);
    if (this.pendingStarts.size > 0) await Promise.allSettled([...this.pendingStarts]);
    let rows: AppendRow[];
    try {
      ({ rows } = await this.pool.query<AppendRow>({
        // Named (prepared once per connection) on a real server: the append is the hot path.
        ...(this.pglite ? {} : { name: `es_append:${this.schema}` }),
        text: `SELECT out_revision::text, out_transaction_id::text, out_global_position::text
           FROM ${this.schemaSql}.es_append($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])`,
        values: [
          streamId,
          options.streamType ?? streamTypeOf(streamId),
          expected.toString(),
          list.map((e) => e.id ?? randomUUID()),
          list.map((e) => e.type),
          list.map((e) => JSON.stringify(e.data ?? null)),
          list.map((e) => JSON.stringify(e.metadata ?? {})),
        ],
      }));
    } catch (err) {
      throw mapAppendError(err, streamId, expectedState);
    }
    const row = rows[0];
    if (!row) throw new Error('Append function returned no row');
    this.wakeSubscribers();
    return {
      nextExpectedRevision: BigInt(row.out_revision),
      position: {
        commit: BigInt(row.out_transaction_id),
        prepare: BigInt(row.out_global_position),
      },
    };
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.some((a) => a.events.length === 0)) {
      throw new RangeError('appendToStreams needs at least one event per stream');
    }
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) {
      throw new RangeError('appendToStreams takes each stream once');
    }
    if (appends.length === 0) return [];
    if (this.pendingStarts.size > 0) await Promise.allSettled([...this.pendingStarts]);
    // Streams locked in one order by every writer: two such appends never wait on each other
    // in a circle.
    const order = appends
      .map((a, i) => ({ a, i }))
      .sort((x, y) => (x.a.streamId < y.a.streamId ? -1 : 1));
    const starts: number[] = [];
    let next = 1;
    for (const { a } of order) {
      starts.push(next);
      next += a.events.length;
    }
    const events = order.flatMap(({ a }) => a.events);
    let rows: (AppendRow & { stream_id: string })[];
    try {
      // es_append for each stream in one statement, so in one transaction: a failed check of any
      // stream rolls back the others' events.
      ({ rows } = await this.pool.query<AppendRow & { stream_id: string }>({
        text: `SELECT s.stream_id, f.out_revision::text, f.out_transaction_id::text,
                  f.out_global_position::text
             FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::int[])
                  WITH ORDINALITY AS s(stream_id, stream_type, expected, first, count, ord)
             CROSS JOIN LATERAL ${this.schemaSql}.es_append(
                  s.stream_id, s.stream_type, s.expected,
                  ($6::uuid[])[s.first:s.first + s.count - 1],
                  ($7::text[])[s.first:s.first + s.count - 1],
                  ($8::jsonb[])[s.first:s.first + s.count - 1],
                  ($9::jsonb[])[s.first:s.first + s.count - 1]) f
            ORDER BY s.ord`,
        values: [
          order.map(({ a }) => a.streamId),
          order.map(({ a }) => a.options?.streamType ?? streamTypeOf(a.streamId)),
          order.map(({ a }) => encodeExpectedState(a.options?.expectedState ?? 'any').toString()),
          starts,
          order.map(({ a }) => a.events.length),
          events.map((e) => e.id ?? randomUUID()),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data ?? null)),
          events.map((e) => JSON.stringify(e.metadata ?? {})),
        ],
      }));
    } catch (err) {
      // The function's message names the stream whose check failed.
      const message = err instanceof Error ? err.message : '';
      const failed =
        appends.find((a) => message.includes(`for stream ${a.streamId}:`)) ??
        appends.find((a) => message.includes(a.streamId)) ??
        appends[0];
      throw mapAppendError(err, failed?.streamId ?? '', failed?.options?.expectedState ?? 'any');
    }
    this.wakeSubscribers();
    const byStream = new Map(rows.map((row) => [row.stream_id, row]));
    return appends.map((a) => {
      const row = byStream.get(a.streamId);
      if (!row) throw new Error(`Append function returned no row for ${a.streamId}`);
      return {
        nextExpectedRevision: BigInt(row.out_revision),
        position: {
          commit: BigInt(row.out_transaction_id),
          prepare: BigInt(row.out_global_position),
        },
      };
    });
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    const values: unknown[] = [streamId, options.maxCount ?? null];
    /** Which events of the stream: all of them (`whole`), none, the first, or from a revision. */
    let shape: 'whole' | 'none' | 'first' | 'from' = 'whole';
    let bound = '';
    if (from === 'end' && !backwards) {
      shape = 'none';
      bound = 'AND false';
    } else if (from === 'start' && backwards) {
      shape = 'first';
      bound = 'AND stream_revision <= 0';
    } else if (typeof from === 'bigint') {
      values.push(from.toString());
      shape = 'from';
      bound = `AND stream_revision ${backwards ? '<=' : '>='} $3::bigint`;
    }
    const { rows } = await this.pool.query<EventRow>({
      // Named (prepared once per connection, one per shape) on a real server: commands read
      // their streams on every write, and parsing and planning the query cost more than running it.
      ...(this.pglite
        ? {}
        : { name: `es_read:${this.schema}:${backwards ? 'backwards' : 'forwards'}:${shape}` }),
      text: `SELECT ${EVENT_COLUMNS} FROM ${this.events} WHERE stream_id = $1 ${bound}
        ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'} LIMIT $2::bigint`,
      values,
    });
    // Read from its first event (or back from its last) with room for one, a stream that exists
    // answers at least that event: nothing back means there is none, without asking again.
    if (rows.length === 0 && shape === 'whole' && options.maxCount !== 0) {
      throw new StreamNotFoundError(streamId);
    }
    if (rows.length === 0) {
      const exists = await this.pool.query(
        `SELECT 1 FROM ${this.events} WHERE stream_id = $1 LIMIT 1`,
        [streamId],
      );
      if (exists.rowCount === 0) throw new StreamNotFoundError(streamId);
    }
    return rows.map(rowToEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from =
      options.fromPosition === undefined || options.fromPosition === 'start'
        ? START_POSITION
        : options.fromPosition;
    return this.readPage(from, options.maxCount ?? null, options);
  }

  private async readPage(
    from: Position,
    maxCount: number | null,
    options: Pick<ReadAllOptions, 'filter'>,
  ): Promise<RecordedEvent[]> {
    const query = readAllQuery(this.events, from, maxCount, options.filter);
    const { filter } = options;
    const shape = `${filter?.eventTypes ? 'types' : ''}:${filter?.streamPrefixes ? 'prefixes' : ''}`;
    const { rows } = await this.pool.query<EventRow>({
      // Named on a real server, one per filter's shape: schedule indexes and projections read
      // the log after nearly every command, and parsing the query cost more than a short read.
      ...(this.pglite ? {} : { name: `es_read_all:${this.schema}:${shape}` }),
      ...query,
    });
    return rows.map(rowToEvent);
  }

  async headPosition(): Promise<Position | null> {
    const { rows } = await this.pool.query<PositionRow>({
      ...(this.pglite ? {} : { name: `es_head:${this.schema}` }),
      text: `SELECT transaction_id::text AS transaction_text, global_position::text AS position_text FROM ${this.events}
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    });
    const row = rows[0];
    return row
      ? { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) }
      : null;
  }

  async committedHeadPosition(): Promise<Position | null> {
    const { rows } = await this.pool.query<PositionRow>({
      ...(this.pglite ? {} : { name: `es_committed_head:${this.schema}` }),
      text: `SELECT transaction_id::text AS transaction_text, global_position::text AS position_text FROM ${this.events}
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    });
    const row = rows[0];
    return row
      ? { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) }
      : null;
  }

  /**
   * Just before every transaction not yet started. The visible head would not do: a committed
   * transaction stays invisible while an older one runs, and would then arrive as "new".
   */
  private async endPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ xmax: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax',
    );
    const xmax = rows[0]?.xmax;
    if (xmax === undefined) throw new Error('No snapshot xmax');
    return { commit: BigInt(xmax), prepare: 0n };
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): AllSubscription {
    const from = options.fromPosition ?? 'start';
    let start: () => Promise<Position>;
    if (from === 'end') {
      const head = this.endPosition();
      const pending = head.finally(() => this.pendingStarts.delete(pending));
      this.pendingStarts.add(pending);
      // A failed head read is retried by the subscription; this copy only orders appends.
      pending.catch(() => undefined);
      let first = true;
      start = async () => {
        if (first) {
          first = false;
          return head;
        }
        return this.endPosition();
      };
    } else {
      const position = from === 'start' ? START_POSITION : from;
      start = () => Promise.resolve(position);
    }
    const subscription: PollingSubscription = new PollingSubscription({
      start,
      readPage: (position, limit) => this.readPage(position, limit, options),
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      pollIntervalMs: this.pollIntervalMs,
      onAppend: (wake) => {
        this.wakeUps.add(wake);
        return () => this.wakeUps.delete(wake);
      },
      logger: this.logger,
      onClose: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  private wakeSubscribers(): void {
    const wakeUps = [...this.wakeUps];
    this.wakeUps.clear();
    for (const wake of wakeUps) wake();
  }

  /** Ends every subscription of this store; the pool stays open (it belongs to the caller). */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe()));
    this.detachPool();
  }
}

/** Creates (if needed) and checks the store's schema, then returns the store. */
export async function createPostgresEventStore(
  options: PostgresEventStoreOptions,
): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(options);
  try {
    await store.migrate();
    await store.ensureOrdering();
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
