import { useState } from 'react';
import { Alert, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import {
  isUnfinishedExport,
  REPORT_DEFINITIONS,
  type ReportExportAnswer,
  type ReportExportStatus,
} from '@allot/shared-events/browser';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { RowActions, type RowActionItem } from '../../../components/list/RowActions.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { useJobProgress } from '../../../lib/jobs/jobProgress.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import {
  downloadExport,
  useDeleteReportExportMutation,
  useListReportExportsQuery,
  useStopReportExportMutation,
  type ExportsScope,
} from './exportsApi.js';
import { FORMAT_LABELS, rowsProgress, rowsText, sizeText, STATUS_LABELS } from './exportFormat.js';
import './exports.css';
import { DATE_LOCALE } from '../../../lib/constants.js';

/** While an export is unfinished the list asks again this often (the job's end shows). */
export const UNFINISHED_POLL_MS = 3000;

const STATUS_INTENTS: Readonly<Record<ReportExportStatus, Intent>> = {
  queued: Intent.NONE,
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  failed: Intent.DANGER,
  stopped: Intent.WARNING,
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** An export's status; while it runs, its rows written of the total as the job reports them. */
export function ExportStatus({ row }: { row: ReportExportAnswer }) {
  const report = useJobProgress(isUnfinishedExport(row.status) ? row.id : null);
  const rows = rowsProgress(report?.progress);
  const running = isUnfinishedExport(row.status) && rows && report?.state === 'running';
  return (
    <div className="allot-export-status">
      <Tag minimal intent={STATUS_INTENTS[row.status]}>
        {STATUS_LABELS[row.status]}
      </Tag>
      {running && (
        <>
          <ProgressBar
            intent={Intent.PRIMARY}
            value={rows.total > 0 ? rows.written / rows.total : undefined}
            aria-label={`Progress of ${row.name}`}
          />
          <span className="allot-export-rows">{rowsText(rows.written, rows.total)}</span>
        </>
      )}
      {row.status === 'failed' && row.reason && (
        <span className="allot-export-reason">{row.reason}</span>
      )}
    </div>
  );
}

export interface ExportsListProps {
  /** `mine` (default): the viewer's own; `visible`: everyone's for those who manage exports. */
  scope?: ExportsScope;
}

/**
 * The viewer's exports, newest first: name, report, format, status (live while writing), rows,
 * size and when; Download when done, Stop while unfinished, Delete (after a confirmation).
 */
export function ExportsList({ scope = 'mine' }: ExportsListProps) {
  const ability = useSignedInAbility();
  const allowed = ability?.can('read', 'DataExport') ?? false;
  const [polling, setPolling] = useState(false);
  const query = useListReportExportsQuery(scope, {
    skip: !allowed,
    pollingInterval: polling ? UNFINISHED_POLL_MS : 0,
  });
  const unfinished = query.data?.rows.some((row) => isUnfinishedExport(row.status)) ?? false;
  if (unfinished !== polling) setPolling(unfinished);
  const [stop] = useStopReportExportMutation();
  const [remove, removing] = useDeleteReportExportMutation();
  const [confirming, setConfirming] = useState<ReportExportAnswer | null>(null);
  if (!allowed) return null;

  const everyone = scope === 'visible';
  const columns: TableColumn<ReportExportAnswer>[] = [
    { key: 'name', label: 'Name', width: 220, rowHeader: true, render: (row) => row.name },
    ...(everyone
      ? [
          {
            key: 'owner',
            label: 'By',
            width: 160,
            render: (row: ReportExportAnswer) => row.owner.name ?? row.owner.id,
          },
        ]
      : []),
    {
      key: 'report',
      label: 'Report',
      width: 160,
      render: (row) => REPORT_DEFINITIONS[row.reportType].title,
    },
    { key: 'format', label: 'Format', width: 100, render: (row) => FORMAT_LABELS[row.format] },
    { key: 'status', label: 'Status', width: 220, render: (row) => <ExportStatus row={row} /> },
    {
      key: 'rows',
      label: 'Rows',
      width: 80,
      render: (row) => (row.rowCount === null ? '' : row.rowCount.toLocaleString(DATE_LOCALE)),
    },
    { key: 'size', label: 'Size', width: 80, render: (row) => sizeText(row.size) },
    { key: 'createdAt', label: 'Started', width: 160, render: (row) => when(row.createdAt) },
  ];

  const actionsOf = (row: ReportExportAnswer): RowActionItem[] => [
    ...(row.status === 'done'
      ? [
          {
            key: 'download',
            icon: 'download' as const,
            text: 'Download',
            label: `Download ${row.fileName}`,
            onClick: () => downloadExport(row.id, row.fileName),
          },
        ]
      : []),
    ...(isUnfinishedExport(row.status)
      ? [
          {
            key: 'stop',
            icon: 'stop' as const,
            text: 'Stop',
            label: `Stop ${row.name}`,
            onClick: () => void stop(row.id),
          },
        ]
      : []),
    {
      key: 'delete',
      icon: 'trash' as const,
      text: 'Delete',
      label: `Delete ${row.name}`,
      intent: Intent.DANGER,
      onClick: () => setConfirming(row),
    },
  ];

  return (
    <QueryBody what="The exports" query={query} loadingLabel="Loading the exports">
      {(data) =>
        data.rows.length === 0 ? (
          <Empty
            icon="export"
            title="No exports yet"
            description="Export a report to CSV or Excel: the files are kept here to download."
          />
        ) : (
          <>
            <PlainTable
              label="Exports"
              columns={columns}
              rows={data.rows}
              actions={(row) => (
                <RowActions rowLabel={row.name} inline={actionsOf(row)} maxInline={3} />
              )}
            />
            <Alert
              isOpen={confirming !== null}
              icon="trash"
              intent={Intent.DANGER}
              cancelButtonText="Cancel"
              confirmButtonText="Delete"
              loading={removing.isLoading}
              onCancel={() => setConfirming(null)}
              onConfirm={() => {
                if (confirming) void remove(confirming.id).then(() => setConfirming(null));
              }}
            >
              <p>
                Delete the export <strong>{confirming?.name}</strong>
                {confirming && isUnfinishedExport(confirming.status) ? ', stopping it' : ''} and its
                file? This cannot be undone.
              </p>
            </Alert>
          </>
        )
      }
    </QueryBody>
  );
}
