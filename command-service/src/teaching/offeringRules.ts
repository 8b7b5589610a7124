import {
  academicTerms,
  courses,
  type EventStore,
  type OfferingTermMode,
  type ResourceRecord,
} from '@allot/shared-events';
import { DomainRuleError } from '../errors/errors.js';
import { canonical } from '../resources/canonicalJson.js';
import { loadRecord } from '../resources/loadRecord.js';
import { namesInWords } from '../resources/periodRules.js';
import { refreshedRecordIndex } from '../resources/recordIndex.js';
import { scheduleIndexFor } from './scheduleIndex.js';

const termModesOf = (record: ResourceRecord | null): OfferingTermMode[] =>
  (record?.termModes as OfferingTermMode[] | undefined) ?? [];

const keyOf = (mode: OfferingTermMode) => `${mode.AcademicTermId}|${mode.TeachingModeId}`;

/** Each term an offering lists belongs to the offering's own academic period (422 naming one). */
async function checkTermsOfPeriod(store: EventStore, offering: ResourceRecord): Promise<void> {
  const termIds = new Set(termModesOf(offering).map((m) => m.AcademicTermId));
  if (termIds.size === 0) return;
  const index = await refreshedRecordIndex(store, academicTerms);
  // A term that does not exist is the reference check's refusal; here only live ones count.
  const foreign = index
    .liveWhere(
      (term) => termIds.has(term.id) && term.AcademicPeriodId !== offering.AcademicPeriodId,
    )
    .sort((a, b) => String(a.startDate).localeCompare(String(b.startDate)));
  const [first] = foreign;
  if (!first) return;
  throw new DomainRuleError(
    `${String(first.name)} is a term of another academic period; an offering takes terms of its own period only.`,
  );
}

/**
 * Sections take one of their offering's term modes, so a mode a live section uses may not leave
 * the offering: 422 naming those sections (course and section number), as a delete in use does.
 * Read from the schedule index, which follows every section stream from the log.
 */
async function checkModesInUse(
  store: EventStore,
  current: ResourceRecord,
  next: ResourceRecord,
): Promise<void> {
  const kept = new Set(termModesOf(next).map(keyOf));
  if (termModesOf(current).every((mode) => kept.has(keyOf(mode)))) return;
  const index = scheduleIndexFor(store);
  await index.refresh();
  const stranded = index
    .sectionsOfOffering(String(next.id))
    .filter((section) => section.TermMode && !kept.has(keyOf(section.TermMode)))
    .map((section) => section.sectionNumber)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (stranded.length === 0) return;
  const course = await loadRecord(store, courses, String(next.CourseId));
  const courseNumber = course ? `${String(course.courseNumber)} ` : '';
  const named = namesInWords(
    stranded.map((number) => `${courseNumber}${number}`),
    1,
  );
  throw new DomainRuleError(
    stranded.length === 1
      ? `Section ${named} is taught in a term and teaching mode this change removes from the offering; move it to another first.`
      : `Sections ${named} are taught in a term and teaching mode this change removes from the offering; move them to another first.`,
  );
}

/** An offering's create or update: its terms are of its period, its used term modes stay. */
export async function checkOfferingTermModes(
  store: EventStore,
  current: ResourceRecord | null,
  next: ResourceRecord,
): Promise<void> {
  const changed = (field: string) =>
    current === null || canonical(current[field] ?? null) !== canonical(next[field] ?? null);
  if (!changed('termModes') && !changed('AcademicPeriodId')) return;
  await checkTermsOfPeriod(store, next);
  if (current) await checkModesInUse(store, current, next);
}
