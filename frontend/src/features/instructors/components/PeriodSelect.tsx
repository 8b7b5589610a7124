import { HTMLSelect } from '@blueprintjs/core';
import type { PeriodChoices } from '../hooks/usePeriodChoices.js';

/**
 * The academic period a view shows (`value`, '' while none is known); the working period is
 * marked. Disabled while there is nothing else to choose.
 */
export function PeriodSelect({
  choices,
  value,
  onChange,
}: {
  choices: PeriodChoices;
  value: string;
  onChange: (periodId: string) => void;
}) {
  const options =
    value === '' || choices.options.some((o) => o.value === value)
      ? choices.options
      : [{ value, label: value }, ...choices.options];
  return (
    <HTMLSelect
      aria-label="Academic period"
      value={value}
      disabled={options.length < 2}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={
        options.length === 0
          ? [{ value: '', label: 'No working period' }]
          : options.map((o) => ({
              value: o.value,
              label: o.value === choices.workingPeriodId ? `${o.label} (working)` : o.label,
            }))
      }
    />
  );
}
