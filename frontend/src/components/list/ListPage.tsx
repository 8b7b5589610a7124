import type { ReactNode } from 'react';
import { NonIdealState, Section, SectionCard } from '@blueprintjs/core';
import { PageFrame } from '../layout/PageFrame.js';
import { Pager, type PagerState } from './DataTable.js';
import {
  Empty,
  LoadError,
  Loading,
  type EmptyState,
  type NotFoundState,
  type QueryResult,
} from './QueryBody.js';

export interface ListPageProps {
  /** Defaults to the route's title (its menu label). */
  title?: string;
  description?: string;
  /** Buttons on the right of the header (New …). */
  actions?: ReactNode;
  /** The filter bar's controls; none, no bar. */
  filters?: ReactNode;
  /** Inside another page: a titled section instead of the page frame. */
  embedded?: boolean;
  /** The list (a ListBody) and what opens from it: dialogs, drawers, confirmations. */
  children: ReactNode;
}

/** A list page's frame: its header with actions, the filter bar, then the list and its dialogs. */
export function ListPage({
  title,
  description,
  actions,
  filters,
  embedded = false,
  children,
}: ListPageProps) {
  const content = (
    <>
      {filters && <FilterBar>{filters}</FilterBar>}
      {children}
    </>
  );
  if (!embedded)
    return (
      <PageFrame title={title} description={description} actions={actions}>
        {content}
      </PageFrame>
    );
  // A region named by its title, so several embedded lists on one page can be told apart.
  return (
    <section aria-label={title ?? ''}>
      <Section
        className="allot-detail-section"
        title={title ?? ''}
        subtitle={description}
        rightElement={<div className="allot-section-actions">{actions}</div>}
      >
        <SectionCard>{content}</SectionCard>
      </Section>
    </section>
  );
}

/** The row of filters above a list, one search landmark for assistive technology. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div className="allot-filter-bar" role="search" aria-label="Filters">
      {children}
    </div>
  );
}

/** What a list query of the read API gives a page (an RTK Query result). */
export interface ListQueryResult<Row> extends QueryResult<{
  /** A page of rows and how many match (a paged list), or every row (a short list). */
  rows: readonly Row[];
  count?: number;
}> {
  isFetching: boolean;
}

/**
 * Rows that came inside another answer (a workload's sections), already loaded: the page showed
 * that answer's loading and error (QueryBody), the list shows its empty state and table.
 */
export function loadedRows<Row>(rows: readonly Row[]): ListQueryResult<Row> {
  return { data: { rows }, isLoading: false, isFetching: false, refetch: () => undefined };
}

export interface ListBodyProps<Row> {
  /** The list's name in "… could not be loaded". */
  what: string;
  query: ListQueryResult<Row>;
  /** What a 404 answer means here ("No academic period to plan") instead of a failure. */
  notFound?: NotFoundState;
  /** The query waits for something (the working period) before it is sent. */
  waiting?: boolean;
  /** A narrowing filter is set: an empty answer is "no matches", not "nothing yet". */
  filtering: boolean;
  /** What an empty list says when nothing narrows it. */
  empty: EmptyState;
  /** "No … matches the filters." */
  noMatches?: string;
  /** A paged list's page; a short list (every row at once) has none. */
  pager?: PagerState;
  onPager?: (change: Partial<PagerState>) => void;
  /** A short list shows a spinner so named while it loads, instead of an empty table. */
  loadingLabel?: string;
  /** The table of the page's rows. */
  children: (rows: readonly Row[], loading: boolean) => ReactNode;
}

/**
 * The list itself in each of its states: the error with Try again, the first-use empty state, or
 * the table with "No matches" when filters leave nothing, and the pager of a paged list.
 */
export function ListBody<Row>({
  what,
  query,
  notFound,
  waiting = false,
  filtering,
  empty,
  noMatches = 'Nothing matches the filters.',
  pager,
  onPager,
  loadingLabel,
  children,
}: ListBodyProps<Row>) {
  const count = query.data?.count ?? query.data?.rows.length ?? 0;
  const settled = !query.isLoading && !waiting;
  if (query.error)
    return (
      <LoadError what={what} error={query.error} onRetry={query.refetch} notFound={notFound} />
    );
  if (loadingLabel && !query.data && (query.isLoading || waiting))
    return <Loading label={loadingLabel} />;
  if (settled && count === 0 && !filtering) return <Empty {...empty} />;
  return (
    <div className="allot-list-block">
      {children(query.data?.rows ?? [], query.isLoading || waiting)}
      {!query.isLoading && count === 0 && (
        <NonIdealState icon="filter-remove" title="No matches" description={noMatches} />
      )}
      {pager && onPager && (
        <Pager count={count} state={pager} fetching={query.isFetching} onChange={onPager} />
      )}
    </div>
  );
}
