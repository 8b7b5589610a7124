import { useState } from 'react';
import {
  AnchorButton,
  Callout,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  CHANGES_SINCE_MY_APPROVAL,
  COMPARE_NOW,
  COMPARE_TOTALS,
  type CompareAnswer,
} from '@allot/shared-events/browser';
import { ChangeFields } from '../../components/changes/ChangeList.js';
import { compareFileUrl, useCompareInstantsQuery } from '../../components/changes/changesApi.js';
import { PlainTable } from '../../components/list/PlainTable.js';
import { problemOf } from '../../lib/errors/serverErrors.js';
import { whenOf } from '../../lib/resources/historyFormat.js';

/** An instant picker: a named one (now, my last approval) or a date and time. */
function InstantPicker({
  label,
  named,
  value,
  onChange,
}: {
  label: string;
  named: { value: string; label: string };
  value: string;
  onChange: (value: string) => void;
}) {
  const chosen = value === named.value ? named.value : 'at';
  return (
    <FormGroup label={label} inline className="allot-compare-instant">
      <HTMLSelect
        aria-label={label}
        value={chosen}
        onChange={(e) => onChange(e.currentTarget.value === 'at' ? '' : e.currentTarget.value)}
      >
        <option value={named.value}>{named.label}</option>
        <option value="at">A date and time</option>
      </HTMLSelect>
      {chosen === 'at' && (
        <InputGroup
          type="datetime-local"
          aria-label={`${label}: date and time`}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </FormGroup>
  );
}

/** "2026-03-03T09:30" (the browser's zone) as the instant the API takes. */
const instantOf = (value: string) =>
  value === COMPARE_NOW || value === CHANGES_SINCE_MY_APPROVAL
    ? value
    : value
      ? new Date(value).toISOString()
      : '';

const when = (instant: CompareAnswer['from']) =>
  instant.at
    ? `${instant.label === 'Now' || instant.label === 'Your last approval' ? `${instant.label}, ` : ''}${whenOf(instant.at)}`
    : instant.label;

function RecordList({
  title,
  rows,
}: {
  title: string;
  rows: readonly {
    id: string;
    name: string;
    changes?: CompareAnswer['sections']['changed'][number]['changes'];
  }[];
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title} className="allot-compare-list">
      <h4>
        {title} ({rows.length})
      </h4>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {row.name}
            {row.changes && row.changes.length > 0 && <ChangeFields changes={row.changes} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Two instants of a workgroup's plan side by side: the workload and alignment totals at both, the assignments
 * and sections added, removed and changed in between, and the comparison as a file.
 */
export function ComparePanel({ period, workgroup }: { period: string; workgroup: string }) {
  const [from, setFrom] = useState<string>(CHANGES_SINCE_MY_APPROVAL);
  const [to, setTo] = useState<string>(COMPARE_NOW);
  const query =
    period && workgroup && instantOf(from) && instantOf(to)
      ? {
          AcademicPeriodId: period,
          WorkgroupId: workgroup,
          from: instantOf(from),
          to: instantOf(to),
        }
      : null;
  const compared = useCompareInstantsQuery(query ?? skipToken);
  if (!workgroup) {
    return (
      <NonIdealState
        icon="comparison"
        title="Choose a workgroup"
        description="A comparison shows one workgroup's plan in the period at two instants."
      />
    );
  }
  const answer = compared.data;
  return (
    <div className="allot-compare">
      <div className="allot-compare-instants">
        <InstantPicker
          label="From"
          named={{ value: CHANGES_SINCE_MY_APPROVAL, label: 'My last approval' }}
          value={from}
          onChange={setFrom}
        />
        <InstantPicker
          label="To"
          named={{ value: COMPARE_NOW, label: 'Now' }}
          value={to}
          onChange={setTo}
        />
        {query && answer && (
          <>
            <AnchorButton icon="download" href={compareFileUrl(query, 'csv')} text="CSV" />
            <AnchorButton icon="download" href={compareFileUrl(query, 'xlsx')} text="Excel" />
          </>
        )}
      </div>
      {compared.error ? (
        <Callout intent={Intent.WARNING}>{problemOf(compared.error).message}</Callout>
      ) : !answer ? (
        query && <Spinner size={24} aria-label="Comparing" />
      ) : (
        <>
          <PlainTable
            label="Workload and alignment at both instants"
            columns={[
              { key: 'what', label: '', width: 220, rowHeader: true, render: (r) => r.label },
              { key: 'from', label: when(answer.from), width: 200, render: (r) => r.from ?? '—' },
              { key: 'to', label: when(answer.to), width: 200, render: (r) => r.to ?? '—' },
              {
                key: 'difference',
                label: 'Difference',
                width: 120,
                render: (r) => {
                  if (r.from === null || r.to === null) return '—';
                  const d = Math.round((r.to - r.from) * 100) / 100;
                  return d === 0 ? '—' : d > 0 ? `+${String(d)}` : String(d);
                },
              },
            ]}
            rows={COMPARE_TOTALS.map(({ label, of }) => ({
              id: label,
              label,
              from: of(answer.totals.from),
              to: of(answer.totals.to),
            }))}
          />
          <RecordList title="Assignments added" rows={answer.assignments.added} />
          <RecordList title="Assignments removed" rows={answer.assignments.removed} />
          <RecordList title="Assignments changed" rows={answer.assignments.changed} />
          <RecordList title="Sections created" rows={answer.sections.created} />
          <RecordList title="Sections removed" rows={answer.sections.removed} />
          <RecordList title="Sections changed or moved" rows={answer.sections.changed} />
          {[
            answer.assignments.added,
            answer.assignments.removed,
            answer.assignments.changed,
            answer.sections.created,
            answer.sections.removed,
            answer.sections.changed,
          ].every((list) => list.length === 0) && (
            <p>Nothing in this workgroup's plan differs between the two instants.</p>
          )}
        </>
      )}
    </div>
  );
}
