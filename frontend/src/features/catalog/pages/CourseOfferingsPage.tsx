import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { courseOfferings, type AppAbility } from '@allot/shared-events/browser';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { notify } from '../../../lib/notifications/notify.js';
import { ListBody, ListPage } from '../../../components/list/ListPage.js';
import {
  pagingParams,
  useServerList,
  type ServerListSpec,
} from '../../../components/list/useServerList.js';
import { HistoryDrawer } from '../../../components/resources/HistoryPanel.js';
import { ResourceDialog } from '../../../components/resources/ResourceDialog.js';
import {
  resourceApi,
  useCreateResourceMutation,
  useDeleteResourceMutation,
  useUpdateResourceMutation,
  type EditedRecord,
} from '../../../lib/api/resourceApi.js';
import { resolveFields, uiOf } from '../../../lib/resources/resourceUi.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { useAppDispatch } from '../../../lib/hooks/useAppDispatch.js';
import { permissionsFor } from '../../../lib/auth/permissions.js';
import { RowActions, rowActionsWidth } from '../../../components/list/RowActions.js';
import { courseColumn } from '../../../components/list/columns.js';
import {
  DataTable,
  type PagerState,
  type TableColumn,
  type TableSort,
} from '../../../components/list/DataTable.js';
import { useTeachingChoices } from '../../../lib/hooks/useTeachingChoices.js';
import {
  useCourseOfferingOverviewQuery,
  type OfferingOverviewQuery,
  type OfferingOverviewRow,
  type OfferingTermModeView,
} from '../api/offeringsApi.js';
import { PeriodWorkgroupFilters } from '../../../components/list/FilterSelect.js';

/** Term-mode tags shown in a row; the rest are counted in one more tag. */
const SHOWN_TERM_MODES = 3;
const PATH = courseOfferings.path;

export interface OfferingFilters {
  /** '' = every period; null = the working period, once known. */
  period: string | null;
  workgroup: string;
  search: string;
}

/** The list query the filters, sort and page ask for (readModels/offeringOverview). */
export function offeringListQuery(
  filters: OfferingFilters,
  sort: TableSort | null,
  pager: PagerState,
): OfferingOverviewQuery {
  return {
    ...pagingParams(sort, pager),
    ...(filters.period ? { AcademicPeriodId: filters.period } : {}),
    ...(filters.workgroup ? { WorkgroupId: filters.workgroup } : {}),
    ...(filters.search.trim() ? { q: filters.search.trim() } : {}),
  };
}

/** "Fall 2026 · In Person" ("…" for a name the server no longer has). */
export function termModeText(termMode: OfferingTermModeView): string {
  return `${termMode.termName ?? '…'} · ${termMode.teachingModeName ?? '…'}`;
}

export function offeringLabel(row: OfferingOverviewRow): string {
  return [row.courseNumber ?? 'Course', row.periodName].filter(Boolean).join(', ');
}

/** Where a row's section count leads: Sections Offered, filtered to the offering. */
export function sectionsLink(row: OfferingOverviewRow): string {
  const params = new URLSearchParams({
    AcademicPeriodId: row.AcademicPeriodId,
    CourseOfferingId: row.id,
  });
  return `/sections?${params.toString()}`;
}

function TermModeTags({ termModes }: { termModes: readonly OfferingTermModeView[] }) {
  if (termModes.length === 0) return <span className="allot-teaching-muted">None</span>;
  const shown = termModes.slice(0, SHOWN_TERM_MODES);
  const rest = termModes.length - shown.length;
  return (
    <span className="allot-teaching-cell-list" title={termModes.map(termModeText).join('\n')}>
      {shown.map((t) => (
        <Tag key={`${t.AcademicTermId}|${t.TeachingModeId}`} minimal>
          {termModeText(t)}
        </Tag>
      ))}
      {rest > 0 && (
        <Tag minimal intent={Intent.PRIMARY}>
          +{rest}
        </Tag>
      )}
    </span>
  );
}

