import { SUBMISSION_STATUS_LABELS } from '@allot/shared-events/browser';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, HTMLSelect, InputGroup, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
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
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { useServerList, type ServerListSpec } from '../../../components/list/useServerList.js';
import { useInstructorWorkloadsQuery, type InstructorWorkloadRow } from '../api/workloadApi.js';
import { AlignmentMetricsPanel } from '../components/AlignmentMetricsPanel.js';
import { PointsRequiredCell } from '../components/PointsRequiredCell.js';
import { PeriodSelect } from '../components/PeriodSelect.js';
import { usePeriodChoices } from '../hooks/usePeriodChoices.js';
import '../instructors.css';
import { ChangesButton } from '../../../components/changes/index.js';

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

/** The workload tab's filters and their address parameters (a link may name ?period= or ?load=). */
const WORKLOAD_LIST = {
  filters: { period: 'period', search: 'q', load: 'load' },
  typed: ['search'],
  scope: ['period'],
} satisfies ServerListSpec<'period' | 'search' | 'load'>;

function WorkloadTab() {
  const ability = useSignedInAbility();
  const editsFinancialData = ability?.can('update', 'FinancialData') ?? false;
  const list = useServerList(WORKLOAD_LIST);
  const periods = usePeriodChoices();
  // The working period until another is chosen.
  const chosen = list.filters.period;
  const period = chosen ?? periods.workingPeriodId ?? '';
  const workloads = useInstructorWorkloadsQuery({
    ...list.paging,
    ...(chosen ? { AcademicPeriodId: chosen } : {}),
    ...(list.filters.search ? { q: list.filters.search } : {}),
    ...(list.filters.load ? { load: list.filters.load } : {}),
  });
  return (
    <>
      <div className="allot-instructors__filters">
        <PeriodSelect
          choices={periods}
          value={period}
          onChange={(id) => list.setFilters({ period: id === periods.workingPeriodId ? null : id })}
        />
        <InputGroup
          leftIcon="search"
          aria-label="Search instructors"
          placeholder="Search by name or e-mail…"
          value={list.text('search')}
          onValueChange={(v) => list.setText('search', v)}
        />
        <HTMLSelect
          aria-label="Load"
          value={list.filters.load ?? ''}
          onChange={(e) => list.setFilters({ load: e.currentTarget.value })}
          options={[
            { value: '', label: 'Any load' },
            { value: 'overloaded', label: 'Over-loaded' },
            { value: 'underloaded', label: 'Under-loaded' },
            { value: 'balanced', label: 'On track' },
          ]}
        />
      </div>
      <ListBody
        what="Workloads"
        query={workloads}
        // No instructor is shown for a reason the description gives, filtered or not.
        filtering={false}
        empty={{
          icon: 'people',
          title: 'No instructors match',
          description: workloads.data?.AcademicPeriodId
            ? 'Change the search or the load filter.'
            : 'Choose a working academic period first.',
        }}
        noMatches="No instructor matches the filters."
        pager={list.pager}
        onPager={list.setPager}
      >
        {(rows) => (
          <PlainTable
            label="Instructors' workload"
            columns={workloadColumns(chosen, editsFinancialData)}
            rows={rows.map((r) => ({ ...r, id: r.UserId }))}
            sort={list.sort}
            onSort={list.onSort}
          />
        )}
      </ListBody>
    </>
  );
}

/** The submissions tab's filters and their address parameters (the dashboard links ?status=). */
const SUBMISSION_LIST = {
  filters: { period: 'period', search: 'q', status: 'status' },
  typed: ['search'],
  scope: ['period'],
} satisfies ServerListSpec<'period' | 'search' | 'status'>;

function SubmissionsTab() {
  const mayReopen = useSignedInAbility()?.can('manage', 'Instructor') ?? false;
  const list = useServerList(SUBMISSION_LIST);
  const [reopening, setReopening] = useState<PreferenceSubmission | null>(null);
  const [reopen] = useReopenPreferencesMutation();
  const periods = usePeriodChoices();
  // The working period until another is chosen.
  const chosen = list.filters.period;
  const period = chosen ?? periods.workingPeriodId ?? '';
  const waiting = chosen === null && !periods.workingPeriodLoaded;
  const { sort: _unsorted, ...paging } = list.paging;
  const submissions = usePreferenceSubmissionsQuery(
    {
      ...paging,
      ...(period ? { AcademicPeriodId: period } : {}),
      ...(list.filters.search ? { q: list.filters.search } : {}),
      ...(list.filters.status ? { status: list.filters.status } : {}),
    },
    { skip: waiting },
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
          onChange={(id) => list.setFilters({ period: id })}
        />
        <InputGroup
          leftIcon="search"
          aria-label="Search submissions"
          placeholder="Search by name or e-mail…"
          value={list.text('search')}
          onValueChange={(v) => list.setText('search', v)}
        />
        <HTMLSelect
          aria-label="Submission status"
          value={list.filters.status ?? ''}
          onChange={(e) => list.setFilters({ status: e.currentTarget.value })}
          options={[
            { value: '', label: 'Any status' },
            { value: 'unsubmitted', label: 'Not submitted' },
            ...Object.entries(SUBMISSION_STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </div>
      <ListBody
        what="Submissions"
        query={submissions}
        waiting={waiting}
        filtering={list.filtering}
        empty={{
          icon: 'people',
          title: 'No instructors in this period',
          description: 'Instructors appear here with their preference submissions.',
        }}
        noMatches="No instructor matches the filters."
        pager={list.pager}
        onPager={list.setPager}
      >
        {(rows) => (
          <PlainTable
            label="Preference submissions"
            columns={columns}
            rows={rows.map((r) => ({ ...r, id: r.UserId }))}
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
        )}
      </ListBody>
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
  const [params, setParams] = useSearchParams();
  const readsAssignments = useSignedInAbility()?.can('read', 'SectionAssignment') ?? false;
  const asked = params.get('tab');
  const tab: InstructorsTab = asked === 'submissions' || asked === 'alignment' ? asked : 'workload';
  const selected = tab === 'alignment' && !readsAssignments ? 'workload' : tab;
  // The tab is in the address too; another tab keeps the period chosen but not the other filters.
  const choose = (id: InstructorsTab) => {
    const period = params.get('period');
    setParams(
      { ...(id === 'workload' ? {} : { tab: id }), ...(period ? { period } : {}) },
      {
        replace: true,
      },
    );
  };
  return (
    <PageFrame actions={<ChangesButton period={params.get('period')} kind="preferences" />}>
      <Tabs
        id="instructors-tabs"
        selectedTabId={selected}
        onChange={(id) => choose(id as InstructorsTab)}
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
