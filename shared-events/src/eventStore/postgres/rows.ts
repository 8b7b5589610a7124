import type { AllFilter, EventMetadata, Position, RecordedEvent } from '../port.js';

/**
 * Columns every read selects; int8 and xid8 arrive as text so nothing loses precision. The text
 * copies get names of their own: an output column named like a table column would win in ORDER BY.
 */
export const EVENT_COLUMNS =
  'global_position::text AS position_text, transaction_id::text AS transaction_text, stream_id, ' +
  'stream_revision::text AS revision_text, event_id::text AS event_id_text, event_type, data, metadata, created_at';

export interface EventRow {
  position_text: string;
  transaction_text: string;
  stream_id: string;
  revision_text: string;
  event_id_text: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  created_at: Date | string;
}

export function rowToEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id_text,
    streamId: row.stream_id,
    revision: BigInt(row.revision_text),
    position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
    type: row.event_type,
    data: row.data,
    metadata: isMetadata(row.metadata) ? row.metadata : {},
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}

function isMetadata(value: unknown): value is EventMetadata {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `LIKE` pattern matching ids that start with `prefix` literally. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL for one page of the global log after an exclusive position, visible transactions only. */
export function readAllQuery(
  qualifiedEvents: string,
  from: Position,
  maxCount: number | null,
  filter: AllFilter | undefined,
): { text: string; values: unknown[] } {
  const values: unknown[] = [from.commit.toString(), from.prepare.toString(), maxCount];
  const conditions = [
    'transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
    '(transaction_id, global_position) > ($1::xid8, $2::bigint)',
  ];
  if (filter?.eventTypes) {
    values.push(filter.eventTypes);
    conditions.push(`event_type = ANY($${String(values.length)}::text[])`);
  }
  if (filter?.streamPrefixes) {
    values.push(filter.streamPrefixes.map(prefixPattern));
    conditions.push(`stream_id LIKE ANY($${String(values.length)}::text[])`);
  }
  return {
    text:
      `SELECT ${EVENT_COLUMNS} FROM ${qualifiedEvents} WHERE ${conditions.join(' AND ')} ` +
      'ORDER BY transaction_id, global_position LIMIT $3::bigint',
    values,
  };
}
