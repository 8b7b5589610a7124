import type { ResolvedField } from './resourceUi.js';

export type SortDirection = 'ASC' | 'DESC';

/** What a list page asks the server for (docs/resources.md, list queries). */
export interface ListState {
  page: number;
  pageSize: number;
  sort: { field: string; direction: SortDirection } | null;
  /** Field → what the person typed or picked; '' and 'any' mean no filter. */
  filters: Record<string, string>;
}

export const PAGE_SIZES = [25, 50, 100] as const;

export function initialListState(): ListState {
  return { page: 0, pageSize: 25, sort: null, filters: {} };
}

/** The `filter` JSON: `contains` for text, equality for booleans and numbers, nothing when empty. */
export function filterJson(
  fields: readonly ResolvedField[],
  filters: Record<string, string>,
): string | undefined {
  const filter: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = filters[field.name]?.trim();
    if (!raw || raw === 'any' || !field.listType) continue;
    if (field.listType === 'boolean') filter[field.name] = raw === 'true';
    // A reference is picked from a list: its id must match exactly.
    else if (field.widget === 'reference' || field.widget === 'select') filter[field.name] = raw;
    else if (field.listType === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) filter[field.name] = n;
    } else if (field.listType === 'date') filter[field.name] = raw;
    else filter[field.name] = { op: 'contains', value: raw };
  }
  return Object.keys(filter).length > 0 ? JSON.stringify(filter) : undefined;
}

export interface ListParams {
  take: number;
  skip: number;
  filter?: string;
  sort?: string;
}

export function listParams(
  fields: readonly ResolvedField[],
  state: ListState,
  fixed: Readonly<Record<string, string | number | boolean>> = {},
): ListParams {
  const typed = filterJson(fields, state.filters);
  const merged = { ...(typed ? (JSON.parse(typed) as Record<string, unknown>) : {}), ...fixed };
  const filter = Object.keys(merged).length > 0 ? JSON.stringify(merged) : undefined;
  return {
    take: state.pageSize,
    skip: state.page * state.pageSize,
    ...(filter ? { filter } : {}),
    ...(state.sort ? { sort: JSON.stringify([[state.sort.field, state.sort.direction]]) } : {}),
  };
}

/** Clicking a header: ascending, then descending, then the kind's default order. */
export function nextSort(current: ListState['sort'], field: string): ListState['sort'] {
  if (!current || current.field !== field) return { field, direction: 'ASC' };
  if (current.direction === 'ASC') return { field, direction: 'DESC' };
  return null;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
