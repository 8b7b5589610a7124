import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Alert, Intent, Tag } from '@blueprintjs/core';
import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  ROLE_LABELS,
  type ReportSnapshotAnswer,
  type SavedReportAnswer,
} from '@allot/shared-events/browser';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { FilterSelect } from '../../../components/list/FilterSelect.js';
import { ListBody, type ListQueryResult } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { RowActions, type RowActionItem } from '../../../components/list/RowActions.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import {
  useDeleteReportSnapshotMutation,
  useDeleteSavedReportMutation,
} from '../api/reportsApi.js';
import { formatDateTime, reportTitle, reportTypeOf } from '../reportGrid.js';

/** The report types as a filter's options, in the spec's order. */
export const REPORT_TYPE_OPTIONS = QUERYABLE_REPORT_TYPES.map((type) => ({
  value: type,
  label: REPORT_DEFINITIONS[type].title,
}));

/** "Report type: any" or one type, for a list of saved reports. */
export function ReportTypeFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (type: string) => void;
}) {
  return (
    <FilterSelect
      label="Report type"
      anyLabel="Every report type"
      value={value}
      options={REPORT_TYPE_OPTIONS}
      onChange={onChange}
    />
  );
}

/** The link that opens a saved report; a report of a type Allot cannot run shows its name only. */
function ReportName({ report }: { report: SavedReportAnswer }) {
  const type = reportTypeOf(report.reportType);
  return (
    <div className="allot-report-name">
      {type ? (
        <Link to={`/reports/${type}?report=${encodeURIComponent(report.id)}`}>{report.name}</Link>
      ) : (
        <span>{report.name}</span>
      )}
      {report.type === 'system' && (
        <Tag minimal intent={Intent.PRIMARY}>
          System
        </Tag>
      )}
      {report.needsConversion && (
        <Tag minimal intent={Intent.WARNING} icon="warning-sign">
          Needs checking
        </Tag>
      )}
      {report.description && <div className="allot-report-muted">{report.description}</div>}
    </div>
  );
}

/** Who a saved report is for: everyone (system), the viewer, or its owner by name. */
function ownerText(report: SavedReportAnswer, viewerId: string | null): string {
  if (report.type === 'system') return 'Everyone';
  if (report.UserId && report.UserId === viewerId) return 'You';
  return report.owner?.name ?? 'Someone no longer listed';
}

function sharedText(report: SavedReportAnswer): string {
  if (report.type === 'system') return 'Everyone';
  return report.sharedWithRoles.length === 0
    ? 'Not shared'
    : report.sharedWithRoles.map((role) => ROLE_LABELS[role]).join(', ');
}

export interface SavedReportActions {
  /** The row's actions besides Delete (Edit, Edit details), for those who may use them. */
  actions: (report: SavedReportAnswer) => RowActionItem[];
  /** Whether the viewer may delete the report (Delete, after a confirmation). */
  mayDelete: (report: SavedReportAnswer) => boolean;
}

/**
 * Saved reports as a table: name (with System and Needs checking tags), type, owner, sharing and
 * last change, each row's actions, and Delete after a confirmation.
 */