/** The table's columns (exported for tests: jsdom lays out only the frozen column). */
export function offeringColumns(readsSections: boolean): TableColumn<OfferingOverviewRow>[] {
  return [
    courseColumn(260),
    {
      key: 'workgroup',
      label: 'Workgroup',
      width: 140,
      render: (o) => o.workgroupName ?? '—',
    },
    {
      key: 'period',
      label: 'Period',
      width: 96,
      sortField: 'period',
      render: (o) => o.periodName ?? '—',
    },
    {
      key: 'termModes',
      label: 'Term modes',
      width: 420,
      render: (o) => <TermModeTags termModes={o.termModes} />,
    },
    {
      key: 'sections',
      label: 'Sections',
      width: 80,
      sortField: 'sections',
      render: (o) =>
        readsSections ? (
          <Link
            to={sectionsLink(o)}
            aria-label={`${String(o.sectionCount)} sections of ${offeringLabel(o)}`}
          >
            {o.sectionCount}
          </Link>
        ) : (
          o.sectionCount
        ),
    },
    {
      key: 'updatedAt',
      label: 'Changed',
      width: 110,
      sortField: 'updatedAt',
      render: (o) => {
        const at = new Date(o.updatedAt);
        return (
          <span title={at.toLocaleString(DATE_LOCALE, { dateStyle: 'full', timeStyle: 'short' })}>
            {at.toLocaleDateString(DATE_LOCALE, { dateStyle: 'medium' })}
          </span>
        );
      },
    },
  ];
}

/** The record as the generic dialog edits it: the kind's own fields only. */
function recordOf(row: OfferingOverviewRow): EditedRecord {
  return {
    id: row.id,
    revision: row.revision,
    CourseId: row.CourseId,
    AcademicPeriodId: row.AcademicPeriodId,
    termModes: row.termModes.map((t) => ({
      AcademicTermId: t.AcademicTermId,
      TeachingModeId: t.TeachingModeId,
    })),
  };
}

type Dialog =
  | { kind: 'edit'; record: EditedRecord | null; key: number }
  | { kind: 'history'; row: OfferingOverviewRow }
  /** `inUse`: the server refused (422), naming what still uses the offering. */
  | { kind: 'delete'; row: OfferingOverviewRow; inUse?: ServerProblem };

const readsSection = (ability: AppAbility | null) => ability?.can('read', 'Section') ?? false;

/** Each filter and its address parameter (a course's offerings link names ?q=…). */
const OFFERING_LIST = {
  filters: { period: 'AcademicPeriodId', workgroup: 'WorkgroupId', search: 'q' },
  typed: ['search'],
  scope: ['period'],
} satisfies ServerListSpec<keyof OfferingFilters>;

