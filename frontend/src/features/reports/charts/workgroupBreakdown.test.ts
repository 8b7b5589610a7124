import { describe, expect, it } from '@jest/globals';
import { combineBreakdown } from './workgroupBreakdown.js';

const group = (value: string | null, count: number, sums: Record<string, number> = {}) => ({
  value,
  label: value ?? 'No workgroup',
  count,
  sums,
});

describe('combineBreakdown', () => {
  it('puts one answer per value together as a line per workgroup, unnamed last', () => {
    const breakdown = combineBreakdown(
      ['over', 'within', 'under'],
      [
        {
          count: 2,
          totals: { required: 12, assigned: 15 },
          groups: [
            group('Biology', 1, { required: 6, assigned: 7 }),
            group(null, 1, { required: 6, assigned: 8 }),
          ],
        },
        {
          count: 3,
          totals: { required: 18, assigned: 17.5 },
          groups: [
            group('Algebra', 2, { required: 12, assigned: 12 }),
            group('Biology', 1, { required: 6, assigned: 5.5 }),
          ],
        },
        { count: 0, totals: { required: 0, assigned: 0 }, groups: [] },
      ],
    );
    expect(breakdown.lines.map((l) => [l.name, l.counts, l.count, l.sums])).toEqual([
      ['Algebra', { over: 0, within: 2, under: 0 }, 2, { required: 12, assigned: 12 }],
      ['Biology', { over: 1, within: 1, under: 0 }, 2, { required: 12, assigned: 12.5 }],
      ['No workgroup', { over: 1, within: 0, under: 0 }, 1, { required: 6, assigned: 8 }],
    ]);
    expect(breakdown.lines.map((l) => l.id)).toEqual(['Algebra', 'Biology', '']);
    expect(breakdown.total).toEqual({
      counts: { over: 2, within: 3, under: 0 },
      count: 5,
      sums: { required: 30, assigned: 32.5 },
    });
  });

  it('is empty without rows', () => {
    const none = { count: 0, totals: {}, groups: [] };
    expect(combineBreakdown(['covered', 'partial'], [none, none])).toEqual({
      lines: [],
      total: { counts: { covered: 0, partial: 0 }, count: 0, sums: {} },
    });
  });
});
