import { randomUUID } from 'node:crypto';
import {
  IMPORT_KINDS,
  type ImportKind,
  type ImportKindName,
  type ResourceRecord,
} from '@allot/shared-events';
import type { AppAbility } from '../../authorization/ability.js';
import { editSubjectsOf } from '../../resources/editSubjects.js';
import { resourceNamed, type ImportWorld, type NamedKind } from '../world.js';
import {
  RowReader,
  sameValue,
  shown,
  type Change,
  type PlannedRecord,
  type SourceRow,
} from './rows.js';

/** A column filling one field of the record; `names` when the cell names records of a kind. */
interface FieldSpec {
  column: string;
  /** The field, dotted into the faculty profile or financial data ("FacultyProfile.RankId"). */
  field: string;
  names?: { kind: NamedKind; by: string; many?: boolean };
}

interface ResourceImport {
  kind: NamedKind;
  fields: readonly FieldSpec[];
  /** The record the row is about as the file names it, and the record it is in Allot, if any. */
  key(reader: RowReader, world: ImportWorld): { key: string; existing: ResourceRecord | null };
  /** Fields a new record starts with before the row's own (a new person is active faculty). */
  defaults?: Record<string, unknown>;
  /** Fields the row names through other columns (an administrative assignment's term). */
  more?(reader: RowReader, world: ImportWorld, fields: Record<string, unknown>): void;
}

const taxonomies = (prefix: string, ids: boolean): FieldSpec[] =>
  (
    [
      ['campuses', 'campus', 'CampusIds'],
      ['programs', 'program', 'ProgramIds'],
      ['specialties', 'specialty', 'SpecialtyIds'],
      ['majors', 'major', 'MajorIds'],
      ['cohorts', 'cohort', 'CohortIds'],
    ] as const
  ).map(([column, kind, profileField]) => ({
    column,
    field: ids ? `${prefix}${profileField}` : column,
    names: { kind, by: 'name', many: true },
  }));

const text = (v: unknown) => (typeof v === 'string' ? v : '');

const RESOURCE_IMPORTS: Partial<Record<ImportKindName, ResourceImport>> = {
  locations: {
    kind: 'location',
    fields: ['code', 'description', 'capacity', 'isActive'].map((f) => ({ column: f, field: f })),
    key: (reader, world) => {
      const code = reader.text('code') ?? '';
      return { key: code, existing: code ? world.find('location', 'code', code) : null };
    },
  },
  courses: {
    kind: 'course',
    fields: [
      ...['courseNumber', 'name', 'sectionCreditHours', 'unitsMax', 'sectionMaxStudents'].map(
        (f) => ({ column: f, field: f }),
      ),
      { column: 'isOffered', field: 'isOffered' },
      { column: 'isActive', field: 'isActive' },
      { column: 'workgroup', field: 'WorkgroupId', names: { kind: 'workgroup', by: 'name' } },
      ...taxonomies('', false),
    ],
    key: (reader, world) => {
      const number = reader.text('courseNumber') ?? '';
      return {
        key: number,
        existing: number ? world.find('course', 'courseNumber', number) : null,
      };
    },
  },
  users: {
    kind: 'user',
    fields: [
      ...['EmployeeId', 'hostSystemId', 'username', 'email', 'firstName', 'lastName'].map((f) => ({
        column: f,
        field: f,
      })),
      { column: 'displayName', field: 'displayName' },
      { column: 'isFaculty', field: 'isFaculty' },
      { column: 'isActive', field: 'isActive' },
      {
        column: 'instructorType',
        field: 'FacultyProfile.InstructorTypeId',
        names: { kind: 'instructorType', by: 'name' },
      },
      { column: 'rank', field: 'FacultyProfile.RankId', names: { kind: 'rank', by: 'name' } },
      {
        column: 'division',
        field: 'FacultyProfile.DivisionId',
        names: { kind: 'division', by: 'name' },
      },
      { column: 'track', field: 'FacultyProfile.TrackId', names: { kind: 'track', by: 'name' } },
      ...taxonomies('FacultyProfile.', true),
      { column: 'receiveAssignments', field: 'FacultyProfile.receiveAssignments' },
      { column: 'pointsRequired', field: 'FinancialData.pointsRequired' },
    ],
    key: (reader, world) => {
      const keys = {
        EmployeeId: reader.text('EmployeeId') ?? undefined,
        hostSystemId: reader.text('hostSystemId') ?? undefined,
        username: reader.text('username') ?? undefined,
        email: reader.text('email') ?? undefined,
      };
      return {
        key: keys.EmployeeId ?? keys.hostSystemId ?? keys.username ?? keys.email ?? '',
        existing: world.personByKeys(keys),
      };
    },
    defaults: { isActive: true, isFaculty: true },
  },
  administrativeAssignments: {
    kind: 'administrativeAssignment',
    fields: [
      {
        column: 'period',
        field: 'AcademicPeriodId',
        names: { kind: 'academicPeriod', by: 'name' },
      },
      {
        column: 'type',
        field: 'AdministrativeAssignmentTypeId',
        names: { kind: 'administrativeAssignmentType', by: 'name' },
      },
      { column: 'points', field: 'points' },
      { column: 'takesWholeTerm', field: 'takesWholeTerm' },
      { column: 'notes', field: 'notes' },
    ],
    more: (reader, world, fields) => {
      fields.UserId = reader.ref('instructor', (n) => world.person(n)?.id ?? null, 'instructor');
      const period = fields.AcademicPeriodId;
      fields.AcademicTermId =
        typeof period === 'string'
          ? reader.ref('term', (n) => world.term(period, n)?.id ?? null, 'term in that period')
          : null;
    },
    key: (reader) => ({
      key: [
        reader.text('instructor'),
        reader.text('period'),
        reader.text('type'),
        reader.text('term'),
      ]
        .filter(Boolean)
        .join(' · '),
      existing: null,
    }),
  },
};