/** Course Offerings (/courseOfferings): a period's offerings with their term modes and sections. */
export default function CourseOfferingsPage() {
  const choices = useTeachingChoices();
  const { ability } = choices;
  const list = useServerList(OFFERING_LIST);
  const filters: OfferingFilters = {
    period: list.filters.period,
    workgroup: list.filters.workgroup ?? '',
    search: list.filters.search ?? '',
  };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const dispatch = useAppDispatch();
  const ui = uiOf(courseOfferings);
  const fields = useMemo(() => resolveFields(courseOfferings), []);
  const can = permissionsFor(ability, courseOfferings.subject);
  const readsSections = readsSection(ability);
  const columns = useMemo(() => offeringColumns(readsSections), [readsSections]);

  // The working period is the default, once the shell knows it ('' shows every period).
  const period = filters.period ?? choices.workingPeriodId ?? '';
  const waiting = filters.period === null && !choices.workingPeriodLoaded;
  const offerings = useCourseOfferingOverviewQuery(
    offeringListQuery({ ...filters, period }, list.sort, list.pager),
    { skip: waiting || !ability },
  );
  const [create] = useCreateResourceMutation();
  const [update] = useUpdateResourceMutation();
  const [remove] = useDeleteResourceMutation();

  async function save(body: Record<string, unknown>): Promise<ServerProblem | null> {
    if (dialog?.kind !== 'edit') return null;
    const { record } = dialog;
    const result = record
      ? await update({ path: PATH, id: record.id, revision: record.revision, body })
      : await create({ path: PATH, body });
    if ('error' in result) return problemOf(result.error);
    void notify({
      message: record ? `${ui.singular} saved.` : `${ui.singular} created.`,
      intent: Intent.SUCCESS,
    });
    setDialog(null);
    return null;
  }

  /** After a 409: the offering as it is now, into a fresh dialog. */
  async function reload() {
    if (dialog?.kind !== 'edit' || !dialog.record) return;
    const request = dispatch(
      resourceApi.endpoints.getResource.initiate(
        { path: PATH, id: dialog.record.id },
        { forceRefetch: true },
      ),
    );
    const fresh = await request;
    request.unsubscribe();
    if (fresh.data) setDialog({ kind: 'edit', record: fresh.data, key: Date.now() });
  }

  async function confirmDelete() {
    if (dialog?.kind !== 'delete') return;
    const { row } = dialog;
    const result = await remove({ path: PATH, id: row.id });
    if ('error' in result) {
      const problem = problemOf(result.error);
      // In use: "This course offering is used by 3 sections. Remove it from those first."
      if (problem.usedBy) {
        setDialog({ kind: 'delete', row, inUse: problem });
        return;
      }
      setDialog(null);
      void notify({ message: problem.message, intent: Intent.DANGER });
      return;
    }
    setDialog(null);
    void notify({ message: `${offeringLabel(row)} deleted.`, intent: Intent.SUCCESS });
  }

  // Edit (as the user may) and history at hand, delete in the More actions menu.
  const actionsWidth = rowActionsWidth(can.update ? 2 : 1, can.delete);
  const newButton = can.create ? (
    <Button
      intent={Intent.PRIMARY}
      icon="add"
      text={`New ${ui.singular}`}
      onClick={() => setDialog({ kind: 'edit', record: null, key: Date.now() })}
    />
  ) : null;

  return (
    <ListPage
      actions={newButton}
      filters={
        <>
          <PeriodWorkgroupFilters
            choices={choices}
            period={period}
            workgroup={filters.workgroup}
            onChange={list.setFilters}
          />
          <InputGroup
            leftIcon="search"
            aria-label="Search course offerings"
            placeholder="Course number or name…"
            value={list.text('search')}
            onValueChange={(v) => list.setText('search', v)}
          />
        </>
      }
    >
      <ListBody
        what="Course offerings"
        query={offerings}
        waiting={waiting}
        filtering={list.filtering}
        empty={{
          title: 'No course offerings yet',
          description: can.create
            ? 'Offer the first course in this period.'
            : 'No course is offered in this period.',
          action: newButton,
        }}
        noMatches="No course offering matches the filters."
        pager={list.pager}
        onPager={list.setPager}
      >
        {(page, loading) => (
          <DataTable
            columnsKey="courseOfferings"
            tableName="Course offerings"
            columns={columns}
            rows={page}
            loading={loading}
            sort={list.sort}
            actionsWidth={actionsWidth}
            onSort={list.onSort}
            actions={(o) => {
              const label = offeringLabel(o);
              return (
                <RowActions
                  rowLabel={label}
                  inline={[
                    ...(can.update
                      ? [
                          {
                            key: 'edit',
                            icon: 'edit' as const,
                            text: 'Edit',
                            label: `Edit ${label}`,
                            onClick: () =>
                              setDialog({ kind: 'edit', record: recordOf(o), key: Date.now() }),
                          },
                        ]
                      : []),
                    {
                      key: 'history',
                      icon: 'history',
                      text: 'History',
                      label: `History of ${label}`,
                      onClick: () => setDialog({ kind: 'history', row: o }),
                    },
                  ]}
                  more={
                    can.delete
                      ? [
                          {
                            key: 'delete',
                            icon: 'trash',
                            text: 'Delete',
                            label: `Delete ${label}`,
                            intent: Intent.DANGER,
                            onClick: () => setDialog({ kind: 'delete', row: o }),
                          },
                        ]
                      : []
                  }
                />
              );
            }}
          />
        )}
      </ListBody>
      {dialog?.kind === 'edit' && (
        <ResourceDialog
          key={dialog.key}
          definition={courseOfferings}
          singular={ui.singular}
          fields={fields}
          record={dialog.record}
          canEditField={() => true}
          onSubmit={save}
          onClose={() => setDialog(null)}
          onReload={() => void reload()}
        />
      )}
      {dialog?.kind === 'history' && (
        <HistoryDrawer
          definition={courseOfferings}
          recordId={dialog.row.id}
          recordLabel={offeringLabel(dialog.row)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' &&
        (dialog.inUse ? (
          <Alert
            isOpen
            icon="warning-sign"
            intent={Intent.WARNING}
            confirmButtonText="Close"
            onConfirm={() => setDialog(null)}
          >
            <p>
              <strong>{offeringLabel(dialog.row)}</strong> was not deleted.
            </p>
            <p>{dialog.inUse.message}</p>
          </Alert>
        ) : (
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
              Delete the offering <strong>{offeringLabel(dialog.row)}</strong>? This cannot be
              undone.
            </p>
          </Alert>
        ))}
    </ListPage>
  );
}
