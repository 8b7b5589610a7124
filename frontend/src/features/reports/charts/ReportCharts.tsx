import { useId, type ReactNode } from 'react';
import { H3, NonIdealState } from '@blueprintjs/core';
import type { AlignmentMetricsAnswer } from '@allot/shared-events/browser';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { LoadError, Loading } from '../../../components/list/QueryBody.js';
import { useGetActiveAcademicPeriodQuery } from '../../../lib/api/sessionApi.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { ChartPanel } from './ChartPanel.js';
import {
  ALIGNMENT_SERIES,
  COVERAGE_SERIES,
  LOAD_SERIES,
  POINTS_SERIES,
  STATUS_SERIES,
  STEP_SERIES,
  valuesOf,
  type ChartSeries,
} from './chartSeries.js';
import {
  useReportChartAlignmentQuery,
  useReportChartBreakdownQuery,
  useReportChartStepsQuery,
  type BreakdownArgs,
} from './chartsApi.js';
import { stepBreakdown, type StepBreakdown } from './stepBreakdown.js';
import type { WorkgroupBreakdown, WorkgroupLine } from './workgroupBreakdown.js';
import { formatNumber, WorkgroupBarChart, type ChartDatum } from './WorkgroupBarChart.js';
import './reportCharts.css';

/** The score from which the server counts an assignment as aligned, when it does not say. */
const DEFAULT_ALIGNED_SCORE = 80;
const ALL_WORKGROUPS = 'All workgroups';

const percentOf = (part: number, whole: number) =>
  whole === 0 ? '—' : `${String(Math.round((part / whole) * 100))} %`;

