import { useState } from 'react';
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useAlignmentMetricsQuery, type AlignmentSummary } from '../api/instructorApi.js';
import { PeriodSelect } from './PeriodSelect.js';
import { usePeriodChoices } from '../hooks/usePeriodChoices.js';

/** The score from which the server counts an assignment as aligned, when it does not say. */
const DEFAULT_ALIGNED_SCORE = 80;

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${String(Math.round((part / whole) * 100))} %`;

/** Aligned, other and blocked assignments as one bar, each part as wide as its share. */
function Spread({ summary }: { summary: AlignmentSummary }) {
  const { assignments, aligned, blocked } = summary;
  const other = Math.max(assignments - aligned - blocked, 0);
  if (assignments === 0) return <span className="bp6-text-muted">—</span>;
  const parts: [string, number][] = [
    ['aligned', aligned],
    ['other', other],
    ['blocked', blocked],
  ];
  return (
    <div
      className="allot-alignment__spread"
      role="img"
      aria-label={`${aligned} aligned, ${other} other, ${blocked} blocked`}
    >
      {parts.map(([kind, count]) =>
        count > 0 ? (
          <span
            key={kind}
            className={`allot-alignment__part allot-alignment__part--${kind}`}
            style={{ width: `${(count / assignments) * 100}%` }}
          />
        ) : null,
      )}
    </div>
  );
}

function Cells({ summary }: { summary: AlignmentSummary }) {
  return (
    <>
      <td>{summary.assignments}</td>
      <td>{summary.meanScore ?? '—'}</td>
      <td>
        {summary.aligned} ({percent(summary.aligned, summary.assignments)})
      </td>
      <td>{summary.blocked}</td>
      <td>
        <Spread summary={summary} />
      </td>
    </>
  );
}

/**
 * The Alignment tab of Instructors: how the period's live assignments align with the instructors'
 * preferences, per workgroup and overall (GET /api/preferenceAlignment/metrics, for those who read
 * section assignments; the workgroups the viewer reads).
 */
export function AlignmentMetricsPanel() {
  const periods = usePeriodChoices();
  const [chosen, setChosen] = useState<string | null>(null);
  const periodId = chosen ?? periods.workingPeriodId ?? '';
  const waiting = chosen === null && !periods.workingPeriodLoaded;
  const metrics = useAlignmentMetricsQuery(periodId ? { AcademicPeriodId: periodId } : {}, {
    skip: waiting,
  });
  // The answer for the period shown, never the previous period's while the new one loads.
  const data = metrics.currentData;
  const alignedScore = data?.alignedScore ?? DEFAULT_ALIGNED_SCORE;
  let body;
  if (waiting || (metrics.isFetching && !data)) {
    body = <Spinner aria-label="Loading the alignment metrics" />;
  } else if (metrics.error || !data) {
    body = (
      <NonIdealState
        icon="error"
        title="The alignment metrics could not be loaded"
        description={problemOf(metrics.error).message}
        action={<Button icon="refresh" text="Try again" onClick={() => void metrics.refetch()} />}
      />
    );
  } else if (!data.AcademicPeriodId) {
    body = (
      <NonIdealState
        icon="calendar"
        title="No academic period is active"
        description="Choose a working period in the top bar, or ask an administrator to activate one."
      />
    );
  } else if (!data.overall || data.rows.length === 0) {
    body = (
      <NonIdealState
        icon="people"
        title="No assignments to measure"
        description="No live section assignment in this period, in the workgroups you may read."
      />
    );
  } else {
    const { overall, rows } = data;
    body = (
      <HTMLTable
        striped
        compact
        className="allot-wide-table allot-alignment__table"
        aria-label="Alignment by workgroup"
      >
        <thead>
          <tr>
            <th>Workgroup</th>
            <th>Assignments</th>
            <th>Mean score</th>
            <th>Aligned</th>
            <th>Blocked</th>
            <th>Spread</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.WorkgroupId}>
              <th scope="row">{r.name}</th>
              <Cells summary={r} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All workgroups</th>
            <Cells summary={overall} />
          </tr>
        </tfoot>
      </HTMLTable>
    );
  }
  return (
    <>
      <div className="allot-instructors__filters">
        <PeriodSelect choices={periods} value={periodId} onChange={setChosen} />
      </div>
      <Callout icon="info-sign" className="allot-alignment__legend">
        Live (not withdrawn) assignments of the period. <strong>Aligned</strong>: a score of at
        least {alignedScore}, a preferred course or assignment type with nothing against it.{' '}
        <strong>Blocked</strong>: a prohibited preference, a meeting conflict, an overload or an
        administrative assignment in the way (score 0).
      </Callout>
      {body}
    </>
  );
}
