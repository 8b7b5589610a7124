import { useCallback, useEffect, useMemo, useState } from 'react';
import { InputGroup, Switch, Tag } from '@blueprintjs/core';
import { CHANGES_SINCE_MY_APPROVAL } from '@allot/shared-events/browser';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { ListBody, ListPage } from '../../../components/list/ListPage.js';
import {
  pagingParams,
  useServerList,
  type ServerListSpec,
} from '../../../components/list/useServerList.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { SectionDrawer, sectionLabel, sectionTermLabel } from '../components/SectionDrawer.js';
import { SectionHistoryDrawer } from '../components/SectionHistory.js';
import { MeetingsEditor } from '../components/MeetingsEditor.js';
import {
  useListSectionAssignmentsQuery,
  useSectionInstructorsQuery,
  useSetMeetingsMutation,
  type ListQuery,
} from '../../../lib/api/sectionsApi.js';
import {
  ASSIGNMENT_STATUSES,
  type AssignmentRow,
  type BulkApprovalLevel,
  type SectionRow,
} from '../../../lib/domain/sectionTypes.js';
import { AlignmentTag } from '../../../components/status/AlignmentTag.js';
import { StatusTag, statusLabel } from '../../../components/status/AssignmentTags.js';
import { RowActions, rowActionsWidth } from '../../../components/list/RowActions.js';
import { courseColumn } from '../../../components/list/columns.js';
import {
  DataTable,
  type PagerState,
  type TableColumn,
  type TableSelection,
  type TableSort,
} from '../../../components/list/DataTable.js';
import { useAssignmentActions } from '../hooks/useAssignmentActions.js';
import { approvalLevels, assignmentActions, sectionPermissions } from '../sectionAbility.js';
import { BulkApprovalBar } from '../components/BulkApprovalBar.js';
import { useChangedSinceApproval, withChangedMarks } from '../components/ChangedSinceApproval.js';
import {
  labelOf,
  useTeachingChoices,
  type TeachingChoices,
} from '../../../lib/hooks/useTeachingChoices.js';
import { notify } from '../../../lib/notifications/notify.js';
import { Intent } from '@blueprintjs/core';
import { FilterSelect, PeriodWorkgroupFilters } from '../../../components/list/FilterSelect.js';
import { ChangesButton } from '../../../components/changes/index.js';

