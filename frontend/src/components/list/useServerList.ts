import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { nextSort, PAGE_SIZES } from '../../lib/resources/listParams.js';
import type { PagerState, TableSort } from './DataTable.js';

const TYPING_PAUSE_MS = 300;
const SORT_PARAM = 'sort';
const PAGE_PARAM = 'page';
const SIZE_PARAM = 'size';
const DEFAULT_PAGE_SIZE = 25;

export interface ServerListSpec<K extends string> {
  /** Each filter and the address parameter it is kept in (a link may name it: ?coverage=…). */
  filters: Readonly<Record<K, string>>;
  /** Filters typed rather than picked: applied after a pause in typing, not on every key. */
  typed?: readonly NoInfer<K>[];
  /**
   * Filters that choose what the list is about (the period) rather than narrow it: a list empty
   * under them alone is "nothing yet", not "no matches".
   */
  scope?: readonly NoInfer<K>[];
  /**
   * Where the state lives: the address (the default, so a reload, a link or Back shows the same
   * list) or the component (a list embedded in another page, beside others of its kind).
   */
  inAddress?: boolean;
}

export interface ServerList<K extends string> {
  /** The applied filters; null when the list does not name one (the page's default applies). */
  filters: Readonly<Record<K, string | null>>;
  /** Change filters; the list goes back to its first page. */
  setFilters: (patch: Partial<Record<K, string | null>>) => void;
  /** What is in a typed filter's box now (applied after the pause). */
  text: (key: K) => string;
  setText: (key: K, value: string) => void;
  sort: TableSort | null;
  /** A header click: ascending, descending, then the list's default order; back to page one. */
  onSort: (field: string) => void;
  pager: PagerState;
  setPager: (change: Partial<PagerState>) => void;
  /** take, skip and sort as every list query of the read API takes them. */
  paging: { take: number; skip: number; sort?: string };
  /** Whether a narrowing filter is set (empty and "any" are not). */
  filtering: boolean;
}

type Params = Readonly<Record<string, string>>;

/** take, skip and sort of a list query of the read API, for a page and an order. */
export function pagingParams(
  sort: TableSort | null,
  pager: PagerState,
): { take: number; skip: number; sort?: string } {
  return {
    take: pager.pageSize,
    skip: pager.page * pager.pageSize,
    ...(sort ? { sort: JSON.stringify([[sort.field, sort.direction]]) } : {}),
  };
}

/** The state's home: the address's query string, or a component's own state. */
function useParamStore(inAddress: boolean): [Params, (next: Params) => void] {
  const [search, setSearch] = useSearchParams();
  const [local, setLocal] = useState<Params>({});
  const fromAddress = useMemo(() => Object.fromEntries(search.entries()), [search]);
  const write = useCallback(
    (next: Params) => {
      if (!inAddress) {
        setLocal(next);
        return;
      }
      // Replace, not push: Back leaves the page rather than undoing each filter click.
      setSearch(new URLSearchParams(next), { replace: true });
    },
    [inAddress, setSearch],
  );
  return [inAddress ? fromAddress : local, write];
}

function parseSort(raw: string | undefined): TableSort | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const direction = raw.slice(dot + 1).toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') return null;
  return { field: raw.slice(0, dot), direction };
}

