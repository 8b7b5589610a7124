import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useResourceAbility } from '../../../lib/auth/useResourceAbility.js';
import { notify } from '../../../lib/notifications/notify.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { cellText } from '../../../lib/resources/cellText.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  usePreferenceSubmissionsQuery,
  useReopenPreferencesMutation,
  type PreferenceSubmission,
} from '../../../lib/api/preferencesApi.js';
import { StatusTag } from '../../../components/status/PreferenceStatusTag.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import {
  Pager,
  nextTableSort,
  type PagerState,
  type TableColumn,
  type TableSort,
} from '../../../components/list/DataTable.js';
import { useInstructorWorkloadsQuery, type InstructorWorkloadRow } from '../api/workloadApi.js';
import { AlignmentMetricsPanel } from '../components/AlignmentMetricsPanel.js';
import { PointsRequiredCell } from '../components/PointsRequiredCell.js';
import { PeriodSelect } from '../components/PeriodSelect.js';
import { usePeriodChoices } from '../hooks/usePeriodChoices.js';
import '../instructors.css';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The workload columns; each name opens the instructor in the period shown (`?period=`). Those
 * who manage financial data change the points required in place.
 */
const workloadColumns = (
  period: string | null,
  editsFinancialData: boolean,
): TableColumn<InstructorWorkloadRow>[] => [
  {
    key: 'name',
    label: 'Instructor',
    width: 220,
    sortField: 'name',
    render: (r) => (
      <Link
        to={`/instructorWorkload/${encodeURIComponent(r.UserId)}${
          period ? `?period=${encodeURIComponent(period)}` : ''
        }`}
      >
        {r.name}
      </Link>
    ),
  },
  {
    key: 'required',
    label: 'Required',
    width: editsFinancialData ? 130 : 100,
    sortField: 'required',
    render: (r) => (
      <PointsRequiredCell
        UserId={r.UserId}
        name={r.name}
        required={r.required}
        editable={editsFinancialData}
      />
    ),
  },
  {
    key: 'teaching',
    label: 'Teaching',
    width: 100,
    sortField: 'teaching',
    render: (r) => r.teaching,
  },
  {
    key: 'administrative',
    label: 'Admin',
    width: 90,
    sortField: 'administrative',
    render: (r) => r.administrative,
  },
  {
    key: 'assigned',
    label: 'Assigned',
    width: 100,
    sortField: 'assigned',
    render: (r) => r.assigned,
  },
  {
    key: 'remaining',
    label: 'Remaining',
    width: 110,
    sortField: 'remaining',
    render: (r) => r.remaining,
  },
  {
    key: 'sections',
    label: 'Sections',
    width: 90,
    sortField: 'sections',
    render: (r) => r.sections,
  },
  {
    key: 'load',
    label: 'Load',
    width: 130,
    render: (r) =>
      r.overloaded ? (
        <Tag intent={Intent.DANGER} minimal>
          Over-loaded
        </Tag>
      ) : r.underloaded ? (
        <Tag intent={Intent.WARNING} minimal>
          Under-loaded
        </Tag>
      ) : (
        <Tag intent={Intent.SUCCESS} minimal>
          On track
        </Tag>
      ),
  },
];

function WorkloadTab() {
  const [params] = useSearchParams();
  const ability = useResourceAbility();
  const editsFinancialData = ability?.can('update', 'FinancialData') ?? false;
  const [search, setSearch] = useState('');
  const [load, setLoad] = useState(params.get('load') ?? '');
  const [sort, setSort] = useState<TableSort | null>(null);
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 25 });
  const periods = usePeriodChoices();
  // The working period until another is chosen (a link may name one: ?period=).
  const [chosen, setChosen] = useState<string | null>(params.get('period'));
  const period = chosen ?? periods.workingPeriodId ?? '';
  const q = useDebounced(search);
  const list = useInstructorWorkloadsQuery({
    take: pager.pageSize,
    skip: pager.page * pager.pageSize,
    ...(chosen ? { AcademicPeriodId: chosen } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(load ? { load } : {}),
    ...(sort ? { sort: JSON.stringify([[sort.field, sort.direction]]) } : {}),
  });
  return (
    <>
      <div className="allot-instructors__filters">
        <PeriodSelect
          choices={periods}
          value={period}
          onChange={(id) => {
            setChosen(id === periods.workingPeriodId ? null : id);
            setPager({ ...pager, page: 0 });
          }}
        />
        <InputGroup
          leftIcon="search"
          aria-label="Search instructors"
          placeholder="Search by name or e-mail…"
          value={search}
          onValueChange={(v) => {
            setSearch(v);
            setPager({ ...pager, page: 0 });
          }}
        />
        <HTMLSelect
          aria-label="Load"
          value={load}
          onChange={(e) => {
            setLoad(e.currentTarget.value);
            setPager({ ...pager, page: 0 });
          }}
          options={[
            { value: '', label: 'Any load' },
            { value: 'overloaded', label: 'Over-loaded' },
            { value: 'underloaded', label: 'Under-loaded' },
            { value: 'balanced', label: 'On track' },
          ]}
        />
      </div>
      {list.error ? (
        <NonIdealState
          icon="error"
          title="Workloads could not be loaded"
          description={problemOf(list.error).message}
          action={<Button icon="refresh" text="Try again" onClick={() => void list.refetch()} />}
        />
      ) : !list.isLoading && list.data?.count === 0 ? (
        <NonIdealState
          icon="people"
          title="No instructors match"
          description={
            list.data.AcademicPeriodId
              ? 'Change the search or the load filter.'
              : 'Choose a working academic period first.'
          }
        />
      ) : (
        <>
          <PlainTable
            label="Instructors' workload"
            columns={workloadColumns(chosen, editsFinancialData)}
            rows={(list.data?.rows ?? []).map((r) => ({ ...r, id: r.UserId }))}
            sort={sort}
            onSort={(field) => setSort(nextTableSort(sort, field))}
          />
          <Pager
            count={list.data?.count ?? 0}
            state={pager}
            fetching={list.isFetching}
            onChange={(change) => setPager({ ...pager, ...change })}
          />
        </>
      )}
    </>
  );
}