const STATUS_FILTER_OPTIONS = [
  { value: 'proposed,reopened', label: 'Awaiting approval' },
  ...ASSIGNMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

export interface AssignmentFilters {
  period: string | null;
  workgroup: string;
  status: string;
  instructor: string;
  search: string;
  /** Only what the viewer may approve at workgroup level (the dashboard's link). */
  approvable?: boolean;
  /** Only rows changed since the viewer's last approval of their workgroup. */
  changed?: boolean;
}

export function assignmentListQuery(
  filters: AssignmentFilters,
  sort: TableSort | null,
  pager: PagerState,
): ListQuery {
  return {
    ...pagingParams(sort, pager),
    ...(filters.period ? { AcademicPeriodId: filters.period } : {}),
    ...(filters.workgroup ? { WorkgroupId: filters.workgroup } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.instructor ? { UserId: filters.instructor } : {}),
    ...(filters.search.trim() ? { q: filters.search.trim() } : {}),
    ...(filters.approvable ? { approvable: 'true' } : {}),
    ...(filters.changed ? { changed: CHANGES_SINCE_MY_APPROVAL } : {}),
  };
}

const label = (a: AssignmentRow) => sectionLabel(a);
/** "MATH 101 001 (Fall 2026)": the row's section, term included where the viewer reads it. */
const rowLabel = (a: AssignmentRow, choices: Pick<TeachingChoices, 'terms'>) =>
  sectionTermLabel(a, a.AcademicTermId, choices);

/** The statuses each approval level moves on from (DOMAIN.md's lifecycle). */
const AWAITING: Record<BulkApprovalLevel, readonly string[]> = {
  approve: ['proposed', 'reopened'],
  finalize: ['approved'],
};

/**
 * The "all matching" query of a level: the page's filters when their status asks only for what
 * that level approves; the workgroup level keeps to what the viewer may approve (`approvable`).
 */
export function allMatchingQuery(
  filters: AssignmentFilters,
  level: BulkApprovalLevel,
): ListQuery | null {
  const statuses = filters.status ? filters.status.split(',') : [];
  if (statuses.length === 0 || !statuses.every((s) => AWAITING[level].includes(s))) return null;
  const approvable = level === 'approve' || filters.approvable === true;
  return assignmentListQuery({ ...filters, approvable }, null, { page: 0, pageSize: 1 });
}

/**
 * The table's columns. The default ones fit beside the selection and the actions at 1400 px (the
 * browser test wideTables checks it); the section's name, the notes and when it changed are
 * offered in the Columns control.
 */
export function assignmentColumns(
  choices: Pick<TeachingChoices, 'terms'>,
): TableColumn<AssignmentRow>[] {
  return [
    courseColumn(200),
    {
      key: 'section',
      label: 'Section',
      width: 64,
      sortField: 'sectionNumber',
      render: (a) => a.sectionNumber,
    },
    {
      // Section numbers start again each term: the term tells the rows apart.
      key: 'term',
      label: 'Term',
      width: 110,
      render: (a) => labelOf(choices.terms, a.AcademicTermId) ?? '—',
    },
    {
      key: 'sectionName',
      label: 'Section name',
      width: 160,
      hiddenByDefault: true,
      render: (a) => a.sectionName,
    },
    {
      key: 'instructor',
      label: 'Instructor',
      width: 170,
      sortField: 'instructor',
      render: (a) => a.instructorName ?? a.UserId,
    },
    {
      key: 'status',
      label: 'Status',
      width: 100,
      sortField: 'status',
      render: (a) => <StatusTag status={a.status} />,
    },
    {
      key: 'alignment',
      label: 'Alignment',
      width: 90,
      render: (a) => <AlignmentTag alignment={a.preferenceAlignment ?? null} />,
    },
    {
      key: 'share',
      label: 'Share',
      width: 100,
      sortField: 'share',
      render: (a) => `${String(a.sharePercent)} %${a.share === null ? ' (equal)' : ''}`,
    },
    { key: 'points', label: 'Points', width: 64, sortField: 'points', render: (a) => a.points },
    {
      key: 'notes',
      label: 'Notes',
      width: 200,
      hiddenByDefault: true,
      render: (a) => a.notes ?? '',
    },
    {
      key: 'updatedAt',
      label: 'Changed',
      width: 160,
      sortField: 'updatedAt',
      hiddenByDefault: true,
      render: (a) =>
        new Date(a.updatedAt).toLocaleString(DATE_LOCALE, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }),
    },
  ];
}

/** Each filter and its address parameter (the dashboard links to ?status=proposed). */
const ASSIGNMENT_LIST = {
  filters: {
    period: 'AcademicPeriodId',
    workgroup: 'WorkgroupId',
    status: 'status',
    instructor: 'UserId',
    search: 'q',
    approvable: 'approvable',
    changed: 'changed',
  },
  typed: ['search'],
  scope: ['period'],
} satisfies ServerListSpec<keyof AssignmentFilters>;

