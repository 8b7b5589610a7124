import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
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

/** A workgroup's line, or the total of all workgroups. */
type AlignmentLine = AlignmentSummary & { id: string; name: string };

const COLUMNS: TableColumn<AlignmentLine>[] = [
  { key: 'name', label: 'Workgroup', width: 220, rowHeader: true, render: (r) => r.name },
  { key: 'assignments', label: 'Assignments', width: 110, render: (r) => r.assignments },
  { key: 'meanScore', label: 'Mean score', width: 110, render: (r) => r.meanScore ?? '—' },
  {
    key: 'aligned',
    label: 'Aligned',
    width: 110,
    render: (r) => `${r.aligned} (${percent(r.aligned, r.assignments)})`,
  },
  { key: 'blocked', label: 'Blocked', width: 90, render: (r) => r.blocked },
  { key: 'spread', label: 'Spread', width: 160, render: (r) => <Spread summary={r} /> },
];

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
  // Nothing to measure without a period or a live assignment: the list is empty then.
  const measured = data?.AcademicPeriodId && data.overall ? data : null;
  const rows = measured ? measured.rows.map((r) => ({ ...r, id: r.WorkgroupId })) : [];
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
      <ListBody
        what="The alignment metrics"
        query={{
          data: data && { rows },
          // While it asks again (Try again, another period) the spinner shows, not the last failure.
          error: metrics.isFetching ? undefined : metrics.error,
          isLoading: waiting || (metrics.isFetching && !data),
          isFetching: metrics.isFetching,
          refetch: metrics.refetch,
        }}
        filtering={false}
        loadingLabel="Loading the alignment metrics"
        empty={
          data?.AcademicPeriodId
            ? {
                icon: 'people',
                title: 'No assignments to measure',
                description:
                  'No live section assignment in this period, in the workgroups you may read.',
              }
            : {
                icon: 'calendar',
                title: 'No academic period is active',
                description:
                  'Choose a working period in the top bar, or ask an administrator to activate one.',
              }
        }
      >
        {(lines) => (
          <PlainTable
            label="Alignment by workgroup"
            columns={COLUMNS}
            rows={lines}
            footer={
              measured?.overall ? [{ ...measured.overall, id: 'all', name: 'All workgroups' }] : []
            }
          />
        )}
      </ListBody>
    </>
  );
}
