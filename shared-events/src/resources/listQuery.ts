import { z } from 'zod';

/** How a list field is stored and compared (decides casts when filtering and sorting). */
export type ListFieldType = 'text' | 'number' | 'boolean' | 'date';

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'contains',
  'startsWith',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterValue = string | number | boolean | null;

export interface ListFilter {
  field: string;
  /** `meta.<name>` filters read the record's `meta` object. */
  meta: boolean;
  op: FilterOperator;
  value: FilterValue | FilterValue[];
}

export type SortDirection = 'ASC' | 'DESC';

export interface ListSelection {
  field: string;
  /** The key in the answer (`displayName as name` → `name`). */
  as: string;
}

export interface ListQuery {
  take: number;
  skip: number;
  include: boolean;
  filters: ListFilter[];
  sort: [string, SortDirection][];
  /** Empty: every field. */
  select: ListSelection[];
}

/** The whitelist a resource declares: only these fields may be filtered, sorted or selected. */
export interface ListSpec {
  /** Filterable and sortable fields with their types; `id` is always allowed. */
  fields: Readonly<Record<string, ListFieldType>>;
  defaultSort: readonly (readonly [string, SortDirection])[];
  /** Fields a `select` may name; defaults to every field of `fields`. */
  selectable?: readonly string[];
}

export interface ListQueryIssue {
  field: string;
  message: string;
}

export type ListQueryResult =
  { success: true; data: ListQuery } | { success: false; issues: ListQueryIssue[] };

export const MAX_TAKE = 1000;
export const DEFAULT_TAKE = 100;

const literal = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const operatorFilter = z
  .object({ op: z.enum(FILTER_OPERATORS), value: z.union([literal, z.array(literal)]) })
  .strict();
const filterObject = z.record(z.string(), z.union([literal, z.array(literal), operatorFilter]));
const sortList = z.array(z.tuple([z.string(), z.enum(['ASC', 'DESC', 'asc', 'desc'])]));
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SELECTION = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+as\s+([A-Za-z_][A-Za-z0-9_]*))?\s*$/i;

/**
 * A list route's query string (spec §7): paging, `include`, and `filter`, `sort` and `select`
 * as JSON or lists, checked against the kind's whitelist by `parseListQuery`.
 */
export const ListQueryString = z.object({
  take: z.coerce.number().int().min(1).max(MAX_TAKE).optional(),
  skip: z.coerce.number().int().min(0).optional(),
  include: z.enum(['true', 'false']).optional(),
  filter: z.string().max(10_000).optional(),
  sort: z.string().max(2_000).optional(),
  select: z.string().max(2_000).optional(),
});

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Spec §5: empty, 'any' and empty-array values mean "no filter". */
function isIgnored(value: unknown): boolean {
  return value === '' || value === 'any' || (Array.isArray(value) && value.length === 0);
}

function parseFilters(text: string, spec: ListSpec, issues: ListQueryIssue[]): ListFilter[] {
  const json = parseJson(text);
  const parsed = json.ok ? filterObject.safeParse(json.value) : null;
  if (!parsed?.success) {
    issues.push({ field: 'filter', message: 'must be a JSON object keyed by field' });
    return [];
  }
  const filters: ListFilter[] = [];
  for (const [key, raw] of Object.entries(parsed.data)) {
    const isOperator = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
    const op: FilterOperator = isOperator ? raw.op : Array.isArray(raw) ? 'in' : 'eq';
    const value = isOperator ? raw.value : raw;
    if (isIgnored(value)) continue;
    const meta = key.startsWith('meta.');
    const field = meta ? key.slice('meta.'.length) : key;
    if (meta ? !IDENTIFIER.test(field) || op !== 'contains' : !isListField(spec, field)) {
      issues.push({
        field: `filter.${key}`,
        message: meta ? 'meta fields can only be filtered with contains' : 'cannot be filtered',
      });
      continue;
    }
    if ((op === 'in') !== Array.isArray(value)) {
      issues.push({ field: `filter.${key}`, message: 'a list goes only with the in operator' });
      continue;
    }
    filters.push({ field, meta, op, value });
  }
  return filters;
}

function parseSort(
  text: string,
  spec: ListSpec,
  issues: ListQueryIssue[],
): [string, SortDirection][] {
  const json = parseJson(text);
  const parsed = json.ok ? sortList.safeParse(json.value) : null;
  if (!parsed?.success) {
    issues.push({ field: 'sort', message: 'must be a JSON list of [field, "ASC" | "DESC"]' });
    return [];
  }
  const sort: [string, SortDirection][] = [];
  for (const [field, direction] of parsed.data) {
    if (!isListField(spec, field) && !RECORD_TIME_FIELDS.includes(field))
      issues.push({ field: `sort.${field}`, message: 'cannot be sorted' });
    else sort.push([field, direction.toUpperCase() as SortDirection]);
  }
  return sort;
}

/** `id,displayName as name` or a JSON list of the same items. */
function parseSelect(text: string, spec: ListSpec, issues: ListQueryIssue[]): ListSelection[] {
  const json = text.trim().startsWith('[') ? parseJson(text) : null;
  const items = json?.ok && Array.isArray(json.value) ? json.value : json ? null : text.split(',');
  if (!items) {
    issues.push({ field: 'select', message: 'must list fields, e.g. id,displayName as name' });
    return [];
  }
  const allowed = new Set(['id', ...(spec.selectable ?? Object.keys(spec.fields))]);
  const select: ListSelection[] = [];
  for (const item of items) {
    const match = typeof item === 'string' ? SELECTION.exec(item) : null;
    const field = match?.[1];
    if (!match || !field || !allowed.has(field)) {
      issues.push({ field: `select.${String(item)}`, message: 'cannot be selected' });
      continue;
    }
    select.push({ field, as: match[2] ?? field });
  }
  return select;
}

/** Every record's creation and last-change times: sortable on any kind (newest first, …). */
export const RECORD_TIME_FIELDS: readonly string[] = ['createdAt', 'updatedAt'];

function isListField(spec: ListSpec, field: string): boolean {
  return field === 'id' || Object.prototype.hasOwnProperty.call(spec.fields, field);
}

/** The type a field compares as (`id` is text). */
export function listFieldType(spec: ListSpec, field: string): ListFieldType {
  return Object.prototype.hasOwnProperty.call(spec.fields, field)
    ? (spec.fields[field] ?? 'text')
    : 'text';
}

/**
 * Parses a list request's query string (spec §7 list query rules) against a resource's whitelist.
 * Pure: the server turns the result into SQL, the browser can check what it builds.
 */
export function parseListQuery(query: unknown, spec: ListSpec): ListQueryResult {
  const raw = ListQueryString.safeParse(query ?? {});
  if (!raw.success) {
    return {
      success: false,
      issues: raw.error.issues.map((i) => ({
        field: i.path.map(String).join('.'),
        message: i.message,
      })),
    };
  }
  const issues: ListQueryIssue[] = [];
  const { take, skip, include, filter, sort, select } = raw.data;
  const data: ListQuery = {
    take: take ?? DEFAULT_TAKE,
    skip: skip ?? 0,
    include: include === 'true',
    filters: filter ? parseFilters(filter, spec, issues) : [],
    sort: sort ? parseSort(sort, spec, issues) : [],
    select: select ? parseSelect(select, spec, issues) : [],
  };
  if (data.sort.length === 0) data.sort = spec.defaultSort.map(([f, d]) => [f, d]);
  return issues.length > 0 ? { success: false, issues } : { success: true, data };
}
