import { useMemo, useState } from 'react';
import { Alert, Button, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { ListBody, ListPage } from '../../../components/list/ListPage.js';
import {
  pagingParams,
  useServerList,
  type ServerListSpec,
} from '../../../components/list/useServerList.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { useAppDispatch } from '../../../lib/hooks/useAppDispatch.js';
import { MeetingsEditor } from '../components/MeetingsEditor.js';
import { SectionDialog } from '../components/SectionDialog.js';
import { SectionDrawer, sectionLabel, sectionTermLabel } from '../components/SectionDrawer.js';
import { SectionHistoryDrawer } from '../components/SectionHistory.js';
import { canCreateSections, sectionPermissions } from '../sectionAbility.js';
import {
  sectionsApi,
  useCreateSectionMutation,
  useDeleteSectionMutation,
  useListSectionsQuery,
  useSetMeetingsMutation,
  useUpdateSectionMutation,
  type ListQuery,
} from '../../../lib/api/sectionsApi.js';
import {
  COVERAGE_STATUSES,
  type SectionBody,
  type SectionRow,
} from '../../../lib/domain/sectionTypes.js';
import {
  CoverageTag,
  StatusTag,
  coverageLabel,
} from '../../../components/status/AssignmentTags.js';
import {
  RowActions,
  rowActionsWidth,
  type RowActionItem,
} from '../../../components/list/RowActions.js';
import { courseColumn } from '../../../components/list/columns.js';
import {
  DataTable,
  type PagerState,
  type TableColumn,
  type TableSort,
} from '../../../components/list/DataTable.js';
import {
  termModeLabel,
  useTeachingChoices,
  type TeachingChoices,
} from '../../../lib/hooks/useTeachingChoices.js';
import { FilterSelect, PeriodWorkgroupFilters } from '../../../components/list/FilterSelect.js';
import { ChangesButton } from '../../../components/changes/index.js';

const COVERAGE_FILTER_OPTIONS = [
  { value: 'uncovered,partial', label: 'Needs instructors' },
  ...COVERAGE_STATUSES.map((c) => ({ value: c, label: coverageLabel(c) })),
];

export interface SectionFilters {
  /** '' = every period; null = the working period, once known. */
  period: string | null;
  workgroup: string;
  coverage: string;
  search: string;
  /** One course offering's sections ('' = any), from a link (the Course Offerings page). */
  offering?: string;
}

/** The list query the filters, sort and page ask for (readModels/sections). */
export function sectionListQuery(
  filters: SectionFilters,
  sort: TableSort | null,
  pager: PagerState,
): ListQuery {
  return {
    ...pagingParams(sort, pager),
    ...(filters.period ? { AcademicPeriodId: filters.period } : {}),
    ...(filters.workgroup ? { WorkgroupId: filters.workgroup } : {}),
    ...(filters.coverage ? { coverageStatus: filters.coverage } : {}),
    ...(filters.offering ? { CourseOfferingId: filters.offering } : {}),
    ...(filters.search.trim() ? { q: filters.search.trim() } : {}),
  };
}

/**
 * The table's columns (exported for tests: jsdom lays out only the frozen column). The default
 * ones fit beside the menu at 1400 px (the browser test wideTables checks it); the section's
 * name, mostly the course's, is offered in the Columns control.
 */
export function sectionColumns(choices: TeachingChoices): TableColumn<SectionRow>[] {
  return [
    courseColumn(210),
    {
      key: 'section',
      label: 'Section',
      width: 72,
      sortField: 'sectionNumber',
      render: (s) => s.sectionNumber,
    },
    {
      key: 'name',
      label: 'Name',
      width: 160,
      sortField: 'name',
      hiddenByDefault: true,
      render: (s) => s.name,
    },
    {
      key: 'termMode',
      label: 'Term mode',
      width: 150,
      render: (s) => termModeLabel(s.TermMode, choices),
    },
    {
      key: 'enrollment',
      label: 'Enrollment',
      width: 92,
      sortField: 'enrollment',
      render: (s) => s.enrollment ?? '—',
    },
    {
      key: 'points',
      label: 'Points',
      width: 68,
      sortField: 'points',
      render: (s) => s.sectionPoints,
    },
    {
      key: 'coverage',
      label: 'Coverage',
      width: 124,
      sortField: 'coverageStatus',
      render: (s) => <CoverageTag coverage={s.coverage} />,
    },
    {
      key: 'instructors',
      label: 'Instructors',
      width: 230,
      render: (s) => {
        const shown = s.assignments.filter((a) => a.status !== 'withdrawn');
        if (shown.length === 0) return <span className="allot-teaching-muted">None</span>;
        return (
          <span className="allot-teaching-cell-list">
            {shown.map((a) => (
              <span key={a.id} className="allot-teaching-cell-list">
                <span>{a.instructorName ?? a.UserId}</span>
                <StatusTag status={a.status} />
              </span>
            ))}
          </span>
        );
      },
    },
  ];
}

/** The offering filter's tag: its course when a row shows it. */
function offeringFilterLabel(rows: readonly SectionRow[]): string {
  const course = rows[0]?.courseNumber;
  return course ? `Offering: ${course}` : 'One course offering';
}

type SectionAction = 'details' | 'edit' | 'meetings' | 'history' | 'delete';

/**
 * A row's actions: details and edit at hand (the most used), meetings, history and delete in
 * the More actions menu; each named for the row, term included.
 */
function SectionRowActions({
  section,
  choices,
  onOpen,
}: {
  section: SectionRow;
  choices: TeachingChoices;
  onOpen: (action: SectionAction, section: SectionRow) => void;
}) {
  const can = sectionPermissions(choices.ability, section.WorkgroupId);
  const label = sectionTermLabel(section, section.TermMode?.AcademicTermId, choices);
  const action = (
    key: SectionAction,
    icon: RowActionItem['icon'],
    text: string,
    name: string,
    intent?: Intent,
  ): RowActionItem => ({
    key,
    icon,
    text,
    label: `${name} ${label}`,
    onClick: () => onOpen(key, section),
    ...(intent ? { intent } : {}),
  });
  return (
    <RowActions
      rowLabel={label}
      inline={[
        action('details', 'list-detail-view', 'Details', 'Details of'),
        ...(can.update ? [action('edit', 'edit', 'Edit', 'Edit')] : []),
      ]}
      more={[
        ...(can.schedule ? [action('meetings', 'calendar', 'Meetings', 'Meetings of')] : []),
        action('history', 'history', 'History', 'History of'),
        ...(can.delete ? [action('delete', 'trash', 'Delete', 'Delete', Intent.DANGER)] : []),
      ]}
    />
  );
}

type Dialog =
  | { kind: 'edit'; section: SectionRow | null; key: number }
  | { kind: 'meetings'; section: SectionRow }
  | { kind: 'history'; section: SectionRow }
  | { kind: 'delete'; section: SectionRow };

/** Each filter and its address parameter: links (the dashboard's counts, an offering's sections) name them. */
const SECTION_LIST = {
  filters: {
    period: 'AcademicPeriodId',
    workgroup: 'WorkgroupId',
    coverage: 'coverage',
    search: 'q',
    offering: 'CourseOfferingId',
  },
  typed: ['search'],
  scope: ['period'],
} satisfies ServerListSpec<keyof SectionFilters>;

/** Sections Offered (/sections): the sections of a period with coverage and instructors. */
export default function SectionsPage() {
  const choices = useTeachingChoices();
  const { ability } = choices;
  const list = useServerList(SECTION_LIST);
  const { filters } = list;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A link may open a section's details (the change feed's ?section=…).
  const [details, setDetails] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('section'),
  );
  const dispatch = useAppDispatch();

  // The working period is the default, once the shell knows it ('' shows every period).
  const period = filters.period ?? choices.workingPeriodId ?? '';
  const waiting = filters.period === null && !choices.workingPeriodLoaded;
  const query = sectionListQuery(
    {
      period,
      workgroup: filters.workgroup ?? '',
      coverage: filters.coverage ?? '',
      search: filters.search ?? '',
      offering: filters.offering ?? '',
    },
    list.sort,
    list.pager,
  );
  const sections = useListSectionsQuery(query, { skip: waiting || !ability });
  const [create] = useCreateSectionMutation();
  const [update] = useUpdateSectionMutation();
  const [remove] = useDeleteSectionMutation();
  const [setMeetings] = useSetMeetingsMutation();
  const table = useMemo(() => sectionColumns(choices), [choices]);
  const mayCreate = canCreateSections(ability);

  async function save(body: SectionBody): Promise<ServerProblem | null> {
    if (dialog?.kind !== 'edit') return null;
    const section = dialog.section;
    if (section && Object.keys(body).length === 0) {
      setDialog(null);
      return null;
    }
    const result = section
      ? await update({ id: section.id, revision: section.revision, body })
      : await create(body);
    if ('error' in result) return problemOf(result.error);
    void notify({
      message: section ? 'Section saved.' : 'Section created.',
      intent: Intent.SUCCESS,
    });
    setDialog(null);
    return null;
  }

  async function reload() {
    if (dialog?.kind !== 'edit' || !dialog.section) return;
    const request = dispatch(
      sectionsApi.endpoints.getSection.initiate(dialog.section.id, { forceRefetch: true }),
    );
    const fresh = await request;
    request.unsubscribe();
    if (fresh.data) setDialog({ kind: 'edit', section: fresh.data, key: Date.now() });
  }

  async function confirmDelete() {
    if (dialog?.kind !== 'delete') return;
    const { section } = dialog;
    const result = await remove({ id: section.id });
    setDialog(null);
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    if (details === section.id) setDetails(null);
    void notify({ message: `${sectionLabel(section)} deleted.`, intent: Intent.SUCCESS });
  }

  const rows = sections.data?.rows ?? [];
  const newButton = mayCreate ? (
    <Button
      intent={Intent.PRIMARY}
      icon="add"
      text="New section"
      onClick={() => setDialog({ kind: 'edit', section: null, key: Date.now() })}
    />
  ) : null;

  const open = (action: SectionAction, section: SectionRow) => {
    if (action === 'details') setDetails(section.id);
    else if (action === 'edit') setDialog({ kind: 'edit', section, key: Date.now() });
    else setDialog({ kind: action, section });
  };

  return (
    <ListPage
      actions={
        <>
          <ChangesButton period={period} workgroup={filters.workgroup} kind="section" />
          {newButton}
        </>
      }
      filters={
        <>
          <PeriodWorkgroupFilters
            choices={choices}
            period={period}
            workgroup={filters.workgroup ?? ''}
            onChange={list.setFilters}
          />
          <FilterSelect
            label="Coverage"
            anyLabel="Coverage: any"
            value={filters.coverage ?? ''}
            options={COVERAGE_FILTER_OPTIONS}
            onChange={(coverage) => list.setFilters({ coverage })}
          />
          <InputGroup
            leftIcon="search"
            aria-label="Search sections"
            placeholder="Course, name or number…"
            value={list.text('search')}
            onValueChange={(v) => list.setText('search', v)}
          />
          {filters.offering && (
            <Tag
              large
              minimal
              intent={Intent.PRIMARY}
              onRemove={() => list.setFilters({ offering: null })}
            >
              {offeringFilterLabel(rows)}
            </Tag>
          )}
        </>
      }
    >
      <ListBody
        what="Sections"
        query={sections}
        waiting={waiting}
        filtering={list.filtering}
        empty={{
          title: 'No sections yet',
          description: mayCreate
            ? 'Create the first section of this period.'
            : 'No section in this period.',
          action: newButton,
        }}
        noMatches="No section matches the filters."
        pager={list.pager}
        onPager={list.setPager}
      >
        {(page, loading) => (
          <DataTable
            columnsKey="sections"
            tableName="Sections"
            columns={table}
            rows={page}
            loading={loading}
            sort={list.sort}
            actionsWidth={rowActionsWidth(2, true)}
            onSort={list.onSort}
            actions={(s) => <SectionRowActions section={s} choices={choices} onOpen={open} />}
          />
        )}
      </ListBody>
      {details && (
        <SectionDrawer
          sectionId={details}
          choices={choices}
          onClose={() => setDetails(null)}
          onEditMeetings={(section) => setDialog({ kind: 'meetings', section })}
          onHistory={(section) => setDialog({ kind: 'history', section })}
        />
      )}
      {dialog?.kind === 'edit' && (
        <SectionDialog
          key={dialog.key}
          section={dialog.section}
          choices={choices}
          periodId={period || null}
          onSubmit={save}
          onReload={() => void reload()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'meetings' && (
        <MeetingsEditor
          section={dialog.section}
          choices={choices}
          onClose={() => setDialog(null)}
          onSave={async (meetings, override) => {
            const result = await setMeetings({
              id: dialog.section.id,
              revision: dialog.section.revision,
              meetings,
              override,
            });
            if ('error' in result) return problemOf(result.error);
            void notify({ message: 'Meetings saved.', intent: Intent.SUCCESS });
            setDialog(null);
            return null;
          }}
        />
      )}
      {dialog?.kind === 'history' && (
        <SectionHistoryDrawer
          sectionId={dialog.section.id}
          label={sectionLabel(dialog.section)}
          workgroupId={dialog.section.WorkgroupId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <Alert
          isOpen
          icon="trash"
          intent={Intent.DANGER}
          cancelButtonText="Cancel"
          confirmButtonText="Delete"
          onCancel={() => setDialog(null)}
          onConfirm={() => void confirmDelete()}
        >
          <p>
            Delete <strong>{sectionLabel(dialog.section)}</strong> ({dialog.section.name}) with its
            meetings and assignments? Its history is kept.
          </p>
        </Alert>
      )}
    </ListPage>
  );
}
