import type { EffortTimelineAnswer } from '@allot/shared-events/browser';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { DATE_LOCALE } from '../../../lib/constants.js';

const money = (n: number) => n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 });
const percent = (n: number) => `${n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 })} %`;

/** A position's effort per pay period: a column per category, the total and the amount paid. */
export function EffortPeriodsTable({
  answer,
  label = 'Effort per pay period',
}: {
  answer: EffortTimelineAnswer;
  label?: string;
}) {
  type Row = EffortTimelineAnswer['periods'][number] & { id: string };
  return (
    <PlainTable<Row>
      label={label}
      columns={[
        {
          key: 'period',
          label: 'Pay period',
          width: 160,
          rowHeader: true,
          render: (r) => r.payPeriod.name,
        },
        ...answer.categories.map((c, i) => ({
          key: `c${String(i)}`,
          label: c.name,
          width: 130,
          render: (r: Row) => {
            const cell = r.byCategory.find((b) => b.category === i);
            return cell ? percent(cell.effortPercent) : '';
          },
        })),
        { key: 'total', label: 'Total', width: 90, render: (r) => percent(r.effortPercent) },
        { key: 'amount', label: 'Amount', width: 110, render: (r) => money(r.amount) },
      ]}
      rows={answer.periods.map((p) => ({ ...p, id: p.payPeriod.id }))}
    />
  );
}
