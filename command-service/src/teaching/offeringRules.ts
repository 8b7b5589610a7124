import {
  StreamNotFoundError,
  academicTerms,
  courseOfferings,
  courses,
  type EventMetadata,
  type EventStore,
  type OfferingTermMode,
  type ResourceRecord,
} from '@allot/shared-events';
import { DomainRuleError } from '../errors/errors.js';
import { canonical } from '../resources/canonicalJson.js';
import { loadRecord } from '../resources/loadRecord.js';
import { namesInWords } from '../resources/periodRules.js';
import { refreshedRecordIndex } from '../resources/recordIndex.js';
import type { BeforeAppend } from '../resources/periodRules.js';
import {
  appendToRegistry,
  readChildRegistry,
  registerChild,
  removeFromRegistry,
  type ChildRegistry,
} from '../resources/childRegistry.js';
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

const OFFERING = 'offering';

/** A section as its offering's registry holds it: its term mode and number. */
interface RegisteredSection {
  TermMode: OfferingTermMode | null;
  sectionNumber: string;
}

function registeredSection(value: unknown): RegisteredSection | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as { TermMode?: OfferingTermMode | null; sectionNumber?: unknown };
  return {
    TermMode: v.TermMode ?? null,
    sectionNumber: typeof v.sectionNumber === 'string' ? v.sectionNumber : '',
  };
}

/** The term modes an offering allows its sections: as its registry bounds them, else as stored. */
export function boundTermModes(registry: ChildRegistry): OfferingTermMode[] | null {
  const bound = registry.bound as { termModes?: OfferingTermMode[] } | null;
  return bound?.termModes ?? null;
}

/**
 * Sections take one of their offering's term modes, so a mode a live section uses may not leave
 * the offering: 422 naming those sections (course and section number), as a delete in use does.
 * Read from the schedule index, which follows every section stream from the log, and from the
 * offering's registry, which holds sections whose writes are under way at this moment.
 */
async function checkModesInUse(
  store: EventStore,
  registry: ChildRegistry,
  current: ResourceRecord,
  next: ResourceRecord,
): Promise<void> {
  const kept = new Set(termModesOf(next).map(keyOf));
  if (termModesOf(current).every((mode) => kept.has(keyOf(mode)))) return;
  const index = scheduleIndexFor(store);
  await index.refresh();
  const sections = new Map<string, RegisteredSection>();
  for (const section of index.sectionsOfOffering(String(next.id))) {
    sections.set(section.id, {
      TermMode: section.TermMode ?? null,
      sectionNumber: section.sectionNumber,
    });
  }
  for (const [id, value] of registry.children) {
    const registered = registeredSection(value);
    if (registered) sections.set(id, registered);
  }
  const stranded = [...sections.values()]
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

/**
 * An offering's create or update: its terms are of its period, its used term modes stay. A change
 * of its term modes is set as the bound in its registry just before the offering's event, so a
 * section written at the same moment sees it.
 */
export async function checkOfferingTermModes(
  store: EventStore,
  current: ResourceRecord | null,
  next: ResourceRecord,
  metadata: EventMetadata,
): Promise<BeforeAppend | undefined> {
  const changed = (field: string) =>
    current === null || canonical(current[field] ?? null) !== canonical(next[field] ?? null);
  if (!changed('termModes') && !changed('AcademicPeriodId')) return;
  await checkTermsOfPeriod(store, next);
  if (!current) return;
  const registry = await readChildRegistry(store, OFFERING, String(next.id));
  await checkModesInUse(store, registry, current, next);
  if (!changed('termModes')) return;
  return () =>
    appendToRegistry(
      store,
      registry,
      { type: 'RegistryBoundSet', data: { value: { termModes: termModesOf(next) } } },
      metadata,
    );
}

/** The registry of a section's offering, and the term modes it allows. */
export async function offeringRegistry(
  store: EventStore,
  offeringId: string,
): Promise<ChildRegistry> {
  return readChildRegistry(store, OFFERING, offeringId);
}

/** The term modes an offering lists now, from its stream (created, then updated). */
async function storedTermModes(store: EventStore, offeringId: string): Promise<OfferingTermMode[]> {
  const events = await store
    .readStream(courseOfferings.streamId(offeringId))
    .catch((err: unknown) => {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    });
  let modes: OfferingTermMode[] = [];
  for (const event of events) {
    const data = event.data as { termModes?: OfferingTermMode[] };
    if (data.termModes !== undefined) modes = data.termModes;
  }
  return modes;
}

/** The term modes an offering allows its sections: as its registry bounds them, else as stored. */
export async function allowedTermModes(
  store: EventStore,
  registry: ChildRegistry,
  offeringId: string,
): Promise<OfferingTermMode[]> {
  return boundTermModes(registry) ?? (await storedTermModes(store, offeringId));
}

/** Whether a section's term mode (none: always) is one of `modes`. */
export function termModeAllowed(
  modes: readonly OfferingTermMode[],
  TermMode: OfferingTermMode | null | undefined,
): boolean {
  return !TermMode || modes.some((m) => keyOf(m) === keyOf(TermMode));
}

/**
 * A section's term mode must be one its offering allows: as the offering's registry bounds them
 * while they are being changed, else as stored (422 otherwise).
 */
export async function assertTermModeAllowed(
  store: EventStore,
  registry: ChildRegistry,
  offeringId: string,
  TermMode: OfferingTermMode | null | undefined,
): Promise<void> {
  if (!TermMode) return;
  if (!termModeAllowed(await allowedTermModes(store, registry, offeringId), TermMode)) {
    throw new DomainRuleError(
      "The section's term and teaching mode are not among its course offering's.",
    );
  }
}

/** What a section's offering registry holds for it: its term mode and number. */
export function registeredValue(section: {
  TermMode?: OfferingTermMode | null;
  sectionNumber: string;
}): RegisteredSection {
  return { TermMode: section.TermMode ?? null, sectionNumber: section.sectionNumber };
}

/** A section will hold this term mode under this offering: registered just before its event. */
export function registerSection(
  store: EventStore,
  registry: ChildRegistry,
  section: {
    id: string;
    CourseOfferingId: string;
    TermMode?: OfferingTermMode | null;
    sectionNumber: string;
  },
  metadata: EventMetadata,
): Promise<void> {
  return registerChild(
    store,
    registry,
    {
      parent: OFFERING,
      parentId: section.CourseOfferingId,
      childId: section.id,
      value: registeredValue(section),
    },
    metadata,
    (fresh) => assertTermModeAllowed(store, fresh, section.CourseOfferingId, section.TermMode),
  );
}

/** A section left its offering (deleted, or moved to another): its registry forgets it. */
export async function sectionLeftOffering(
  store: EventStore,
  offeringId: string,
  sectionId: string,
  metadata: EventMetadata,
): Promise<void> {
  await removeFromRegistry(store, OFFERING, offeringId, sectionId, metadata);
}
