import { HTMLSelect } from '@blueprintjs/core';
import type { ReferenceOption } from '../../lib/api/resourceApi.js';
import type { TeachingChoices } from '../../lib/hooks/useTeachingChoices.js';

/** One filter of a list's bar: a labelled select whose empty choice (`anyLabel`) filters nothing. */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly ReferenceOption[];
  onChange: (value: string) => void;
}) {
  return (
    <HTMLSelect aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
}

/**
 * The period and workgroup filters the teaching lists open with; the workgroup one only for whoever
 * may list workgroups (`choices.workgroups` is null otherwise).
 */
export function PeriodWorkgroupFilters({
  choices,
  period,
  workgroup,
  onChange,
}: {
  choices: TeachingChoices;
  period: string;
  workgroup: string;
  onChange: (patch: { period?: string; workgroup?: string }) => void;
}) {
  return (
    <>
      <FilterSelect
        label="Academic period"
        anyLabel="Every period"
        value={period}
        options={choices.periods}
        onChange={(value) => onChange({ period: value })}
      />
      {choices.workgroups && (
        <FilterSelect
          label="Workgroup"
          anyLabel="Workgroup: any"
          value={workgroup}
          options={choices.workgroups}
          onChange={(value) => onChange({ workgroup: value })}
        />
      )}
    </>
  );
}
