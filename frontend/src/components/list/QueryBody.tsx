import type { JSX, ReactNode } from 'react';
import { Button, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { PageFrame } from '../layout/PageFrame.js';
import { problemOf } from '../../lib/errors/serverErrors.js';

/** What a read of the API gives a page (an RTK Query result, or several as one: bothQueries). */
export interface QueryResult<Data> {
  data?: Data | undefined;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

/** What a 404 answer means on a page ("No academic period to plan"), rather than a failure. */
export interface NotFoundState {
  icon: IconName;
  title: string;
}

/** What an answer with nothing to show says instead ("No academic period is active"). */
export interface EmptyState {
  icon?: IconName;
  title: string;
  description?: string | undefined;
  action?: JSX.Element | null;
}

/** Nothing to show, and why: an empty list, an answer without a period. */
export function Empty({ icon = 'th-list', title, description, action }: EmptyState) {
  return (
    <NonIdealState
      icon={icon}
      title={title}
      description={description}
      action={action ?? undefined}
    />
  );
}

/**
 * A read that failed: "… could not be loaded", the server's reason and Try again; a 404 the page
 * explains (`notFound`) shows its own icon and title instead.
 */
export function LoadError({
  what,
  error,
  onRetry,
  notFound,
}: {
  /** The read's name in "… could not be loaded". */
  what: string;
  error: unknown;
  onRetry: () => unknown;
  notFound?: NotFoundState | undefined;
}) {
  const problem = problemOf(error as Parameters<typeof problemOf>[0]);
  const missing = notFound !== undefined && problem.status === 404;
  return (
    <NonIdealState
      icon={missing ? notFound.icon : 'error'}
      title={missing ? notFound.title : `${what} could not be loaded`}
      description={problem.message}
      action={<Button icon="refresh" text="Try again" onClick={() => void onRetry()} />}
    />
  );
}

/**
 * A spinner named for what it waits for ("Loading the workload"); `size` SpinnerSize.SMALL beside
 * a heading ("Refreshing").
 */
export function Loading({ label, size }: { label: string; size?: number }) {
  return <Spinner aria-label={label} {...(size === undefined ? {} : { size })} />;
}

export interface QueryBodyProps<Data> {
  /** The read's name in "… could not be loaded" ("The workload"). */
  what: string;
  query: QueryResult<Data>;
  /** The read waits for something (the viewer's abilities) before it is sent. */
  waiting?: boolean;
  /** The spinner's name while it loads ("Loading the workload"). */
  loadingLabel: string;
  notFound?: NotFoundState;
  /**
   * An answer with nothing to show (the dashboard without an active period): what to say instead
   * of the content; null when there is something to show.
   */
  empty?: (data: Data) => EmptyState | null;
  /**
   * The answer draws the whole page, its title and actions too (its own PageFrame): until it is
   * in, the spinner or the error fills the route's page frame.
   */
  page?: boolean;
  /** What the page shows of the answer: its summary, its lists (ListBody), its tabs. */
  children: (data: Data) => ReactNode;
}

/**
 * One answer a page is drawn from, in each of its states: a spinner while it loads, the error with
 * Try again (or what a 404 means, `notFound`), what an answer with nothing to show means
 * (`empty`), then the page's content. A list of rows is a ListBody (ListPage.tsx), which adds the
 * empty state, the no-matches state and the pager.
 */
export function QueryBody<Data>({
  what,
  query,
  waiting = false,
  loadingLabel,
  notFound,
  empty,
  page = false,
  children,
}: QueryBodyProps<Data>) {
  const frame = (state: ReactNode) => (page ? <PageFrame>{state}</PageFrame> : state);
  if (query.error || (query.data === undefined && !query.isLoading && !waiting))
    return frame(
      <LoadError what={what} error={query.error} onRetry={query.refetch} notFound={notFound} />,
    );
  if (query.data === undefined) return frame(<Loading label={loadingLabel} />);
  const nothing = empty?.(query.data);
  if (nothing) return frame(<Empty {...nothing} />);
  return <>{children(query.data)}</>;
}

/**
 * Two reads a page needs together, as one: loading while either loads, the first error, both
 * answers once both are in, and Try again asks both.
 */
export function bothQueries<A, B>(
  a: QueryResult<A>,
  b: QueryResult<B>,
): QueryResult<readonly [A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: a.error ?? b.error,
    isLoading: a.isLoading || b.isLoading,
    refetch: () => {
      void a.refetch();
      void b.refetch();
    },
  };
}