/** The record's field at a dotted path. */
function at(record: Record<string, unknown> | null, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : null;
  }
  return value;
}

/** The fields a row gives, by dotted path: only its mapped columns (the rest stay as they are). */
function rowFields(spec: ResourceImport, reader: RowReader, world: ImportWorld) {
  const fields: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (!reader.has(f.column)) continue;
    const names = f.names;
    if (!names) {
      fields[f.field] = reader.value(f.column);
      continue;
    }
    const find = (name: string) => world.find(names.kind, names.by, name)?.id ?? null;
    const what = resourceNamed(names.kind).ui?.singular?.toLowerCase() ?? names.kind;
    fields[f.field] = names.many
      ? (reader.refs(f.column, find, what) ?? [])
      : reader.ref(f.column, find, what);
  }
  spec.more?.(reader, world, fields);
  return fields;
}

/** Nested paths folded into the record's objects, over what it holds now. */
function payloadOf(fields: Record<string, unknown>, existing: ResourceRecord | null) {
  const payload: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(fields)) {
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail === undefined) {
      payload[head] = value;
      continue;
    }
    const base = (payload[head] ?? existing?.[head] ?? {}) as Record<string, unknown>;
    payload[head] = { ...base, [tail]: value };
  }
  return payload;
}

/** A name for an id the preview shows (a workgroup's name, not its id). */
function nameFor(world: ImportWorld, spec: FieldSpec | undefined, value: unknown): string {
  if (!spec?.names || value === null || value === undefined) return shown(value);
  const names = spec.names;
  const named = (id: unknown) => {
    if (names.kind === 'user') return text(world.byId('user', String(id))?.displayName);
    return text(world.byId(names.kind, String(id))?.[names.by]) || String(id);
  };
  return Array.isArray(value) ? shown(value.map(named)) : named(value);
}

/**
 * Plans the rows of a declared kind (rooms, courses, people, administrative assignments): each
 * row's record found by its external key, created when new, updated with exactly the fields
 * that differ, unchanged otherwise; a row with a problem is refused whole.
 */
