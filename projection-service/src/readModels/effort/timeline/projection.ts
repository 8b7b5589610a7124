import { effortPositions, type RecordedEvent } from '@allot/shared-events';
import type { Projection } from '../../../runner/projection.js';

export const POSITION_HISTORY_TABLE = 'effort_position_history';

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();
const { created, updated, deactivated, deleted } = effortPositions.eventTypes;

/**
 * Every change of every payroll position, in log order (docs/effort.md "Effort timeline"): who
 * changed which fields when, and the record as it stood after — so a position is read as of any
 * instant by its last change before it, and its timeline lists its changes in words.
 */
export const effortPositionHistoryProjection: Projection = {
  name: 'effort_position_history',
  version: 1,
  eventTypes: [created, updated, ...(deactivated ? [deactivated] : []), deleted],
  tables: [POSITION_HISTORY_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         position_id text NOT NULL,
         seq integer NOT NULL,
         event_id text NOT NULL UNIQUE,
         at timestamptz NOT NULL,
         actor_id text,
         change text NOT NULL,
         fields jsonb NOT NULL,
         record jsonb,
         PRIMARY KEY (position_id, seq)
       )`,
      [ctx.table(POSITION_HISTORY_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const table = ctx.table(POSITION_HISTORY_TABLE);
    for (const event of events) {
      const data = event.data as { id: string } & Record<string, unknown>;
      const last = await trx(table)
        .where({ position_id: data.id })
        .orderBy('seq', 'desc')
        .first<{ seq: number; record: Record<string, unknown> | null } | undefined>(
          'seq',
          'record',
        );
      const before = last?.record ?? null;
      const { id: _id, ...fields } = data;
      const change =
        event.type === created
          ? 'created'
          : event.type === updated
            ? 'updated'
            : event.type === deleted
              ? 'deleted'
              : 'deactivated';
      const record =
        change === 'deleted'
          ? null
          : change === 'deactivated'
            ? { ...before, isActive: false }
            : { ...(change === 'created' ? {} : before), ...data };
      await trx(table)
        .insert({
          position_id: data.id,
          seq: (last?.seq ?? 0) + 1,
          event_id: event.id,
          at: at(event),
          actor_id: event.metadata.actorId ?? null,
          change,
          fields: JSON.stringify(change === 'deactivated' ? { isActive: false } : fields),
          record: record === null ? null : JSON.stringify(record),
        })
        .onConflict('event_id')
        .ignore();
    }
    return [];
  },
};
