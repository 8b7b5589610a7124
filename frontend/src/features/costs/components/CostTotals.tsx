import type { CostTotalsAnswer, CostTotalsCell } from '@allot/shared-events/browser';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { plural } from '../../../lib/domain/counting.js';
import { money } from './money.js';

interface Row {
  id: string;
  name: string;
  cells: ReadonlyMap<string, CostTotalsCell>;
}

/** A total, with what it leaves out said beside it. */
function Total({ cell }: { cell: CostTotalsCell | undefined }) {
  if (!cell) return <span className="allot-costs-muted">—</span>;
  return (
    <span className="allot-costs-total">
      <span>{money(cell.total)}</span>
      {cell.placeholders > 0 && (
        <span className="allot-costs-muted">incl. {money(cell.placeholders)} placeholders</span>
      )}
      {cell.unpriced > 0 && (
        <span className="allot-costs-warning">{plural(cell.unpriced, 'line')} without a cost</span>
      )}
    </span>
  );
}

function sum(cells: readonly CostTotalsCell[], periodId: string): CostTotalsCell {
  const of = cells.filter((c) => c.AcademicPeriodId === periodId);
  const add = (pick: (c: CostTotalsCell) => number) =>
    Math.round(of.reduce((n, c) => n + pick(c), 0) * 100) / 100;
  return {
    AcademicPeriodId: periodId,
    WorkgroupId: null,
    assigned: add((c) => c.assigned),
    placeholders: add((c) => c.placeholders),
    total: add((c) => c.total),
    unpriced: add((c) => c.unpriced),
  };
}

/**
 * What teaching costs per workgroup (down) and academic period (across), as the server totals
 * it; the period whose lines are shown below is marked.
 */
export function CostTotals({
  totals,
  periodId,
}: {
  totals: CostTotalsAnswer;
  periodId: string | null;
}) {
  const rowOf = (id: string, name: string, match: (c: CostTotalsCell) => boolean): Row => ({
    id,
    name,
    cells: new Map(totals.cells.filter(match).map((c) => [c.AcademicPeriodId, c])),
  });
  const rows = totals.workgroups.map((w) => rowOf(w.id, w.name, (c) => c.WorkgroupId === w.id));
  if (totals.cells.some((c) => c.WorkgroupId === null)) {
    rows.push(rowOf('none', 'No workgroup', (c) => c.WorkgroupId === null));
  }
  const footer: Row[] = [
    {
      id: 'all',
      name: 'All workgroups',
      cells: new Map(totals.periods.map((p) => [p.id, sum(totals.cells, p.id)])),
    },
  ];
  return (
    <PlainTable<Row>
      label="Cost per workgroup and academic period"
      columns={[
        {
          key: 'workgroup',
          label: 'Workgroup',
          width: 180,
          rowHeader: true,
          render: (r) => r.name,
        },
        ...totals.periods.map((p) => ({
          key: p.id,
          label: p.id === periodId ? `${p.name} (below)` : p.name,
          width: 170,
          render: (r: Row) => <Total cell={r.cells.get(p.id)} />,
        })),
      ]}
      rows={rows}
      footer={footer}
    />
  );
}
