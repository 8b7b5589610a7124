import {
  academicPeriods,
  academicTerms,
  type EventStore,
  type ResourceRecord,
} from '@allot/shared-events';
import { DomainRuleError } from '../errors/errors.js';
import { loadRecord } from './loadRecord.js';
import { refreshedRecordIndex } from './recordIndex.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2026-07-01` → `1 July 2026`: a date in a sentence people read, the same on every server. */
export function dateInWords(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''} ${year ?? ''}`;
}

/** `A`, `A and B`, `A, B and C`, `A, B, C and 2 more`. */
export function namesInWords(names: readonly string[], shown = 3): string {
  const listed = names.slice(0, shown);
  const rest = names.length - listed.length;
  if (rest > 0) return `${listed.join(', ')} and ${rest} more`;
  if (listed.length < 2) return listed.join('');
  return `${listed.slice(0, -1).join(', ')} and ${listed.at(-1) ?? ''}`;
}

interface Dated {
  startDate: string;
  endDate: string;
}

function datesOf(record: ResourceRecord): Dated {
  return { startDate: String(record.startDate), endDate: String(record.endDate) };
}

const within = (inner: Dated, outer: Dated) =>
  inner.startDate >= outer.startDate && inner.endDate <= outer.endDate;

const changes = (fields: readonly string[], current: ResourceRecord | null, next: ResourceRecord) =>
  current === null || fields.some((field) => current[field] !== next[field]);

/**
 * A term lies within its academic period (422 naming the period's dates). Judged when a term is
 * created or its dates or period change, so an older term outside its period can still be renamed.
 */
export async function checkTermWithinPeriod(
  store: EventStore,
  current: ResourceRecord | null,
  term: ResourceRecord,
): Promise<void> {
  if (!changes(['AcademicPeriodId', 'startDate', 'endDate'], current, term)) return;
  const period = await loadRecord(store, academicPeriods, String(term.AcademicPeriodId));
  // A missing period is the reference check's refusal.
  if (!period) return;
  const dates = datesOf(period);
  if (within(datesOf(term), dates)) return;
  throw new DomainRuleError(
    `A term must lie within its academic period, ${dateInWords(dates.startDate)} to ${dateInWords(dates.endDate)}.`,
  );
}

/** A period's new dates keep each of its live terms within them (422 naming those that would not). */
export async function checkPeriodKeepsTerms(
  store: EventStore,
  current: ResourceRecord,
  period: ResourceRecord,
): Promise<void> {
  if (!changes(['startDate', 'endDate'], current, period)) return;
  const dates = datesOf(period);
  const index = await refreshedRecordIndex(store, academicTerms);
  const outside = index
    .liveWhere((term) => term.AcademicPeriodId === period.id && !within(datesOf(term), dates))
    .sort(
      (a, b) =>
        String(a.startDate).localeCompare(String(b.startDate)) ||
        String(a.name).localeCompare(String(b.name)),
    );
  const [only] = outside;
  if (!only) return;
  if (outside.length === 1) {
    const { startDate, endDate } = datesOf(only);
    throw new DomainRuleError(
      `${String(only.name)} (${dateInWords(startDate)} to ${dateInWords(endDate)}) would lie outside the period’s new dates; change that term first.`,
    );
  }
  throw new DomainRuleError(
    `${namesInWords(outside.map((t) => String(t.name)))} would lie outside the period’s new dates; change those terms first.`,
  );
}
