import {
  academicPeriods,
  academicTerms,
  type EventMetadata,
  type EventStore,
  type ResourceRecord,
} from '@allot/shared-events';
import {
  appendToRegistry,
  readChildRegistry,
  registerChild,
  removeFromRegistry,
  type ChildRegistry,
} from './childRegistry.js';
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

/** What a rule spanning records appends just before its record's own event, in one attempt. */
export type BeforeAppend = () => Promise<void>;

const PERIOD = 'period';

/** A term as its period's registry holds it: enough to check and to name it. */
interface RegisteredTerm extends Dated {
  name: string;
}

function registeredTerm(value: unknown): RegisteredTerm | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  return typeof v.startDate === 'string' && typeof v.endDate === 'string'
    ? { name: typeof v.name === 'string' ? v.name : '', startDate: v.startDate, endDate: v.endDate }
    : null;
}

function registeredDates(value: unknown): Dated | null {
  return registeredTerm({ name: '', ...(value as object) });
}

/**
 * A term lies within its academic period (422 naming the period's dates). Judged when a term is
 * created or its dates or period change, so an older term outside its period can still be renamed.
 * Against the period's registry, so a change of the period's dates at the same moment is seen:
 * answers what to append before the term's own event.
 */
export async function checkTermWithinPeriod(
  store: EventStore,
  current: ResourceRecord | null,
  term: ResourceRecord,
  metadata: EventMetadata,
): Promise<BeforeAppend | undefined> {
  if (!changes(['AcademicPeriodId', 'startDate', 'endDate', 'name'], current, term)) return;
  const periodId = String(term.AcademicPeriodId);
  const judged = changes(['AcademicPeriodId', 'startDate', 'endDate'], current, term);
  const check = async (registry: ChildRegistry) => {
    const bound =
      registeredDates(registry.bound) ??
      (await loadRecord(store, academicPeriods, periodId).then((p) => (p ? datesOf(p) : null)));
    // A missing period is the reference check's refusal.
    if (!bound || !judged || within(datesOf(term), bound)) return;
    throw new DomainRuleError(
      `A term must lie within its academic period, ${dateInWords(bound.startDate)} to ${dateInWords(bound.endDate)}.`,
    );
  };
  const registry = await readChildRegistry(store, PERIOD, periodId);
  await check(registry);
  return () =>
    registerChild(
      store,
      registry,
      {
        parent: PERIOD,
        parentId: periodId,
        childId: String(term.id),
        value: { name: term.name, ...datesOf(term) },
      },
      metadata,
      check,
    );
}

/** A term left its period (deleted, or moved to another): the period's registry forgets it. */
export async function termLeftPeriod(
  store: EventStore,
  before: ResourceRecord | null,
  after: ResourceRecord | null,
  metadata: EventMetadata,
): Promise<void> {
  if (!before || before.AcademicPeriodId === after?.AcademicPeriodId) return;
  await removeFromRegistry(
    store,
    PERIOD,
    String(before.AcademicPeriodId),
    String(before.id),
    metadata,
  );
}

/**
 * A period's new dates keep each of its live terms within them (422 naming those that would not):
 * the terms as written, and as their registry says they will be. Answers what to append.
 */
export async function checkPeriodKeepsTerms(
  store: EventStore,
  current: ResourceRecord,
  period: ResourceRecord,
  metadata: EventMetadata,
): Promise<BeforeAppend | undefined> {
  if (!changes(['startDate', 'endDate'], current, period)) return;
  const dates = datesOf(period);
  const registry = await readChildRegistry(store, PERIOD, String(period.id));
  const index = await refreshedRecordIndex(store, academicTerms);
  const terms = new Map<string, RegisteredTerm>();
  for (const term of index.liveWhere((t) => t.AcademicPeriodId === period.id)) {
    terms.set(String(term.id), { name: String(term.name), ...datesOf(term) });
  }
  for (const [id, value] of registry.children) {
    const registered = registeredTerm(value);
    if (registered) terms.set(id, registered);
  }
  const outside = [...terms.values()]
    .filter((term) => !within(term, dates))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name));
  const [only] = outside;
  if (!only) {
    return () =>
      appendToRegistry(
        store,
        registry,
        { type: 'RegistryBoundSet', data: { value: dates } },
        metadata,
      );
  }
  if (outside.length === 1) {
    throw new DomainRuleError(
      `${only.name} (${dateInWords(only.startDate)} to ${dateInWords(only.endDate)}) would lie outside the period’s new dates; change that term first.`,
    );
  }
  throw new DomainRuleError(
    `${namesInWords(outside.map((t) => t.name))} would lie outside the period’s new dates; change those terms first.`,
  );
}
