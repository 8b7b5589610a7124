import type { ReportExportFormat, ReportExportStatus } from '@allot/shared-events/browser';
import { DATE_LOCALE } from '../../../lib/constants.js';

export const FORMAT_LABELS: Readonly<Record<ReportExportFormat, string>> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
};

export const STATUS_LABELS: Readonly<Record<ReportExportStatus, string>> = {
  queued: 'Waiting',
  running: 'Writing',
  done: 'Ready',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** Rows written of the total, as a job's progress reports them; null for any other progress. */
export function rowsProgress(progress: unknown): { written: number; total: number } | null {
  if (!progress || typeof progress !== 'object') return null;
  const { written, total } = progress as { written?: unknown; total?: unknown };
  return typeof written === 'number' && typeof total === 'number' ? { written, total } : null;
}

const count = new Intl.NumberFormat(DATE_LOCALE);

export function rowsText(written: number, total: number): string {
  return `${count.format(written)} of ${count.format(total)} rows`;
}

/** 1,234 bytes → "1.2 KB". */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1000) return `${String(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit] ?? 'GB'}`;
}
