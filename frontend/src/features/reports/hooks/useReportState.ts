import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { GridState, QueryableReportType } from '@allot/shared-events/browser';
import {
  GRID_PARAMS,
  VIEW_PARAMS,
  gridFromParams,
  gridToParams,
  hasGridParams,
  sameGrid,
} from '../reportGrid.js';

export interface ReportState {
  /** The grid shown: the address's when the user changed it, else the one the report opened with. */
  grid: GridState;
  /** The grid differs from the one the report opened with (a saved report has unsaved changes). */
  changed: boolean;
  page: number;
  /** The period the user picked; null: the report's own, else the working period. */
  period: string | null;
  /** The instant the user asked the plan as of (ISO); null: the plan now. */
  asOf: string | null;
  setGrid: (grid: GridState) => void;
  setPage: (page: number) => void;
  setPeriod: (id: string | null) => void;
  setAsOf: (at: string | null) => void;
  /** Back to the grid the report opened with. */
  reset: () => void;
}

const isGridParam = (name: string) =>
  name.startsWith('f.') || (Object.values(GRID_PARAMS) as string[]).includes(name);

/**
 * A report grid's state (docs/decisions.md 30): columns with their widths, filters, sorts,
 * grouping and page size, the page, the period and the as-of instant, kept in the address as
 * readable parameters (`columns=courseNumber,points:200&sort=-points&f.coverage=uncovered`), so
 * Back, a reload or a link show the same report. The address holds a grid only while it
 * differs from `base` (the saved report's or the type's default), so a saved report's link stays
 * short and "changed" is exactly "the address has a grid".
 */
export function useReportState(type: QueryableReportType, base: GridState): ReportState {
  const [params, setParams] = useSearchParams();
  // Replace, not push: Back leaves the report rather than undoing each click (decision 30).
  const write = useCallback(
    (next: URLSearchParams) => setParams(next, { replace: true }),
    [setParams],
  );
  // The latest params for handlers called twice before a render.
  const latest = useRef(params);
  latest.current = params;

  const grid = useMemo(() => gridFromParams(type, params, base), [type, params, base]);
  const changed = hasGridParams(params) && !sameGrid(type, grid, base);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      write(next);
    },
    [write],
  );

  const setGrid = useCallback(
    (next: GridState) =>
      update((out) => {
        for (const name of [...out.keys()]) if (isGridParam(name)) out.delete(name);
        out.delete(VIEW_PARAMS.page);
        if (sameGrid(type, next, base)) return;
        for (const [name, value] of gridToParams(type, next)) out.append(name, value);
      }),
    [update, type, base],
  );

  // A grid saved since (the report now opens with it): the address needs it no more.
  useEffect(() => {
    if (hasGridParams(params) && sameGrid(type, grid, base))
      update((out) => {
        for (const name of [...out.keys()]) if (isGridParam(name)) out.delete(name);
      });
  }, [params, grid, base, type, update]);

  const set = useCallback(
    (name: string, value: string | null, resetPage: boolean) =>
      update((out) => {
        if (value === null || value === '') out.delete(name);
        else out.set(name, value);
        if (resetPage) out.delete(VIEW_PARAMS.page);
      }),
    [update],
  );

  const pageParam = Number(params.get(VIEW_PARAMS.page));
  return {
    grid,
    changed,
    // The address counts pages from 1, as the pager shows them.
    page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0,
    period: params.get(VIEW_PARAMS.period) || null,
    asOf: params.get(VIEW_PARAMS.asOf) || null,
    setGrid,
    setPage: useCallback(
      (page: number) => set(VIEW_PARAMS.page, page > 0 ? String(page + 1) : null, false),
      [set],
    ),
    setPeriod: useCallback((id: string | null) => set(VIEW_PARAMS.period, id, true), [set]),
    setAsOf: useCallback((at: string | null) => set(VIEW_PARAMS.asOf, at, true), [set]),
    reset: useCallback(() => setGrid(base), [setGrid, base]),
  };
}
