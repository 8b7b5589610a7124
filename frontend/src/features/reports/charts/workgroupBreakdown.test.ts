import { describe, expect, it } from '@jest/globals';
import { combineBreakdown } from './workgroupBreakdown.js';

const split = (value: string, count: number, sums: Record<string, number> = {}) => ({
  value,
  count,
  sums,
});

describe('combineBreakdown', () => {
  it('reads a line per workgroup from the split groups, 0 for values a workgroup lacks, unnamed last', () => {
    const breakdown = combineBreakdown(['over', 'within', 'under'], {
      count: 5,
      totals: { required: 30, assigned: 32.5 },
      groups: [
        {
          value: 'Biology',
          label: 'Biology',
          count: 2,
          sums: { required: 12, assigned: 12.5 },
          splits: [
            split('over', 1, { required: 6, assigned: 7 }),
            split('within', 1, { required: 6, assigned: 5.5 }),
          ],
        },
        {
          value: 'Algebra',
          label: 'Algebra',
          count: 2,
          sums: { required: 12, assigned: 12 },
          splits: [split('within', 2, { required: 12, assigned: 12 })],
        },
        {
          value: null,
          label: 'No workgroup',
          count: 1,
          sums: { required: 6, assigned: 8 },
          splits: [split('over', 1, { required: 6, assigned: 8 })],
        },
      ],
    });
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

  it('ignores a split value that is not one of the series', () => {
    const breakdown = combineBreakdown(['covered'], {
      count: 1,
      totals: {},
      groups: [
        {
          value: 'Biology',
          label: 'Biology',
          count: 3,
          sums: {},
          splits: [split('covered', 1), split('withdrawn', 2)],
        },
      ],
    });
    expect(breakdown.lines[0]?.counts).toEqual({ covered: 1 });
    expect(breakdown.lines[0]?.count).toBe(1);
  });

  it('is empty without rows', () => {
    expect(combineBreakdown(['covered', 'partial'], { count: 0, totals: {}, groups: [] })).toEqual({
      lines: [],
      total: { counts: { covered: 0, partial: 0 }, count: 0, sums: {} },
    });
  });
});