function SubmissionsTab() {
  const mayReopen = useResourceAbility()?.can('manage', 'Instructor') ?? false;
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(params.get('status') ?? '');
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 25 });
  const [reopening, setReopening] = useState<PreferenceSubmission | null>(null);
  const [reopen] = useReopenPreferencesMutation();
  const periods = usePeriodChoices();
  // The working period until another is chosen (a link may name one: ?period=).
  const [chosen, setChosen] = useState<string | null>(params.get('period'));
  const period = chosen ?? periods.workingPeriodId ?? '';
  const q = useDebounced(search);
  const list = usePreferenceSubmissionsQuery(
    {
      take: pager.pageSize,
      skip: pager.page * pager.pageSize,
      ...(period ? { AcademicPeriodId: period } : {}),
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(status ? { status } : {}),
    },
    { skip: chosen === null && !periods.workingPeriodLoaded },
  );
  const columns: TableColumn<PreferenceSubmission & { id: string }>[] = [
    { key: 'name', label: 'Instructor', width: 220, render: (r) => r.name },
    { key: 'status', label: 'Status', width: 120, render: (r) => <StatusTag status={r.status} /> },
    { key: 'count', label: 'Preferences', width: 110, render: (r) => r.count },
    {
      key: 'submittedAt',
      label: 'Submitted',
      width: 180,
      render: (r) => cellText(r.submittedAt),
    },
  ];
  async function confirmReopen() {
    if (!reopening) return;
    const result = await reopen({
      UserId: reopening.UserId,
      AcademicPeriodId: reopening.AcademicPeriodId,
    });
    setReopening(null);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : {
            message: `${reopening.name} can change their preferences again.`,
            intent: Intent.SUCCESS,
          },
    );
  }
  return (
    <>
      <div className="allot-instructors__filters">
        <PeriodSelect
          choices={periods}
          value={period}
          onChange={(id) => {
            setChosen(id);
            setPager({ ...pager, page: 0 });
          }}
        />
        <InputGroup
          leftIcon="search"
          aria-label="Search submissions"
          placeholder="Search by name or e-mail…"
          value={search}
          onValueChange={(v) => {
            setSearch(v);
            setPager({ ...pager, page: 0 });
          }}
        />
        <HTMLSelect
          aria-label="Submission status"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value);
            setPager({ ...pager, page: 0 });
          }}
          options={[
            { value: '', label: 'Any status' },
            { value: 'unsubmitted', label: 'Not submitted' },
            { value: 'notStarted', label: 'Not started' },
            { value: 'draft', label: 'Draft' },
            { value: 'submitted', label: 'Submitted' },
            { value: 'reopened', label: 'Reopened' },
          ]}
        />
      </div>
      {list.error ? (
        <NonIdealState
          icon="error"
          title="Submissions could not be loaded"
          description={problemOf(list.error).message}
        />
      ) : (
        <>
          <PlainTable
            label="Preference submissions"
            columns={columns}
            rows={(list.data?.rows ?? []).map((r) => ({ ...r, id: r.UserId }))}
            sort={null}
            onSort={() => undefined}
            {...(mayReopen
              ? {
                  actions: (r: PreferenceSubmission) =>
                    r.status === 'submitted' ? (
                      <Button
                        size="small"
                        variant="minimal"
                        icon="unlock"
                        text="Reopen"
                        aria-label={`Reopen the preferences of ${r.name}`}
                        onClick={() => setReopening(r)}
                      />
                    ) : null,
                }
              : {})}
          />
          <Pager
            count={list.data?.count ?? 0}
            state={pager}
            fetching={list.isFetching}
            onChange={(change) => setPager({ ...pager, ...change })}
          />
        </>
      )}
      <Alert
        isOpen={reopening !== null}
        icon="unlock"
        intent={Intent.PRIMARY}
        confirmButtonText="Reopen"
        cancelButtonText="Cancel"
        onCancel={() => setReopening(null)}
        onConfirm={() => void confirmReopen()}
      >
        <p>Reopen the preferences of {reopening?.name} so they can change and submit them again?</p>
      </Alert>
    </>
  );
}

type InstructorsTab = 'workload' | 'submissions' | 'alignment';

/**
 * Instructors: each one's workload in the working period, their preference submissions by period,
 * and, for those who read section assignments, how assignments align with preferences.
 */
export default function InstructorsPage() {
  const [params] = useSearchParams();
  const readsAssignments = useResourceAbility()?.can('read', 'SectionAssignment') ?? false;
  const asked = params.get('tab');
  const [tab, setTab] = useState<InstructorsTab>(
    asked === 'submissions' || asked === 'alignment' ? asked : 'workload',
  );
  const selected = tab === 'alignment' && !readsAssignments ? 'workload' : tab;
  return (
    <PageFrame>
      <Tabs
        id="instructors-tabs"
        selectedTabId={selected}
        onChange={(id) => setTab(id as InstructorsTab)}
        renderActiveTabPanelOnly
      >
        <Tab id="workload" title="Workload" panel={<WorkloadTab />} />
        <Tab id="submissions" title="Preference submissions" panel={<SubmissionsTab />} />
        {readsAssignments && (
          <Tab id="alignment" title="Alignment" panel={<AlignmentMetricsPanel />} />
        )}
      </Tabs>
    </PageFrame>
  );
}