/** "3 overloaded, 20 within required and 2 under-loaded". */
function countsSentence(series: readonly ChartSeries[], counts: Readonly<Record<string, number>>) {
  const parts = series.map((s) => `${formatNumber(counts[s.key] ?? 0)} ${s.label.toLowerCase()}`);
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`
    : (parts[0] ?? '');
}

/** A table row: a workgroup's line, or the total of all of them (the footer). */
type LineRow = WorkgroupLine;

function withTotal(breakdown: WorkgroupBreakdown): LineRow[] {
  return [{ id: '\u0000all', name: ALL_WORKGROUPS, ...breakdown.total }];
}

const workgroupColumn: TableColumn<{ id: string; name: string }> = {
  key: 'name',
  label: 'Workgroup',
  width: 200,
  rowHeader: true,
  render: (row) => row.name,
};

/** A count column per series, then the total and one share. */
function countColumns(
  series: readonly ChartSeries[],
  totalLabel: string,
  share?: { key: string; label: string },
): TableColumn<LineRow>[] {
  return [
    workgroupColumn,
    ...series.map((s) => ({
      key: s.key,
      label: s.label,
      width: 100,
      render: (row: LineRow) => formatNumber(row.counts[s.key] ?? 0),
    })),
    { key: 'count', label: totalLabel, width: 100, render: (row) => formatNumber(row.count) },
    ...(share
      ? [
          {
            key: `share-${share.key}`,
            label: share.label,
            width: 100,
            render: (row: LineRow) => percentOf(row.counts[share.key] ?? 0, row.count),
          },
        ]
      : []),
  ];
}

const countData = (breakdown: Pick<WorkgroupBreakdown, 'lines'>): ChartDatum[] =>
  breakdown.lines.map((line) => ({ id: line.id, name: line.name, values: line.counts }));

/** The answer as the panels read it: the current period's, never the last period's. */
function resultOf<Data>(query: {
  currentData?: Data | undefined;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}) {
  return {
    data: query.currentData,
    // While it asks again (Try again) the spinner shows, not the last failure.
    error: query.isFetching ? undefined : query.error,
    isLoading: query.isFetching,
    refetch: query.refetch,
  };
}

function useBreakdown(args: BreakdownArgs) {
  return resultOf<WorkgroupBreakdown>(useReportChartBreakdownQuery(args));
}

const loadArgs = (AcademicPeriodId: string): BreakdownArgs => ({
  type: 'InstructorWorkloads',
  AcademicPeriodId,
  column: 'load',
  values: valuesOf(LOAD_SERIES),
  sums: ['required', 'assigned'],
});

const NO_INSTRUCTORS = {
  icon: 'people',
  title: 'No instructors to measure',
  description: 'No active faculty member has a workload yet.',
} as const;

function LoadPanel({ AcademicPeriodId }: { AcademicPeriodId: string }) {
  const query = useBreakdown(loadArgs(AcademicPeriodId));
  const title = 'Instructor load by workgroup';
  return (
    <ChartPanel
      title={title}
      description="Active faculty by how the points assigned to them (teaching and administrative) meet the points they are required to carry. Under-loaded counts once the assignment step has closed; before, points still to assign count as within required. An instructor counts in the first workgroup by name they belong to, else in the one they teach the most in."
      query={query}
      isEmpty={(data) => data.total.count === 0}
      empty={NO_INSTRUCTORS}
      summary={(data) =>
        `In all workgroups, of ${formatNumber(data.total.count)} instructors: ${countsSentence(LOAD_SERIES, data.total.counts)}.`
      }
      chart={(data, labelledBy) => (
        <WorkgroupBarChart labelledBy={labelledBy} series={LOAD_SERIES} data={countData(data)} />
      )}
      table={(data) => (
        <PlainTable
          label={title}
          columns={countColumns(LOAD_SERIES, 'Instructors')}
          rows={data.lines}
          footer={withTotal(data)}
        />
      )}
    />
  );
}

const POINTS_COLUMNS: TableColumn<LineRow>[] = [
  workgroupColumn,
  { key: 'count', label: 'Instructors', width: 100, render: (row) => formatNumber(row.count) },
  ...POINTS_SERIES.map((s) => ({
    key: s.key,
    label: `${s.label} points`,
    width: 110,
    render: (row: LineRow) => formatNumber(row.sums[s.key] ?? 0),
  })),
  {
    key: 'share',
    label: 'Assigned of required',
    width: 120,
    render: (row) => percentOf(row.sums.assigned ?? 0, row.sums.required ?? 0),
  },
];

function PointsPanel({ AcademicPeriodId }: { AcademicPeriodId: string }) {
  const query = useBreakdown(loadArgs(AcademicPeriodId));
  const title = 'Points assigned and required by workgroup';
  return (
    <ChartPanel
      title={title}
      description="The points the workgroup's active faculty are required to carry, and the points assigned to them in teaching and administration."
      query={query}
      isEmpty={(data) => data.total.count === 0}
      empty={NO_INSTRUCTORS}
      summary={(data) => {
        const required = data.total.sums.required ?? 0;
        const assigned = data.total.sums.assigned ?? 0;
        return `In all workgroups: ${formatNumber(assigned)} points assigned of ${formatNumber(required)} required (${percentOf(assigned, required)}).`;
      }}
      chart={(data, labelledBy) => (
        <WorkgroupBarChart
          labelledBy={labelledBy}
          series={POINTS_SERIES}
          data={data.lines.map((line) => ({ id: line.id, name: line.name, values: line.sums }))}
          stacked={false}
          decimals
        />
      )}
      table={(data) => (
        <PlainTable
          label={title}
          columns={POINTS_COLUMNS}
          rows={data.lines}
          footer={withTotal(data)}
        />
      )}
    />
  );
}

function CoveragePanel({ AcademicPeriodId }: { AcademicPeriodId: string }) {
  const query = useBreakdown({
    type: 'Sections',
    AcademicPeriodId,
    column: 'coverage',
    values: valuesOf(COVERAGE_SERIES),
  });
  const title = 'Section coverage by workgroup';
  return (
    <ChartPanel
      title={title}
      description="The period's sections by how much of them is assigned: covered (the shares add up to 100 %), partial, uncovered (no live assignment) or over-assigned."
      query={query}
      isEmpty={(data) => data.total.count === 0}
      empty={{
        icon: 'th-list',
        title: 'No sections in this period yet',
        description: 'Coverage shows once sections are offered in the period.',
      }}
      summary={(data) =>
        `In all workgroups, of ${formatNumber(data.total.count)} sections: ${countsSentence(COVERAGE_SERIES, data.total.counts)}.`
      }
      chart={(data, labelledBy) => (
        <WorkgroupBarChart
          labelledBy={labelledBy}
          series={COVERAGE_SERIES}
          data={countData(data)}
        />
      )}
      table={(data) => (
        <PlainTable
          label={title}
          columns={countColumns(COVERAGE_SERIES, 'Sections', {
            key: 'covered',
            label: 'Covered share',
          })}
          rows={data.lines}
          footer={withTotal(data)}
        />
      )}
    />
  );
}

function ApprovalPanel({ AcademicPeriodId }: { AcademicPeriodId: string }) {
  const query = useBreakdown({
    type: 'TeachingAssignments',
    AcademicPeriodId,
    column: 'status',
    values: valuesOf(STATUS_SERIES),
  });
  const title = 'Assignment approval by workgroup';
  return (
    <ChartPanel
      title={title}
      description="The period's teaching assignments by approval status, in the workgroup of their section: proposed, reopened, approved, final. Withdrawn assignments are left out."
      query={query}
      isEmpty={(data) => data.total.count === 0}
      empty={{
        icon: 'endorsed',
        title: 'No teaching assignments in this period yet',
        description: 'Approval progress shows once instructors are assigned to sections.',
      }}
      summary={(data) =>
        `In all workgroups, of ${formatNumber(data.total.count)} assignments: ${countsSentence(STATUS_SERIES, data.total.counts)}.`
      }
      chart={(data, labelledBy) => (
        <WorkgroupBarChart labelledBy={labelledBy} series={STATUS_SERIES} data={countData(data)} />
      )}
      table={(data) => (
        <PlainTable
          label={title}
          columns={countColumns(STATUS_SERIES, 'Assignments', {
            key: 'final',
            label: 'Final share',
          })}
          rows={data.lines}
          footer={withTotal(data)}
        />
      )}
    />
  );
}

/** A workgroup's alignment, with the live assignments neither aligned nor blocked as "other". */
interface AlignmentRow {
  id: string;
  name: string;
  assignments: number;
  meanScore: number | null;
  counts: Record<string, number>;
}

function alignmentRow(
  id: string,
  name: string,
  summary: NonNullable<AlignmentMetricsAnswer['overall']>,
): AlignmentRow {
  const other = Math.max(summary.assignments - summary.aligned - summary.blocked, 0);
  return {
    id,
    name,
    assignments: summary.assignments,
    meanScore: summary.meanScore,
    counts: { aligned: summary.aligned, other, blocked: summary.blocked },
  };
}

const ALIGNMENT_COLUMNS: TableColumn<AlignmentRow>[] = [
  workgroupColumn,
  ...ALIGNMENT_SERIES.map((s) => ({
    key: s.key,
    label: s.label,
    width: 90,
    render: (row: AlignmentRow) => formatNumber(row.counts[s.key] ?? 0),
  })),
  {
    key: 'assignments',
    label: 'Assignments',
    width: 100,
    render: (row) => formatNumber(row.assignments),
  },
  {
    key: 'share',
    label: 'Aligned share',
    width: 100,
    render: (row) => percentOf(row.counts.aligned ?? 0, row.assignments),
  },
  {
    key: 'meanScore',
    label: 'Mean score',
    width: 100,
    render: (row) => (row.meanScore === null ? '—' : formatNumber(row.meanScore)),
  },
];

function AlignmentPanel({ AcademicPeriodId }: { AcademicPeriodId: string }) {
  const query = resultOf<AlignmentMetricsAnswer>(
    useReportChartAlignmentQuery({ AcademicPeriodId }),
  );
  const title = 'Preference alignment by workgroup';
  const alignedScore = query.data?.alignedScore ?? DEFAULT_ALIGNED_SCORE;
  const rows = (data: AlignmentMetricsAnswer) =>
    data.rows.map((r) => alignmentRow(r.WorkgroupId, r.name, r));
  return (
    <ChartPanel
      title={title}
      description={`The period's live assignments by how well they meet the instructor's teaching preferences. Aligned: a score of at least ${String(alignedScore)} (a preferred course or assignment type with nothing against it). Blocked: a prohibited preference, a meeting conflict, an overload or an administrative assignment in the way. The table adds each workgroup's mean score (0–100).`}
      query={query}
      isEmpty={(data) => (data.overall?.assignments ?? 0) === 0}
      empty={{
        icon: 'people',
        title: 'No assignments to measure yet',
        description: 'Alignment shows once instructors are assigned to sections in the period.',
      }}
      summary={(data) => {
        const overall = data.overall;
        if (!overall) return '';
        const all = alignmentRow('all', ALL_WORKGROUPS, overall);
        return `In all workgroups, of ${formatNumber(overall.assignments)} assignments: ${countsSentence(ALIGNMENT_SERIES, all.counts)}; mean score ${overall.meanScore === null ? '—' : formatNumber(overall.meanScore)}.`;
      }}
      chart={(data, labelledBy) => (
        <WorkgroupBarChart
          labelledBy={labelledBy}
          series={ALIGNMENT_SERIES}
          data={rows(data).map((r) => ({ id: r.id, name: r.name, values: r.counts }))}
        />
      )}
      table={(data) => (
        <PlainTable
          label={title}
          columns={ALIGNMENT_COLUMNS}
          rows={rows(data)}
          footer={data.overall ? [alignmentRow('\u0000all', ALL_WORKGROUPS, data.overall)] : []}
        />
      )}
    />
  );
}

