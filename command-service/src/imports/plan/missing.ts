import {
  users,
  type ImportKindName,
  type ResourceRecord,
  type SectionRecord,
} from '@allot/shared-events';
import { resourceNamed, type ImportWorld, type NamedKind } from '../world.js';
import type { PlannedCommand, PlannedRecord, SourceRow } from './rows.js';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A record of Allot in the file's scope: its name in the preview and how to remove it. */
interface InScope {
  id: string;
  key: string;
  remove: PlannedCommand;
}

/**
 * What a file speaks for: the academic periods its rows name and, when it has a term column,
 * the terms (a Fall file does not make Spring's sections missing). `null` terms: every term.
 */
function periodsAndTerms(rows: readonly SourceRow[], world: ImportWorld) {
  const periods = new Set<string>();
  let terms: Set<string | null> | null = null;
  for (const { cells } of rows) {
    const period = cells.period ? world.find('academicPeriod', 'name', cells.period) : null;
    if (!period) continue;
    periods.add(period.id);
    if (!('term' in cells)) continue;
    terms ??= new Set();
    terms.add(cells.term ? (world.term(period.id, cells.term)?.id ?? null) : null);
  }
  return { periods, terms };
}

const deleteOf = (kind: NamedKind, id: string): PlannedCommand => ({
  name: resourceNamed(kind).commandNames.delete,
  payload: { id },
});

/** The users' key the file matches people on: the first of them its rows fill. */
const USER_KEYS = ['EmployeeId', 'hostSystemId', 'username', 'email'] as const;

function sectionName(world: ImportWorld, section: SectionRecord): string {
  const offering = world.byId('courseOffering', section.CourseOfferingId);
  const course = offering ? world.byId('course', text(offering.CourseId)) : null;
  const period = offering ? world.byId('academicPeriod', text(offering.AcademicPeriodId)) : null;
  const term = section.TermMode
    ? world.byId('academicTerm', section.TermMode.AcademicTermId)
    : null;
  const mode = section.TermMode
    ? world.byId('teachingMode', section.TermMode.TeachingModeId)
    : null;
  return [course?.courseNumber, period?.name, term?.name, mode?.name, section.sectionNumber]
    .map(text)
    .filter(Boolean)
    .join(' · ');
}

/** The records of the kind that the file speaks for, each with the command that removes it. */
function inScope(kind: ImportKindName, rows: readonly SourceRow[], world: ImportWorld): InScope[] {
  const records = (named: NamedKind, keyOf: (r: ResourceRecord) => string) =>
    world.records(named).map((r) => ({ id: r.id, key: keyOf(r), remove: deleteOf(named, r.id) }));
  const { periods, terms } = periodsAndTerms(rows, world);
  const termInScope = (termId: string | null) => terms === null || terms.has(termId);
  const offerings = () =>
    world.records('courseOffering').filter((o) => periods.has(text(o.AcademicPeriodId)));
  const sections = () =>
    offerings()
      .flatMap((o) => world.sectionsOfOffering(o.id))
      .filter((s) => termInScope(s.section.TermMode?.AcademicTermId ?? null));
  switch (kind) {
    case 'locations':
      return records('location', (r) => text(r.code));
    case 'courses':
      return records('course', (r) => text(r.courseNumber));
    case 'users': {
      // People are matched on one key; those without it (accounts the file knows nothing of,
      // such as an operator's) are outside what the file speaks for. Deactivated, not deleted.
      const field = USER_KEYS.find((k) => rows.some((r) => (r.cells[k] ?? '') !== ''));
      if (!field) return [];
      return world
        .records('user')
        .filter((u) => text(u[field]) !== '' && u.isActive !== false)
        .map((u) => ({
          id: u.id,
          key: text(u.displayName) || text(u[field]),
          remove: {
            name: users.commandNames.update,
            payload: { id: u.id, isActive: false },
          },
        }));
    }
    case 'courseOfferings':
      return offerings().map((o) => ({
        id: o.id,
        key: `${text(world.byId('course', text(o.CourseId))?.courseNumber)} · ${text(world.byId('academicPeriod', text(o.AcademicPeriodId))?.name)}`,
        remove: deleteOf('courseOffering', o.id),
      }));
    case 'sections':
      return sections().map((s) => ({
        id: s.section.id,
        key: sectionName(world, s.section),
        remove: { name: 'DeleteSection', payload: { id: s.section.id } },
      }));
    case 'teachingAssignments':
      return sections().flatMap((s) =>
        Object.values(s.assignments)
          .filter((a) => a.status !== 'withdrawn')
          .map((a) => ({
            id: a.id,
            key: `${sectionName(world, s.section)} · ${text(world.byId('user', a.UserId)?.displayName)}`,
            remove: {
              name: 'UnassignInstructor',
              payload: { id: s.section.id, assignmentId: a.id },
            },
          })),
      );
    case 'administrativeAssignments':
      return world
        .records('administrativeAssignment')
        .filter(
          (a) =>
            periods.has(text(a.AcademicPeriodId)) &&
            termInScope(typeof a.AcademicTermId === 'string' ? a.AcademicTermId : null),
        )
        .map((a) => ({
          id: a.id,
          key: [
            text(world.byId('user', text(a.UserId))?.displayName),
            text(world.byId('academicPeriod', text(a.AcademicPeriodId))?.name),
            text(
              world.byId('administrativeAssignmentType', text(a.AdministrativeAssignmentTypeId))
                ?.name,
            ),
          ]
            .filter(Boolean)
            .join(' · '),
          remove: deleteOf('administrativeAssignment', a.id),
        }));
  }
}

export interface MissingPlan {
  records: PlannedRecord[];
  /** Why nothing missing is removed although the saved import says to; null otherwise. */
  removalBlocked: string | null;
}

/**
 * The records of Allot the file speaks for that none of its rows names: reported always, and
 * removed through their normal commands only when the saved import says so. While a row does
 * not say which record it is about, nothing is removed (it may be one of them).
 */
export function planMissing(
  kind: ImportKindName,
  rows: readonly SourceRow[],
  planned: readonly PlannedRecord[],
  world: ImportWorld,
  remove: boolean,
): MissingPlan {
  const named = new Set(planned.flatMap((r) => (r.matched ? [r.matched] : [])));
  const unread = planned.filter((r) => r.keyUnread).flatMap((r) => r.rows);
  const removalBlocked =
    remove && unread.length > 0
      ? `Nothing missing from the file is removed: ${unread.length === 1 ? `row ${unread[0]} does` : `rows ${unread.slice(0, 5).join(', ')}${unread.length > 5 ? ' and more' : ''} do`} not say which record ${unread.length === 1 ? 'it is' : 'they are'} about.`
      : null;
  const removing = remove && removalBlocked === null;
  const records = inScope(kind, rows, world)
    .filter((r) => !named.has(r.id))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((r): PlannedRecord => ({
      key: r.key,
      rows: [],
      action: removing ? 'remove' : 'missing',
      changes: [],
      problems: [],
      commands: removing ? [r.remove] : [],
      matched: r.id,
    }));
  return { records, removalBlocked };
}
