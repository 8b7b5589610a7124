import type { Knex } from 'knex';
import {
  listFieldType,
  type ListAnswer as PageOf,
  type ListFieldType,
  type ListFilter,
  type ListQuery,
  type ListQueryIssue,
  type ListSpec,
  type ResourceDefinition,
  type ResourceFieldsAnswer,
  type ResourceRecordAnswer,
} from '@allot/shared-events';

/** A record as the read API answers it: its fields, id, revision (for If-Match) and times. */
export type RecordView = ResourceRecordAnswer;

/** A page of records (or of the fields a query selected), as `GET /api/<path>` answers it. */
export type ListAnswer = PageOf<ResourceFieldsAnswer>;

/** A filter value that does not fit its field's type (400 naming the field). */
export class ListValueError extends Error {
  override readonly name = 'ListValueError';
  constructor(readonly issues: ListQueryIssue[]) {
    super('The list query is not valid.');
  }
}

interface RecordRow {
  id: string;
  revision: string;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['id', 'revision', 'data', 'created_at', 'updated_at'] as const;

/** Extra conditions the route adds (an owner's own rows, published periods, …). */
export type Scope = (query: Knex.QueryBuilder) => void;

export function viewOf(row: RecordRow): RecordView {
  return {
    ...row.data,
    id: row.id,
    revision: Number(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The SQL of a list field, exactly as the projection indexes it. The name is inlined (not a
 * parameter) so the planner can use those indexes; it is a declared field name, never free input.
 */
export function fieldExpression(field: string, type: ListFieldType): string {
  if (!FIELD.test(field)) throw new Error(`Not a field name: ${field}`);
  const cast = type === 'number' ? '::numeric' : type === 'boolean' ? '::boolean' : '';
  return `((data->>'${field}')${cast})`;
}

function expression(knex: Knex, spec: ListSpec, field: string, asText = false): Knex.Raw {
  if (field === 'id') return knex.raw('??', ['id']);
  if (field === 'createdAt') return knex.raw('??', ['created_at']);
  if (field === 'updatedAt') return knex.raw('??', ['updated_at']);
  return knex.raw(fieldExpression(field, asText ? 'text' : listFieldType(spec, field)));
}

type Literal = string | number | boolean | null;

function typed(spec: ListSpec, filter: ListFilter, value: Literal): Literal {
  if (value === null) return null;
  const type = filter.meta || filter.field === 'id' ? 'text' : listFieldType(spec, filter.field);
  const bad = () =>
    new ListValueError([{ field: `filter.${filter.field}`, message: `must be a ${type}` }]);
  switch (type) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || value === '' || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw bad();
    default:
      return String(value);
  }
}

/** `%` and `_` in user input match themselves. */
function likePattern(value: Literal, prefixOnly: boolean): string {
  const escaped = String(value).replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefixOnly ? `${escaped}%` : `%${escaped}%`;
}

const COMPARISONS = { eq: '=', ne: 'IS DISTINCT FROM', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function applyFilter(knex: Knex, query: Knex.QueryBuilder, spec: ListSpec, filter: ListFilter) {
  if (filter.meta) {
    const expr = knex.raw(`(data->'meta'->>?)`, [filter.field]);
    query.whereRaw(`? ILIKE ?`, [expr, likePattern(filter.value as Literal, false)]);
    return;
  }
  if (filter.op === 'contains' || filter.op === 'startsWith') {
    const expr = expression(knex, spec, filter.field, true);
    query.whereRaw(`? ILIKE ?`, [
      expr,
      likePattern(filter.value as Literal, filter.op === 'startsWith'),
    ]);
    return;
  }
  const expr = expression(knex, spec, filter.field);
  if (filter.op === 'in') {
    const values = (filter.value as Literal[]).map((v) => typed(spec, filter, v));
    query.whereRaw(`? IN (${values.map(() => '?').join(', ')})`, [expr, ...values]);
    return;
  }
  const value = typed(spec, filter, filter.value as Literal);
  if (value === null) {
    query.whereRaw(filter.op === 'ne' ? '? IS NOT NULL' : '? IS NULL', [expr]);
    return;
  }
  query.whereRaw(`? ${COMPARISONS[filter.op]} ?`, [expr, value]);
}

function selected(view: RecordView, list: ListQuery): Record<string, unknown> {
  if (list.select.length === 0) return view;
  return Object.fromEntries(list.select.map((s) => [s.as, view[s.field] ?? null]));
}

/**
 * How a reference field sorts: by what people read in its column (the referenced record's label
 * fields, in this order), not by the id it holds, which orders nothing a person can see.
 */
export interface ReferenceSort {
  /** The referenced kind's records table. */
  table: string;
  labelFields: readonly string[];
}

function referenceOrder(
  knex: Knex,
  table: string,
  field: string,
  reference: ReferenceSort,
): Knex.Raw {
  const labels = reference.labelFields.map((label) => {
    if (!FIELD.test(label)) throw new Error(`Not a field name: ${label}`);
    return `lower(r.data->>'${label}')`;
  });
  return knex.raw(
    `(SELECT ${labels.join(" || ' ' || ")} FROM ?? r WHERE r.id = ??.data->>'${fieldName(field)}')`,
    [reference.table, table],
  );
}

function fieldName(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Not a field name: ${field}`);
  return field;
}

/** One page of live records, filtered and sorted as asked, and how many match in all. */
export async function listRecords(
  knex: Knex,
  table: string,
  resource: ResourceDefinition,
  list: ListQuery,
  scope?: Scope,
  referenceSorts: Readonly<Record<string, ReferenceSort>> = {},
): Promise<ListAnswer> {
  const spec = resource.list;
  const base = knex(table).whereNull('deleted_at');
  scope?.(base);
  for (const filter of list.filters) applyFilter(knex, base, spec, filter);
  const counted = await base.clone().count<{ count: string }[]>({ count: '*' });
  const page = base.clone().select(...COLUMNS);
  for (const [field, direction] of list.sort) {
    const reference = referenceSorts[field];
    page.orderByRaw(`? ${direction === 'DESC' ? 'DESC' : 'ASC'} NULLS LAST`, [
      reference ? referenceOrder(knex, table, field, reference) : expression(knex, spec, field),
    ]);
  }
  // A total order, so pages never repeat or skip a row.
  page.orderBy('id', 'asc').limit(list.take).offset(list.skip);
  const rows = (await page) as RecordRow[];
  return {
    count: Number(counted[0]?.count ?? 0),
    rows: rows.map((r) => selected(viewOf(r), list)),
  };
}

/** A live record, or null when unknown or deleted. */
export async function getRecord(
  knex: Knex,
  table: string,
  id: string,
  scope?: Scope,
): Promise<RecordView | null> {
  const query = knex<RecordRow>(table).where({ id }).whereNull('deleted_at');
  scope?.(query);
  const row: RecordRow | undefined = await query.first(...COLUMNS);
  return row ? viewOf(row) : null;
}

/** The first live record matching a jsonb containment (e.g. `{ isSystemActive: true }`). */
export async function findRecord(
  knex: Knex,
  table: string,
  contains: Record<string, unknown>,
): Promise<RecordView | null> {
  const row: RecordRow | undefined = await knex<RecordRow>(table)
    .whereNull('deleted_at')
    .whereRaw('data @> ?::jsonb', [JSON.stringify(contains)])
    .orderBy('id')
    .first(...COLUMNS);
  return row ? viewOf(row) : null;
}
