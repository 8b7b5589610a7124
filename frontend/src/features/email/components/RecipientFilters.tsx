import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import {
  ASSIGNMENT_FILTERS,
  ASSIGNMENT_FILTER_LABELS,
  PREFERENCE_FILTERS,
  PREFERENCE_FILTER_LABELS,
  type RecipientFilter,
} from '@allot/shared-events/browser';
import { useReferenceOptionsQuery, type ReferenceOption } from '../../../lib/api/resourceApi.js';

const options = (path: string, activeOnly = true) => ({ path, labelField: 'name', activeOnly });

function Choice({
  id,
  label,
  value,
  choices,
  anyLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: readonly ReferenceOption[];
  anyLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** Who a message goes to: a period's active faculty, narrowed by the filters of docs/email.md. */
export function RecipientFilters({
  filter,
  onChange,
}: {
  filter: RecipientFilter;
  onChange: (next: RecipientFilter) => void;
}) {
  const periods = useReferenceOptionsQuery(options('academicPeriods', false));
  // Workgroups have no active flag: every one is offered.
  const workgroups = useReferenceOptionsQuery(options('workgroups', false));
  const types = useReferenceOptionsQuery(options('instructorTypes'));
  const ranks = useReferenceOptionsQuery(options('ranks'));
  const set = (change: Partial<RecipientFilter>) => onChange({ ...filter, ...change });
  const orNull = (value: string) => (value === '' ? null : value);
  return (
    <div className="allot-email-filters">
      <Choice
        id="email-period"
        label="Academic period"
        value={filter.AcademicPeriodId}
        choices={periods.data ?? []}
        onChange={(v) => set({ AcademicPeriodId: v })}
      />
      <Choice
        id="email-workgroup"
        label="Workgroup"
        value={filter.WorkgroupId ?? ''}
        choices={workgroups.data ?? []}
        anyLabel="Every workgroup"
        onChange={(v) => set({ WorkgroupId: orNull(v) })}
      />
      <Choice
        id="email-type"
        label="Instructor type"
        value={filter.InstructorTypeId ?? ''}
        choices={types.data ?? []}
        anyLabel="Every type"
        onChange={(v) => set({ InstructorTypeId: orNull(v) })}
      />
      <Choice
        id="email-rank"
        label="Rank"
        value={filter.RankId ?? ''}
        choices={ranks.data ?? []}
        anyLabel="Every rank"
        onChange={(v) => set({ RankId: orNull(v) })}
      />
      <Choice
        id="email-assignments"
        label="Assignments"
        value={filter.assignments}
        choices={ASSIGNMENT_FILTERS.map((v) => ({ value: v, label: ASSIGNMENT_FILTER_LABELS[v] }))}
        onChange={(v) => set({ assignments: v as RecipientFilter['assignments'] })}
      />
      <Choice
        id="email-preferences"
        label="Teaching preferences"
        value={filter.preferences}
        choices={PREFERENCE_FILTERS.map((v) => ({ value: v, label: PREFERENCE_FILTER_LABELS[v] }))}
        onChange={(v) => set({ preferences: v as RecipientFilter['preferences'] })}
      />
    </div>
  );
}