/** Section Assignments (/sectionAssignments): every teaching assignment, with its actions. */
export default function SectionAssignmentsPage() {
  const choices = useTeachingChoices();
  const { ability } = choices;
  const list = useServerList(ASSIGNMENT_LIST);
  const filters: AssignmentFilters = {
    period: list.filters.period,
    workgroup: list.filters.workgroup ?? '',
    status: list.filters.status ?? '',
    instructor: list.filters.instructor ?? '',
    search: list.filters.search ?? '',
    approvable: list.filters.approvable === 'true',
    changed: list.filters.changed === CHANGES_SINCE_MY_APPROVAL,
  };
  const [details, setDetails] = useState<string | null>(null);
  const [history, setHistory] = useState<{
    id: string;
    label: string;
    workgroupId: string | null;
  } | null>(null);
  const [meetings, setMeetingsOf] = useState<SectionRow | null>(null);
  const [saveMeetings] = useSetMeetingsMutation();
  const instructors = useSectionInstructorsQuery();
  const actions = useAssignmentActions(ability);
  const levels = approvalLevels(ability);
  const period = filters.period ?? choices.workingPeriodId ?? '';
  const waiting = filters.period === null && !choices.workingPeriodLoaded;
  // Rows changed since the viewer's last approval of their workgroup carry a mark.
  const marks = useChangedSinceApproval(period, filters.workgroup, waiting || !ability);
  const columns = useMemo(
    () => withChangedMarks(assignmentColumns(choices), marks, (a) => rowLabel(a, choices)),
    [choices, marks],
  );
  const [selected, setSelected] = useState<ReadonlyMap<string, AssignmentRow>>(new Map());
  /** The approval the viewer may give a row now, by the rules the single buttons follow. */
  const levelOf = useCallback(
    (a: AssignmentRow): BulkApprovalLevel | null => {
      const can = assignmentActions(a.status, sectionPermissions(ability, a.WorkgroupId));
      return can.approve ? 'approve' : can.finalize ? 'finalize' : null;
    },
    [ability],
  );
  const assignments = useListSectionAssignmentsQuery(
    assignmentListQuery({ ...filters, period }, list.sort, list.pager),
    { skip: waiting || !ability },
  );
  const change = (patch: Partial<Record<keyof AssignmentFilters, string | null>>) => {
    list.setFilters(patch);
    setSelected(new Map());
  };
  const instructorOptions = useMemo(
    () => (instructors.data ?? []).map((u) => ({ value: u.id, label: u.displayName })),
    [instructors.data],
  );

  const rows = useMemo(() => assignments.data?.rows ?? [], [assignments.data]);
  // A refreshed page may show a selected row changed (approved meanwhile): keep it only while
  // it can still be approved, with its new status.
  useEffect(() => {
    setSelected((current) => {
      const fresh = rows.filter((r) => current.has(r.id) && current.get(r.id)?.status !== r.status);
      if (fresh.length === 0) return current;
      const next = new Map(current);
      for (const r of fresh) {
        if (levelOf(r)) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  }, [rows, levelOf]);
  const select = (changed: readonly AssignmentRow[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const a of changed) {
        if (on) next.set(a.id, a);
        else next.delete(a.id);
      }
      return next;
    });
  const pageSelectable = rows.filter((a) => levelOf(a) !== null);
  const pageSelected = pageSelectable.filter((a) => selected.has(a.id)).length;
  const selection = useMemo<TableSelection<AssignmentRow> | undefined>(
    () =>
      levels.approve || levels.finalize
        ? {
            isSelected: (a) => selected.has(a.id),
            isSelectable: (a) => levelOf(a) !== null,
            onChange: (a, on) => select([a], on),
            label: (a) => `Select ${a.instructorName ?? 'the assignment'} on ${label(a)}`,
          }
        : undefined,
    [levels.approve, levels.finalize, selected, levelOf],
  );
  const selectedByLevel = useMemo(() => {
    const byLevel: Record<BulkApprovalLevel, AssignmentRow[]> = { approve: [], finalize: [] };
    for (const a of selected.values()) {
      const level = levelOf(a);
      if (level) byLevel[level].push(a);
    }
    return byLevel;
  }, [selected, levelOf]);
  return (
    <ListPage
      actions={<ChangesButton period={period} workgroup={filters.workgroup} kind="assignment" />}
      filters={
        <>
          <PeriodWorkgroupFilters
            choices={choices}
            period={period}
            workgroup={filters.workgroup}
            onChange={change}
          />
          <FilterSelect
            label="Status"
            anyLabel="Status: any"
            value={filters.status}
            options={STATUS_FILTER_OPTIONS}
            onChange={(status) => change({ status })}
          />
          <FilterSelect
            label="Instructor"
            anyLabel="Instructor: any"
            value={filters.instructor}
            options={instructorOptions}
            onChange={(instructor) => change({ instructor })}
          />
          <InputGroup
            leftIcon="search"
            aria-label="Search assignments"
            placeholder="Course, section or instructor…"
            value={list.text('search')}
            onValueChange={(v) => list.setText('search', v)}
          />
          {(marks.active || filters.changed) && (
            <Switch
              label="Changed since my last approval"
              checked={filters.changed === true}
              onChange={(e) =>
                change({ changed: e.currentTarget.checked ? CHANGES_SINCE_MY_APPROVAL : null })
              }
            />
          )}
          {filters.approvable && (
            <Tag
              large
              minimal
              intent={Intent.PRIMARY}
              onRemove={() => change({ approvable: null })}
            >
              Only what you may approve
            </Tag>
          )}
        </>
      }
    >
      {selection && !assignments.error && (
        <BulkApprovalBar
          selected={selectedByLevel}
          selectedCount={selected.size}
          canApprove={levels.approve}
          page={{
            selectable: pageSelectable.length,
            selected: pageSelected,
            toggle: () => select(pageSelectable, pageSelected < pageSelectable.length),
          }}
          matching={{
            approve: levels.approve ? allMatchingQuery({ ...filters, period }, 'approve') : null,
            finalize: levels.finalize ? allMatchingQuery({ ...filters, period }, 'finalize') : null,
          }}
          onClearSelection={() => setSelected(new Map())}
        />
      )}
      <ListBody
        what="Section assignments"
        query={assignments}
        waiting={waiting}
        filtering={list.filtering}
        empty={{
          icon: 'people',
          title: 'No section assignments yet',
          description: "Assign instructors from the sections' details on Sections Offered.",
        }}
        noMatches="No assignment matches the filters."
        pager={list.pager}
        onPager={list.setPager}
      >
        {(page, loading) => (
          <DataTable
            columnsKey="sectionAssignments"
            tableName="Section assignments"
            columns={columns}
            rows={page}
            loading={loading}
            sort={list.sort}
            selection={selection}
            actionsWidth={rowActionsWidth(2, true)}
            onSort={list.onSort}
            actions={(a) => {
              const section = rowLabel(a, choices);
              const name = a.instructorName ?? 'the assignment';
              const target = { ...a, sectionId: a.SectionId, sectionLabel: section };
              const mine = actions.actionsFor(target, true);
              // Approving is what this list is most used for: it stays at hand, the rest in the menu.
              const approval = mine.filter((m) => m.key === 'approve' || m.key === 'finalize');
              return (
                <RowActions
                  rowLabel={`${name} on ${section}`}
                  inline={[
                    {
                      key: 'details',
                      icon: 'list-detail-view',
                      text: 'Section',
                      label: `Section of ${name}: ${section}`,
                      onClick: () => setDetails(a.SectionId),
                    },
                    ...approval,
                  ]}
                  more={[
                    ...mine.filter((m) => !approval.includes(m)),
                    {
                      key: 'history',
                      icon: 'history',
                      text: 'Section history',
                      label: `Section history of ${section}`,
                      onClick: () =>
                        setHistory({
                          id: a.SectionId,
                          label: label(a),
                          workgroupId: a.WorkgroupId,
                        }),
                    },
                  ]}
                />
              );
            }}
          />
        )}
      </ListBody>
      {actions.element}
      {details && (
        <SectionDrawer
          sectionId={details}
          choices={choices}
          onClose={() => setDetails(null)}
          onEditMeetings={setMeetingsOf}
          onHistory={(s) =>
            setHistory({
              id: s.id,
              label: `${s.courseNumber ?? ''} ${s.sectionNumber}`,
              workgroupId: s.WorkgroupId,
            })
          }
        />
      )}
      {meetings && (
        <MeetingsEditor
          section={meetings}
          choices={choices}
          onClose={() => setMeetingsOf(null)}
          onSave={async (list, override) => {
            const result = await saveMeetings({
              id: meetings.id,
              revision: meetings.revision,
              meetings: list,
              override,
            });
            if ('error' in result) return problemOf(result.error);
            void notify({ message: 'Meetings saved.', intent: Intent.SUCCESS });
            setMeetingsOf(null);
            return null;
          }}
        />
      )}
      {history && (
        <SectionHistoryDrawer
          sectionId={history.id}
          label={history.label}
          workgroupId={history.workgroupId}
          onClose={() => setHistory(null)}
        />
      )}
    </ListPage>
  );
}