function parsePager(params: Params): PagerState {
  const page = Number(params[PAGE_PARAM]);
  const size = Number(params[SIZE_PARAM]);
  return {
    // The address counts pages from 1, as the pager shows them.
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * A server-paged list's state: filters, sort and page kept in the address, typed filters applied
 * after a pause, every change of filter or sort back to the first page. Live refresh needs nothing
 * here: the realtime connection invalidates the cache tags the list's query provides, so the query
 * this state feeds reads again when another user changes a listed record.
 */
export function useServerList<K extends string>(spec: ServerListSpec<K>): ServerList<K> {
  const { filters: names, typed = [], scope = [], inAddress = true } = spec;
  const [params, write] = useParamStore(inAddress);
  const keys = Object.keys(names) as K[];
  // The latest params for handlers called twice before a render (a filter, then the pager).
  const latest = useRef(params);
  latest.current = params;

  const filters = useMemo(() => {
    const out = {} as Record<K, string | null>;
    for (const key of Object.keys(names) as K[]) out[key] = params[names[key]] ?? null;
    return out;
  }, [names, params]);

  const update = useCallback(
    (patch: Record<string, string | null>, resetPage: boolean) => {
      const next: Record<string, string> = { ...latest.current };
      for (const [param, value] of Object.entries(patch)) {
        if (value === null) delete next[param];
        else next[param] = value;
      }
      if (resetPage) delete next[PAGE_PARAM];
      latest.current = next;
      write(next);
    },
    [write],
  );

  const setFilters = useCallback(
    (patch: Partial<Record<K, string | null>>) => {
      const byParam: Record<string, string | null> = {};
      for (const key of Object.keys(patch) as K[]) {
        const value = patch[key];
        // '' is kept for scope filters ('' period = every period, unlike no period = the default).
        byParam[names[key]] =
          value === undefined || (value === '' && !scope.includes(key)) ? null : value;
      }
      update(byParam, true);
    },
    [names, scope, update],
  );

  // Typed filters: the box follows the keys at once; the list follows after the pause.
  const [texts, setTexts] = useState<Partial<Record<K, string>>>({});
  const written = useRef<Partial<Record<K, string>>>({});
  const typedKey = typed.join(',');
  useEffect(() => {
    // A pause still running when a link leads away must not end on the next page: its write
    // would replace that page's address (an offering's sections) with this list's search.
    const startedOn = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== startedOn) return;
      const patch: Partial<Record<K, string | null>> = {};
      for (const key of typed) {
        const value = texts[key];
        if (value === undefined) continue;
        const applied = (filters[key] ?? '').trim();
        if (value.trim() !== applied) patch[key] = value.trim() === '' ? null : value.trim();
        written.current[key] = value.trim();
      }
      if (Object.keys(patch).length > 0) setFilters(patch);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // The pause restarts only when what was typed changes.
  }, [texts, typedKey]);
  // Back, or a link to the same page with another search: the box shows what the list applies.
  useEffect(() => {
    for (const key of typed) {
      const applied = filters[key] ?? '';
      if (written.current[key] !== undefined && written.current[key] !== applied) {
        written.current[key] = applied;
        setTexts((t) => ({ ...t, [key]: applied }));
      }
    }
  }, [filters, typedKey]);
  const text = useCallback((key: K) => texts[key] ?? filters[key] ?? '', [texts, filters]);
  const setText = useCallback((key: K, value: string) => {
    setTexts((t) => ({ ...t, [key]: value }));
  }, []);

  const sort = parseSort(params[SORT_PARAM]);
  const sortParam = params[SORT_PARAM];
  const onSort = useCallback(
    (field: string) => {
      const next = nextSort(parseSort(latest.current[SORT_PARAM]), field);
      update({ [SORT_PARAM]: next ? `${next.field}.${next.direction.toLowerCase()}` : null }, true);
    },
    [update],
  );
  const pager = parsePager(params);
  const setPager = useCallback(
    (change: Partial<PagerState>) => {
      const current = parsePager(latest.current);
      const page = change.page ?? current.page;
      const size = change.pageSize ?? current.pageSize;
      update(
        {
          [PAGE_PARAM]: page > 0 ? String(page + 1) : null,
          [SIZE_PARAM]: size !== DEFAULT_PAGE_SIZE ? String(size) : null,
        },
        false,
      );
    },
    [update],
  );

  const filtering = keys.some((key) => {
    if (scope.includes(key)) return false;
    const value = (filters[key] ?? '').trim();
    return value !== '' && value !== 'any';
  });

  const paging = useMemo(
    () => pagingParams(parseSort(sortParam), { page: pager.page, pageSize: pager.pageSize }),
    [pager.page, pager.pageSize, sortParam],
  );

  return { filters, setFilters, text, setText, sort, onSort, pager, setPager, paging, filtering };
}
