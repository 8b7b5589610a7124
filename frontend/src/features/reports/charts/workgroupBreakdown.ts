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
 * Puts together the answers of one report grouped by workgroup and filtered to one value of a
 * column each (`answers[i]` answered for `values[i]`): a line per workgroup with a count for every
 * value (0 where the workgroup has none), by name, the rows with no workgroup last.
 */
export function combineBreakdown(
  values: readonly string[],
  answers: readonly Pick<ReportAnswer, 'groups' | 'count' | 'totals'>[],
): WorkgroupBreakdown {
  const zero = () => Object.fromEntries(values.map((v) => [v, 0]));
  const lines = new Map<string, WorkgroupLine & { unnamed: boolean }>();
  const total: WorkgroupBreakdown['total'] = { counts: zero(), sums: {}, count: 0 };
  values.forEach((value, index) => {
    const answer = answers[index];
    if (!answer) return;
    total.counts[value] = answer.count;
    total.count += answer.count;
    add(total.sums, answer.totals);
    for (const group of answer.groups ?? []) {
      const unnamed = group.value === null || group.value === '';
      const id = unnamed ? '' : String(group.value);
      let line = lines.get(id);
      if (!line) {
        line = { id, name: group.label, counts: zero(), sums: {}, count: 0, unnamed };
        lines.set(id, line);
      }
      line.counts[value] = (line.counts[value] ?? 0) + group.count;
      line.count += group.count;
      add(line.sums, group.sums);
    }
  });
  return {
    lines: [...lines.values()]
      .sort((a, b) => Number(a.unnamed) - Number(b.unnamed) || a.name.localeCompare(b.name))
      .map(({ unnamed: _unnamed, ...line }) => line),
    total,
  };
}
