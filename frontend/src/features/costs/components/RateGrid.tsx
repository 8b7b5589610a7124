import { useState } from 'react';
import { Button, HTMLTable, Intent, Popover } from '@blueprintjs/core';
import { MAX_RATE_PER_POINT, type CostRatesAnswer } from '@allot/shared-events/browser';
import { notify } from '../../../lib/notifications/notify.js';
import { useCostWrites } from '../api/useCostWrites.js';
import { AmountForm } from './AmountForm.js';
import { money } from './money.js';

type Cell = CostRatesAnswer['cells'][number];
interface Named {
  id: string;
  name: string;
}

/** One cell of the grid: the rate (or none yet), changed in a small form. */
function RateCell({
  periodId,
  type,
  rank,
  cell,
  editable,
}: {
  periodId: string;
  type: Named;
  rank: Named | null;
  cell: Cell | undefined;
  editable: boolean;
}) {
  const [open, setOpen] = useState(false);
  const writes = useCostWrites('instructorRates');
  const who = rank ? `${type.name}, ${rank.name}` : `${type.name}, any rank`;
  const shown = cell ? money(cell.ratePerPoint) : '—';
  if (!editable) return <span>{shown}</span>;
  const undoRemove = (rate: number) => {
    void notify({
      intent: Intent.SUCCESS,
      message: (
        <>
          The rate of {who} is removed.{' '}
          <Button
            size="small"
            variant="minimal"
            text="Undo"
            onClick={() =>
              void writes.create({
                AcademicPeriodId: periodId,
                InstructorTypeId: type.id,
                RankId: rank?.id ?? null,
                ratePerPoint: rate,
              })
            }
          />
        </>
      ),
    });
  };
  return (
    <Popover
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom"
      content={
        <AmountForm
          label={`Rate per point of ${who}`}
          help={
            rank
              ? 'What a workload point of their teaching costs in this period.'
              : 'For every rank of the type without a rate of its own.'
          }
          initial={cell?.ratePerPoint ?? null}
          max={MAX_RATE_PER_POINT}
          onSave={(ratePerPoint) =>
            cell
              ? writes.update(cell.id, cell.revision, { ratePerPoint })
              : writes.create({
                  AcademicPeriodId: periodId,
                  InstructorTypeId: type.id,
                  RankId: rank?.id ?? null,
                  ratePerPoint,
                })
          }
          onRemove={
            cell
              ? async () => {
                  const refused = await writes.remove(cell.id);
                  if (!refused) undoRemove(cell.ratePerPoint);
                  return refused;
                }
              : undefined
          }
          removeText="Remove rate"
          onDone={() => setOpen(false)}
        />
      }
    >
      <Button
        variant="minimal"
        className="allot-costs-rate"
        text={shown}
        aria-label={`Rate per point of ${who}: ${cell ? money(cell.ratePerPoint) : 'none'}. Change`}
      />
    </Popover>
  );
}

/**
 * The period's rates as a grid: instructor types down, "any rank" and each rank across; a cell
 * is what a workload point costs for that type and rank, changed in place by those who keep
 * financial data.
 */
export function RateGrid({ rates, editable }: { rates: CostRatesAnswer; editable: boolean }) {
  const period = rates.period;
  if (!period) return null;
  const cellOf = (typeId: string, rankId: string | null) =>
    rates.cells.find((c) => c.InstructorTypeId === typeId && c.RankId === rankId);
  return (
    <div className="allot-costs-grid">
      <HTMLTable
        compact
        bordered
        className="allot-costs-grid__table"
        aria-label="Rates per point by instructor type and rank"
      >
        <thead>
          <tr>
            <th scope="col">Instructor type</th>
            <th scope="col">Any rank</th>
            {rates.ranks.map((r) => (
              <th key={r.id} scope="col">
                {r.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rates.types.map((type) => (
            <tr key={type.id}>
              <th scope="row">{type.name}</th>
              {[null, ...rates.ranks].map((rank) => (
                <td key={rank?.id ?? 'any'}>
                  <RateCell
                    periodId={period.id}
                    type={type}
                    rank={rank}
                    cell={cellOf(type.id, rank?.id ?? null)}
                    editable={editable}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
