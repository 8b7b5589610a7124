import type { ReportAnswer } from '@allot/shared-events/browser';

/** One workgroup's figures: a count per series value, and the sums over all of them. */
export interface WorkgroupLine {
  /** Stable per workgroup (its name; the empty string for rows with no workgroup). */
  id: string;
  /** The workgroup's name as the report labels it ("No workgroup" for none). */
  name: string;
  counts: Record<string, number>;
  sums: Record<string, number>;
  /** The rows of every series value. */
  count: number;
}

/** Per workgroup and in all workgroups: how many rows have each value, and the sums. */
export interface WorkgroupBreakdown {
  lines: WorkgroupLine[];
  total: Omit<WorkgroupLine, 'id' | 'name'>;
}

const add = (into: Record<string, number>, from: Readonly<Record<string, number>>) => {
  for (const [key, value] of Object.entries(from)) into[key] = round((into[key] ?? 0) + value);
};
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Reads one report grouped by workgroup and split by the series column: a line per workgroup
 * with a count for every value (0 where the workgroup has none), by name, the rows with no
 * workgroup last; the total counts each value over all workgroups.
 */
export function combineBreakdown(
  values: readonly string[],
  answer: Pick<ReportAnswer, 'groups' | 'count' | 'totals'>,
): WorkgroupBreakdown {
  const zero = () => Object.fromEntries(values.map((v) => [v, 0]));
  const total: WorkgroupBreakdown['total'] = {
    counts: zero(),
    sums: { ...answer.totals },
    count: answer.count,
  };
  const lines: (WorkgroupLine & { unnamed: boolean })[] = [];
  for (const group of answer.groups ?? []) {
    const unnamed = group.value === null || group.value === '';
    const line = {
      id: unnamed ? '' : String(group.value),
      name: group.label,
      counts: zero(),
      sums: {},
      count: 0,
      unnamed,
    };
    for (const split of group.splits ?? []) {
      const value = String(split.value);
      if (!(value in line.counts)) continue;
      line.counts[value] = (line.counts[value] ?? 0) + split.count;
      line.count += split.count;
      add(line.sums, split.sums);
      total.counts[value] = (total.counts[value] ?? 0) + split.count;
    }
    lines.push(line);
  }
  return {
    lines: lines
      .sort((a, b) => Number(a.unnamed) - Number(b.unnamed) || a.name.localeCompare(b.name))
      .map(({ unnamed: _unnamed, ...line }) => line),
    total,
  };
}