const STEP_COLUMNS: TableColumn<LineRow>[] = [
  { key: 'name', label: 'Step', width: 220, rowHeader: true, render: (row) => row.name },
  ...STEP_SERIES.map((s) => ({
    key: s.key,
    label: s.label,
    width: 100,
    render: (row: LineRow) => formatNumber(row.counts[s.key] ?? 0),
  })),
  {
    key: 'share',
    label: 'Approved share',
    width: 110,
    render: (row) => percentOf(row.counts.approved ?? 0, row.count),
  },
];

/**
 * Planning progress: each active step with its workgroups by where their work stands. For who
 * reads workgroup approvals (administrators, academic operations, the approvers; a reporting
 * user does not, by the permission table).
 */
function StepsPanel({ AcademicPeriodId }: { AcademicPeriodId: string }) {
  const answer = useReportChartStepsQuery({ AcademicPeriodId });
  const query = resultOf<StepBreakdown>({
    ...answer,
    currentData: answer.currentData ? stepBreakdown(answer.currentData) : undefined,
  });
  const title = 'Planning steps: workgroups by approval';
  return (
    <ChartPanel
      title={title}
      description="Each active progress step of the period with its workgroups: approved, submitted and waiting for approval, returned for changes, or not yet submitted."
      query={query}
      isEmpty={(data) => data.lines.length === 0 || data.workgroups === 0}
      empty={{
        icon: 'flow-linear',
        title: 'No progress steps to show',
        description: 'The period has no active progress step or no workgroup yet.',
      }}
      summary={(data) =>
        data.current
          ? `Of ${formatNumber(data.workgroups)} workgroups, at step ${data.current.name}: ${countsSentence(STEP_SERIES, data.current.counts)}.`
          : `None of ${formatNumber(data.workgroups)} workgroups has submitted work at any step yet.`
      }
      chart={(data, labelledBy) => (
        <WorkgroupBarChart labelledBy={labelledBy} series={STEP_SERIES} data={countData(data)} />
      )}
      table={(data) => <PlainTable label={title} columns={STEP_COLUMNS} rows={data.lines} />}
    />
  );
}

