import type { Knex } from 'knex';
import type { RecordedEvent } from '@allot/shared-events';
import type { Projection, ProjectionContext, RealtimeNotification } from '../projection.js';

export const COUNTED = 'TestCounted';
export const NOTED = 'TestNoted';
/** Known to the tests' runner but handled by no projection: the checkpoint must still pass it. */
export const IGNORED = 'TestIgnored';
export const TEST_EVENT_TYPES: ReadonlySet<string> = new Set([COUNTED, NOTED, IGNORED]);

function amount(event: RecordedEvent): number {
  const data = event.data as { by?: unknown } | null;
  return typeof data?.by === 'number' ? data.by : 0;
}

function note(event: RecordedEvent): string | null {
  const data = event.data as { text?: unknown } | null;
  return typeof data?.text === 'string' ? data.text : null;
}

/**
 * A small real read model: every handled event in `event_list`, and per stream a count and a
 * running total in `stream_counts`. The totals add only what `event_list` newly accepted, so a
 * redelivered event changes nothing (a non-idempotent runner would double the totals).
 */
export function counterProjection(version = 1, name = 'test_counter'): Projection {
  return {
    name,
    version,
    eventTypes: [COUNTED, NOTED],
    tables: ['stream_counts', 'event_list'],
    async migrate(trx: Knex.Transaction, ctx: ProjectionContext) {
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ?? (
           event_id uuid PRIMARY KEY, stream_id text NOT NULL, revision bigint NOT NULL,
           type text NOT NULL, amount int NOT NULL, note text, position text NOT NULL)`,
        [ctx.table('event_list')],
      );
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ?? (
           stream_id text PRIMARY KEY, events int NOT NULL, total bigint NOT NULL, last_revision bigint NOT NULL)`,
        [ctx.table('stream_counts')],
      );
    },
    async apply(trx, events, ctx): Promise<RealtimeNotification[]> {
      const rows = events.map((e) => ({
        event_id: e.id,
        stream_id: e.streamId,
        revision: e.revision.toString(),
        type: e.type,
        amount: amount(e),
        note: note(e),
        position: `${e.position.commit.toString()}:${e.position.prepare.toString()}`,
      }));
      await trx.raw(
        `WITH input AS (
           SELECT * FROM json_to_recordset(?::json) AS x(event_id uuid, stream_id text, revision bigint,
             type text, amount int, note text, position text)),
         accepted AS (
           INSERT INTO ?? (event_id, stream_id, revision, type, amount, note, position)
           SELECT event_id, stream_id, revision, type, amount, note, position FROM input
           ON CONFLICT (event_id) DO NOTHING
           RETURNING stream_id, revision, amount)
         INSERT INTO ?? AS c (stream_id, events, total, last_revision)
         SELECT stream_id, count(*), sum(amount), max(revision) FROM accepted GROUP BY stream_id
         ON CONFLICT (stream_id) DO UPDATE SET events = c.events + excluded.events,
           total = c.total + excluded.total,
           last_revision = GREATEST(c.last_revision, excluded.last_revision)`,
        [JSON.stringify(rows), ctx.table('event_list'), ctx.table('stream_counts')],
      );
      return events.map((e) => ({
        event: 'testCounted',
        rooms: ['all'],
        payload: { streamId: e.streamId, eventId: e.id },
      }));
    },
  };
}

/** The whole read model, ordered, for row-for-row comparisons. */
export async function readCounterModel(
  knex: Knex,
  tables: { eventList: string; streamCounts: string },
): Promise<{ events: unknown[]; counts: unknown[] }> {
  const events = await knex(tables.eventList).select('*').orderBy('event_id');
  const counts = await knex(tables.streamCounts).select('*').orderBy('stream_id');
  return { events, counts };
}