export function planResourceRows(
  kindName: ImportKindName,
  rows: readonly SourceRow[],
  world: ImportWorld,
  ability: AppAbility,
): PlannedRecord[] | null {
  const spec = RESOURCE_IMPORTS[kindName];
  if (!spec) return null;
  const kind: ImportKind = IMPORT_KINDS[kindName];
  const definition = resourceNamed(spec.kind);
  // Columns filling a field only those with another right may change (a user's financial data).
  const guarded = editSubjectsOf(definition);
  const barred = spec.fields.filter((f) => {
    const subject = guarded.get(f.field.split('.')[0] ?? f.field);
    return subject !== undefined && !ability.can('update', subject);
  });
  const seen = new Map<string, number>();
  return rows.map((source) => {
    const reader = new RowReader(kind, source);
    const fields = rowFields(spec, reader, world);
    for (const f of barred) {
      if (reader.text(f.column) === null) continue;
      const label = kind.columns.find((c) => c.key === f.column)?.label ?? f.column;
      reader.refuse(f.column, `You may not set ${label.toLowerCase()}: leave the column out.`);
    }
    const named = spec.key(reader, world);
    const key = named.key;
    let existing = named.existing;
    if (kindName === 'administrativeAssignments' && reader.problems.length === 0) {
      existing =
        world
          .records('administrativeAssignment')
          .find(
            (a) =>
              a.UserId === fields.UserId &&
              a.AcademicPeriodId === fields.AcademicPeriodId &&
              a.AdministrativeAssignmentTypeId === fields.AdministrativeAssignmentTypeId &&
              (a.AcademicTermId ?? null) === (fields.AcademicTermId ?? null),
          ) ?? null;
    }
    // An administrative assignment is found by cells that must all be read first.
    const keyUnread =
      key === '' || (kindName === 'administrativeAssignments' && reader.problems.length > 0);
    const planned = (
      action: PlannedRecord['action'],
      more: Partial<PlannedRecord> = {},
    ): PlannedRecord => ({
      key,
      rows: [source.row],
      action,
      changes: [],
      problems: reader.problems,
      commands: [],
      matched: existing?.id ?? null,
      keyUnread,
      ...more,
    });
    const twin = seen.get(key.toLowerCase());
    if (key && twin !== undefined) {
      reader.refuse(null, `Row ${twin} already names ${key}.`);
    } else if (key) seen.set(key.toLowerCase(), source.row);
    if (reader.problems.length > 0) return planned('refused');

    const labels = new Map(kind.columns.map((c) => [c.key, c.label]));
    const specOf = new Map(spec.fields.map((f) => [f.field, f]));
    /** Refuses the row with each problem the record's own rules find in `record`. */
    const acceptable = (record: Record<string, unknown>) => {
      const checked = definition.schema.safeParse(record);
      if (checked.success) return true;
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        const column = spec.fields.find((f) => f.field === path)?.column ?? null;
        reader.refuse(column, `${labels.get(column ?? '') ?? path}: ${issue.message}`);
      }
      return false;
    };
    if (!existing) {
      const payload = { id: randomUUID(), ...spec.defaults, ...payloadOf(fields, null) };
      if (!acceptable(payload)) return planned('refused');
      return planned('create', {
        commands: [{ name: definition.commandNames.create, payload }],
      });
    }
    const changes: Change[] = [];
    const changedPaths: string[] = [];
    for (const [path, value] of Object.entries(fields)) {
      const before = at(existing, path);
      if (sameValue(before, value)) continue;
      const f = specOf.get(path);
      changedPaths.push(path);
      changes.push({
        label: labels.get(f?.column ?? '') ?? path,
        from: nameFor(world, f, before),
        to: nameFor(world, f, value),
      });
    }
    if (changes.length === 0) return planned('unchanged');
    const payload = {
      id: existing.id,
      ...payloadOf(Object.fromEntries(changedPaths.map((p) => [p, fields[p]])), existing),
    };
    if (!acceptable({ ...existing, ...payload })) return planned('refused');
    return planned('update', {
      changes,
      commands: [{ name: definition.commandNames.update, payload }],
    });
  });
}
