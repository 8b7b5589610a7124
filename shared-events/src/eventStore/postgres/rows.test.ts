import { prefixPattern, readAllQuery, rowToEvent } from './rows.js';

describe('row mapping and read queries', () => {
  it('maps a row to a recorded event with bigint revision and position', () => {
    const createdAt = new Date('2026-01-02T03:04:05Z');
    const event = rowToEvent({
      position_text: '9007199254740993',
      transaction_text: '18446744073709551615',
      stream_id: 'section-1',
      revision_text: '4',
      event_id_text: '7c1b4a8e-2d7f-4c55-9a5e-0d3c9f1e2a11',
      event_type: 'InstructorAssigned',
      data: { a: 1 },
      metadata: { actorId: 'u1' },
      created_at: createdAt,
    });
    expect(event).toEqual({
      id: '7c1b4a8e-2d7f-4c55-9a5e-0d3c9f1e2a11',
      streamId: 'section-1',
      revision: 4n,
      position: { commit: 18446744073709551615n, prepare: 9007199254740993n },
      type: 'InstructorAssigned',
      data: { a: 1 },
      metadata: { actorId: 'u1' },
      createdAt,
    });
  });

  it('escapes LIKE wildcards in stream prefixes', () => {
    expect(prefixPattern('section-')).toBe('section-%');
    expect(prefixPattern('a_b%c\\')).toBe('a\\_b\\%c\\\\%');
  });

  it('reads only finished transactions after an exclusive (transaction, position) pair', () => {
    const q = readAllQuery('"s".es_events', { commit: 5n, prepare: 7n }, 10, {
      eventTypes: ['A'],
      streamPrefixes: ['x-'],
    });
    expect(q.text).toContain('transaction_id < pg_snapshot_xmin(pg_current_snapshot())');
    expect(q.text).toContain('(transaction_id, global_position) > ($1::xid8, $2::bigint)');
    expect(q.text).toContain('ORDER BY transaction_id, global_position LIMIT $3::bigint');
    expect(q.values).toEqual(['5', '7', 10, ['A'], ['x-%']]);
  });
});