/** The charts' section: its heading (the home page's sections are third-level), the period. */
function ChartsSection({ periodName, children }: { periodName?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="allot-report-charts allot-report-section" aria-labelledby={titleId}>
      <div className="allot-report-charts__header">
        <H3 id={titleId}>Charts</H3>
        {periodName && <span className="bp6-text-muted">{periodName}, as the plan is now</span>}
      </div>
      {children}
    </section>
  );
}

function Charts({
  AcademicPeriodId,
  periodName,
}: {
  AcademicPeriodId: string;
  periodName?: string;
}) {
  const readsSteps = useSignedInAbility()?.can('read', 'WorkgroupApproval') ?? false;
  return (
    <ChartsSection {...(periodName !== undefined ? { periodName } : {})}>
      <div className="allot-report-charts__grid">
        <LoadPanel AcademicPeriodId={AcademicPeriodId} />
        <PointsPanel AcademicPeriodId={AcademicPeriodId} />
        <CoveragePanel AcademicPeriodId={AcademicPeriodId} />
        <ApprovalPanel AcademicPeriodId={AcademicPeriodId} />
        <AlignmentPanel AcademicPeriodId={AcademicPeriodId} />
        {readsSteps && <StepsPanel AcademicPeriodId={AcademicPeriodId} />}
      </div>
    </ChartsSection>
  );
}

/** The working period's charts: its name, a spinner, or why there is none. */
function WorkingPeriodCharts() {
  const working = useGetActiveAcademicPeriodQuery();
  if (working.isLoading)
    return (
      <ChartsSection>
        <Loading label="Loading the working period" />
      </ChartsSection>
    );
  if (working.error)
    return (
      <ChartsSection>
        <LoadError what="The working period" error={working.error} onRetry={working.refetch} />
      </ChartsSection>
    );
  const period = working.data;
  if (!period?.id)
    return (
      <ChartsSection>
        <NonIdealState
          icon="calendar"
          title="No academic period is active"
          description="Choose a working period in the top bar, or ask an administrator to activate one."
        />
      </ChartsSection>
    );
  return <Charts AcademicPeriodId={period.id} periodName={period.name} />;
}

export interface ReportChartsProps {
  /** The period the charts show; absent, the user's working period. */
  AcademicPeriodId?: string;
  /** Its name, shown beside the heading. */
  periodName?: string;
}

/**
 * The Reports home page's charts, for whoever may read reports (admin, academicOpsAdmin,
 * reportingUser; nothing for others): per workgroup, the instructors' load and points, the
 * sections' coverage, the assignments' approval and their alignment with preferences, for the
 * working period (or the one given), each with its numbers as a table on demand.
 */
export function ReportCharts({ AcademicPeriodId, periodName }: ReportChartsProps) {
  const ability = useSignedInAbility();
  if (!ability?.can('read', 'Report')) return null;
  if (AcademicPeriodId)
    return (
      <Charts
        AcademicPeriodId={AcademicPeriodId}
        {...(periodName !== undefined ? { periodName } : {})}
      />
    );
  return <WorkingPeriodCharts />;
}

export default ReportCharts;