export function SavedReportsList({
  query,
  viewerId,
  filtering,
  empty,
  rowActions,
}: {
  query: ListQueryResult<SavedReportAnswer>;
  viewerId: string | null;
  filtering: boolean;
  empty: { title: string; description: string; action?: JSX.Element | null };
  rowActions: SavedReportActions;
}) {
  const [deleting, setDeleting] = useState<SavedReportAnswer | null>(null);
  const [remove] = useDeleteSavedReportMutation();
  async function confirmDelete() {
    if (!deleting) return;
    const result = await remove(deleting.id);
    setDeleting(null);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: `“${deleting.name}” deleted.`, intent: Intent.SUCCESS },
    );
  }
  const columns: TableColumn<SavedReportAnswer>[] = [
    { key: 'name', label: 'Name', width: 320, render: (r) => <ReportName report={r} /> },
    { key: 'type', label: 'Report', width: 170, render: (r) => reportTitle(r.reportType) },
    { key: 'owner', label: 'Owner', width: 160, render: (r) => ownerText(r, viewerId) },
    { key: 'shared', label: 'Seen by', width: 200, render: (r) => sharedText(r) },
    {
      key: 'updated',
      label: 'Last changed',
      width: 170,
      render: (r) => <span className="allot-nowrap">{formatDateTime(r.updatedAt)}</span>,
    },
  ];
  return (
    <>
      <ListBody
        what="Saved reports"
        query={query}
        filtering={filtering}
        loadingLabel="Loading the saved reports"
        empty={{
          icon: 'document',
          title: empty.title,
          description: empty.description,
          action: empty.action ?? null,
        }}
        noMatches="No saved report is of this type."
      >
        {(rows) => (
          <PlainTable
            label="Saved reports"
            columns={columns}
            rows={rows}
            actions={(report) => {
              const items = rowActions.actions(report);
              const remove: RowActionItem[] = rowActions.mayDelete(report)
                ? [
                    {
                      key: 'delete',
                      icon: 'trash',
                      text: 'Delete',
                      label: `Delete ${report.name}`,
                      intent: Intent.DANGER,
                      onClick: () => setDeleting(report),
                    },
                  ]
                : [];
              return items.length + remove.length === 0 ? null : (
                <RowActions rowLabel={report.name} inline={[...items, ...remove]} />
              );
            }}
          />
        )}
      </ListBody>
      {deleting && (
        <Alert
          isOpen
          icon="trash"
          intent={Intent.DANGER}
          confirmButtonText="Delete"
          cancelButtonText="Cancel"
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        >
          <p>
            Delete the report <strong>{deleting.name}</strong>?{' '}
            {deleting.type === 'system' || deleting.sharedWithRoles.length > 0
              ? 'Everyone who sees it loses it.'
              : 'It cannot be brought back.'}
          </p>
        </Alert>
      )}
    </>
  );
}

/** The viewer's snapshots (every one for report managers): open, or delete after a confirmation. */
export function SnapshotsList({
  query,
  viewerId,
  mayDeleteAny,
}: {
  query: ListQueryResult<ReportSnapshotAnswer>;
  viewerId: string | null;
  mayDeleteAny: boolean;
}) {
  const [deleting, setDeleting] = useState<ReportSnapshotAnswer | null>(null);
  const [remove] = useDeleteReportSnapshotMutation();
  async function confirmDelete() {
    if (!deleting) return;
    const result = await remove(deleting.id);
    setDeleting(null);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: `Snapshot “${deleting.name}” deleted.`, intent: Intent.SUCCESS },
    );
  }
  const columns: TableColumn<ReportSnapshotAnswer>[] = [
    {
      key: 'name',
      label: 'Name',
      width: 320,
      render: (s) => (
        <Link to={`/reports/${s.reportType}?snapshot=${encodeURIComponent(s.id)}`}>{s.name}</Link>
      ),
    },
    { key: 'type', label: 'Report', width: 170, render: (s) => reportTitle(s.reportType) },
    {
      key: 'takenBy',
      label: 'Taken by',
      width: 160,
      render: (s) =>
        s.takenBy?.id === viewerId ? 'You' : (s.takenBy?.name ?? 'Someone no longer listed'),
    },
    {
      key: 'takenAt',
      label: 'Taken',
      width: 170,
      render: (s) => <span className="allot-nowrap">{formatDateTime(s.takenAt)}</span>,
    },
    {
      key: 'rows',
      label: 'Rows',
      width: 80,
      render: (s) => (s.rowCount === null ? '' : String(s.rowCount)),
    },
  ];
  return (
    <>
      <ListBody
        what="Snapshots"
        query={query}
        filtering={false}
        loadingLabel="Loading the snapshots"
        empty={{
          icon: 'camera',
          title: 'No snapshots yet',
          description:
            'Open a report and take a snapshot to keep it as the plan stands: it shows the same rows later, whatever changes.',
        }}
      >
        {(rows) => (
          <PlainTable
            label="Snapshots"
            columns={columns}
            rows={rows}
            actions={(snapshot) =>
              (mayDeleteAny || (viewerId !== null && snapshot.takenBy?.id === viewerId)) && (
                <RowActions
                  rowLabel={snapshot.name}
                  inline={[
                    {
                      key: 'delete',
                      icon: 'trash',
                      text: 'Delete',
                      label: `Delete the snapshot ${snapshot.name}`,
                      intent: Intent.DANGER,
                      onClick: () => setDeleting(snapshot),
                    },
                  ]}
                />
              )
            }
          />
        )}
      </ListBody>
      {deleting && (
        <Alert
          isOpen
          icon="trash"
          intent={Intent.DANGER}
          confirmButtonText="Delete"
          cancelButtonText="Cancel"
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        >
          <p>
            Delete the snapshot <strong>{deleting.name}</strong>? It cannot be taken again: the plan
            has changed since.
          </p>
        </Alert>
      )}
    </>
  );
}
