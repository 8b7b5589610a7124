import { useState } from 'react';
import {
  AnchorButton,
  Button,
  Callout,
  Intent,
  Menu,
  MenuItem,
  Popover,
  ProgressBar,
} from '@blueprintjs/core';
import type {
  QueryableReportType,
  ReportExportFormat,
  ReportQuery,
} from '@allot/shared-events/browser';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { useJobProgress } from '../../../lib/jobs/jobProgress.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  exportFileUrl,
  useStartReportExportMutation,
  useStopReportExportMutation,
} from './exportsApi.js';
import { FORMAT_LABELS, rowsProgress, rowsText } from './exportFormat.js';
import './exports.css';

export interface ExportButtonProps {
  reportType: QueryableReportType;
  /** The report as shown: columns, filters, sorts, grouping, period, as-of (paging is ignored). */
  query: ReportQuery;
  /** How the export is listed and its file named; the report's title when absent. */
  name?: string;
  disabled?: boolean;
}

interface Started {
  id: string;
  format: ReportExportFormat;
}

/**
 * Export a report: CSV or XLSX from a menu. The export runs on the server as a job; this shows
 * its rows written of the total as they come (from the job's `jobProgress` events), a Stop
 * while it runs, and Download once it is done. Hidden from those who may not export
 * (DataExport, behind the exportsEnabled flag).
 */
export function ExportButton({ reportType, query, name, disabled = false }: ExportButtonProps) {
  const ability = useSignedInAbility();
  const [start, starting] = useStartReportExportMutation();
  const [stop, stopping] = useStopReportExportMutation();
  const [started, setStarted] = useState<Started | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useJobProgress(started?.id ?? null);
  if (!ability?.can('create', 'DataExport')) return null;

  const begin = async (format: ReportExportFormat) => {
    setProblem(null);
    setStarted(null);
    const answer = await start({ reportType, format, query, ...(name ? { name } : {}) });
    if ('error' in answer) setProblem(problemOf(answer.error).message);
    else setStarted({ id: answer.data.id, format });
  };

  const rows = rowsProgress(report?.progress);
  const state = report?.state ?? (started ? 'queued' : null);
  const running = state === 'queued' || state === 'running';
  const stopped = state === 'failed' && report?.error === 'Stopped.';

  return (
    <div className="allot-export">
      <Popover
        placement="bottom-end"
        shouldReturnFocusOnClose
        disabled={disabled || running}
        content={
          <Menu aria-label="Export format">
            {(['csv', 'xlsx'] as const).map((format) => (
              <MenuItem
                key={format}
                text={FORMAT_LABELS[format]}
                icon={format === 'csv' ? 'th' : 'th-list'}
                onClick={() => void begin(format)}
              />
            ))}
          </Menu>
        }
      >
        <Button
          icon="export"
          endIcon="caret-down"
          text="Export"
          disabled={disabled || running}
          loading={starting.isLoading}
        />
      </Popover>
      {started && running && (
        <div className="allot-export-progress" role="status" aria-live="polite">
          <ProgressBar
            intent={Intent.PRIMARY}
            value={rows && rows.total > 0 ? rows.written / rows.total : undefined}
            aria-label="Export progress"
          />
          <span>{rows ? rowsText(rows.written, rows.total) : 'Starting the export…'}</span>
          <Button
            size="small"
            text="Stop"
            icon="stop"
            loading={stopping.isLoading}
            onClick={() => void stop(started.id)}
          />
        </div>
      )}
      {started && state === 'completed' && (
        <div className="allot-export-progress" role="status">
          <span>{rows ? `Exported ${rowsText(rows.written, rows.total)}.` : 'Exported.'}</span>
          <AnchorButton
            size="small"
            intent={Intent.PRIMARY}
            icon="download"
            text="Download"
            href={exportFileUrl(started.id)}
            download
          />
        </div>
      )}
      {started && state === 'failed' && (
        <Callout intent={stopped ? Intent.NONE : Intent.DANGER} compact role="status">
          {stopped ? 'The export was stopped.' : `The export failed: ${report?.error ?? ''}`}
        </Callout>
      )}
      {problem && (
        <Callout intent={Intent.DANGER} compact role="alert">
          {problem}
        </Callout>
      )}
    </div>
  );
}
