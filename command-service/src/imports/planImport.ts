import {
  IMPORT_KINDS,
  headingKey,
  type ImportColumn,
  type ImportKindName,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import { authorizePlan } from './plan/authorize.js';
import { planMissing } from './plan/missing.js';
import { planResourceRows } from './plan/resourceKinds.js';
import type { PlannedRecord, Problem, SourceRow } from './plan/rows.js';
import { planTeachingRows } from './plan/teachingKinds.js';
import type { ImportWorld } from './world.js';

/** Which heading of the file fills each column (null or absent: the column is not imported). */
export type ImportMapping = Readonly<Record<string, string | null>>;
/** Per column, source values and what they stand for ("LEC" → "In person"). */
export type ValueMappings = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface ImportPlan {
  records: PlannedRecord[];
  /** Problems with the file as a whole (a required column not mapped). */
  problems: Problem[];
  counts: {
    rows: number;
    create: number;
    update: number;
    unchanged: number;
    refused: number;
    /** Records the file speaks for that no row names (removed or kept). */
    missing: number;
  };
  /** Why what is missing stays although the saved import removes it; null otherwise. */
  removalBlocked: string | null;
}

/** Commands whose schedule conflicts a person may accept (they then pass `override`). */
const ACCEPTS_CONFLICTS = new Set(['SetMeetings', 'AssignInstructor']);

/**
 * The record with its double bookings accepted as the source holds them (a cross-listed pair
 * sharing a room, a team-taught overlap): what a saved import that says so does.
 */
function acceptingConflicts(record: PlannedRecord): PlannedRecord {
  return {
    ...record,
    commands: record.commands.map((c) =>
      ACCEPTS_CONFLICTS.has(c.name) ? { ...c, payload: { ...c.payload, override: true } } : c,
    ),
  };
}

/** The file's rows as the kind's columns, through the mapping and the value mappings. */
export function sourceRowsOf(
  kind: ImportKindName,
  table: { headings: string[]; rows: { line: number; cells: string[] }[] },
  mapping: ImportMapping,
  values: ValueMappings = {},
): { rows: SourceRow[]; problems: Problem[] } {
  return sourceRowsOfColumns(IMPORT_KINDS[kind].columns, table, mapping, values);
}

/** The file's rows as these columns (an import of its own kind: effort lines). */
export function sourceRowsOfColumns(
  kindColumns: readonly ImportColumn[],
  table: { headings: string[]; rows: { line: number; cells: string[] }[] },
  mapping: ImportMapping,
  values: ValueMappings = {},
): { rows: SourceRow[]; problems: Problem[] } {
  const index = new Map(table.headings.map((h, i) => [headingKey(h), i]));
  const problems: Problem[] = [];
  const columns: [string, number][] = [];
  for (const column of kindColumns) {
    const heading = mapping[column.key];
    const at = heading ? index.get(headingKey(heading)) : undefined;
    if (heading && at === undefined) {
      problems.push({
        row: 1,
        column: column.label,
        message: `The file has no column "${heading}".`,
      });
    } else if (at !== undefined) {
      columns.push([column.key, at]);
    } else if (column.required) {
      problems.push({
        row: 1,
        column: column.label,
        message: `${column.label} is required: choose the file’s column that holds it.`,
      });
    }
  }
  const folded = Object.fromEntries(
    Object.entries(values).map(([key, map]) => [
      key,
      new Map(Object.entries(map).map(([from, to]) => [from.trim().toLowerCase(), to])),
    ]),
  );
  const rows = table.rows.map(({ line, cells }) => ({
    row: line,
    cells: Object.fromEntries(
      columns.map(([key, at]) => {
        const raw = (cells[at] ?? '').trim();
        return [key, folded[key]?.get(raw.toLowerCase()) ?? raw];
      }),
    ),
  }));
  return { rows, problems };
}

/**
 * What importing these rows would do, record by record, for the person who would run it (a
 * column they may not set is refused before anything runs): nothing is written. The run executes
 * the same plan's commands, planned again just before, so it acts on Allot as it stands then.
 */
export async function planImport(
  kind: ImportKindName,
  source: { rows: SourceRow[]; problems: Problem[] },
  world: ImportWorld,
  ability: AppAbility,
  options: { removeMissing?: boolean; acceptConflicts?: boolean } = {},
): Promise<ImportPlan> {
  const named =
    source.problems.length > 0
      ? []
      : (planResourceRows(kind, source.rows, world, ability) ??
        (await planTeachingRows(kind, source.rows, world)) ??
        []);
  // A file that cannot be read as the kind's columns speaks for nothing.
  const missing =
    source.problems.length > 0
      ? { records: [], removalBlocked: null }
      : planMissing(kind, source.rows, named, world, options.removeMissing === true);
  const records = authorizePlan(
    [...named, ...missing.records].map((r) =>
      options.acceptConflicts ? acceptingConflicts(r) : r,
    ),
    ability,
    (id) => world.sectionState(id),
  );
  const count = (action: PlannedRecord['action']) =>
    records.filter((r) => r.action === action).length;
  return {
    records,
    problems: source.problems,
    counts: {
      rows: source.rows.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      missing: count('missing') + count('remove'),
    },
    removalBlocked: missing.removalBlocked,
  };
}
