import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Callout,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { CHANGE_KINDS, CHANGES_SINCE_MY_APPROVAL } from '@allot/shared-events/browser';
import { FilterSelect, PeriodWorkgroupFilters } from '../../components/list/FilterSelect.js';
import { ListPage } from '../../components/list/ListPage.js';
import { LoadError } from '../../components/list/QueryBody.js';
import { useServerList } from '../../components/list/useServerList.js';
import { useReferenceOptionsQuery } from '../../lib/api/resourceApi.js';
import { useTeachingChoices } from '../../lib/hooks/useTeachingChoices.js';
import { ChangeList } from '../../components/changes/ChangeList.js';
import { ComparePanel } from './ComparePanel.js';
import {
  useCountNewChangesQuery,
  useListChangesQuery,
  type ChangeFilters,
} from '../../components/changes/changesApi.js';
import '../../components/changes/changes.css';
import { whenOf } from '../../lib/resources/historyFormat.js';

const KIND_OPTIONS = Object.entries(CHANGE_KINDS).map(([value, label]) => ({ value, label }));
const PAGE = 50;

/** A date (from the date box) as the instant its day starts, or ends, in the browser's zone. */
const dayStart = (day: string | null) => (day ? new Date(`${day}T00:00:00`).toISOString() : '');
const dayEnd = (day: string | null) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : '');

/**
 * One page of the feed, older than `before` (the first: the newest). Each loads on its own, so
 * "Show older changes" adds a page below without reloading those above.
 */
function FeedPage({
  filters,
  before,
  onNext,
  onFirst,
}: {
  filters: ChangeFilters;
  before: string | undefined;
  onNext: (cursor: string | null) => void;
  onFirst?: (cursor: string | null) => void;
}) {
  const query = useListChangesQuery({ ...filters, take: PAGE, ...(before ? { before } : {}) });
  const next = query.data?.next ?? null;
  const first = query.data?.rows[0]?.cursor ?? null;
  useEffect(() => onNext(next), [next, onNext]);
  useEffect(() => onFirst?.(first), [first, onFirst]);
  if (query.error)
    return <LoadError what="The changes" error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <Spinner size={24} aria-label="Loading changes" />;
  if (query.data.rows.length === 0) {
    return before ? null : (
      <NonIdealState
        icon="history"
        title="No changes"
        description="Nothing you may see has changed with these filters."
      />
    );
  }
  return <ChangeList rows={query.data.rows} label="Changes, newest first" />;
}

/**
 * The change feed (`/changes`): what changed in the plan, by whom and when, newest first, for
 * the records the viewer may read; filters in the address, a bar announcing new changes as they
 * happen (the list itself never jumps), and older changes page by page.
 */
export default function ChangesPage() {
  const choices = useTeachingChoices();
  const list = useServerList({
    filters: {
      period: 'period',
      workgroup: 'workgroup',
      kind: 'kind',
      actor: 'actor',
      from: 'from',
      to: 'to',
      since: 'since',
      q: 'q',
      view: 'view',
    },
    typed: ['q'],
    scope: ['period'],
  });
  const readsUsers = choices.ability?.can('read', 'User') ?? false;
  const people = useReferenceOptionsQuery(
    readsUsers ? { path: 'users', labelField: 'displayName', activeOnly: false } : skipToken,
  );
  const period = list.filters.period ?? choices.workingPeriodId ?? '';
  const waiting = list.filters.period === null && !choices.workingPeriodLoaded;
  const sinceApproval =
    list.filters.since === CHANGES_SINCE_MY_APPROVAL && !!list.filters.workgroup;
  const filters = useMemo<ChangeFilters>(
    () => ({
      AcademicPeriodId: period || undefined,
      WorkgroupId: list.filters.workgroup ?? undefined,
      kind: list.filters.kind ?? undefined,
      actorId: list.filters.actor ?? undefined,
      from: dayStart(list.filters.from) || undefined,
      to: dayEnd(list.filters.to) || undefined,
      since: sinceApproval ? CHANGES_SINCE_MY_APPROVAL : undefined,
      q: list.filters.q ?? undefined,
    }),
    [period, list.filters, sinceApproval],
  );
  const comparing = list.filters.view === 'compare';
  const filterKey = JSON.stringify(filters);
  // The cursors of the pages shown: the first (undefined) and each older one asked for.
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const [next, setNext] = useState<string | null>(null);
  const [top, setTop] = useState<string | null>(null);
  // The newest row shown: the count of new changes is taken after it.
  const onFirst = useCallback((cursor: string | null) => setTop(cursor), []);
  useEffect(() => setPages([undefined]), [filterKey]);
  const first = useListChangesQuery(waiting || comparing ? skipToken : { ...filters, take: PAGE });
  const fresh = useCountNewChangesQuery(
    // After the newest row shown; when none is, every change the filters match is new.
    !waiting && !comparing && first.data
      ? { ...filters, ...(top ? { after: top } : {}) }
      : skipToken,
  );
  const newCount = fresh.data?.count ?? 0;

  const feedView = (
    <>
      {sinceApproval && first.data && (
        <Callout intent={first.data.since ? Intent.PRIMARY : Intent.WARNING} compact>
          {first.data.since
            ? `Changes since your last approval of this workgroup, on ${whenOf(first.data.since.at)}.`
            : 'You have not approved this workgroup yet: every change is shown.'}
        </Callout>
      )}
      {newCount > 0 && (
        <div className="allot-change-news" role="status">
          <Button
            intent={Intent.PRIMARY}
            icon="arrow-up"
            onClick={() => {
              setPages([undefined]);
              void first.refetch();
            }}
          >
            {newCount === 1
              ? '1 new change'
              : `${newCount >= 1000 ? '1,000+' : String(newCount)} new changes`}
            {' — show'}
          </Button>
        </div>
      )}
      {waiting ? (
        <Spinner size={24} aria-label="Loading changes" />
      ) : (
        <div key={filterKey}>
          {pages.map((before, i) => (
            <FeedPage
              key={before ?? 'newest'}
              filters={filters}
              before={before}
              onNext={i === pages.length - 1 ? setNext : noop}
              {...(i === 0
                ? {
                    onFirst,
                  }
                : {})}
            />
          ))}
          {next && (
            <Button
              className="allot-change-older"
              icon="arrow-down"
              onClick={() => setPages((shown) => [...shown, next])}
            >
              Show older changes
            </Button>
          )}
        </div>
      )}
    </>
  );
  return (
    <ListPage
      filters={
        <>
          <PeriodWorkgroupFilters
            choices={choices}
            period={period}
            workgroup={list.filters.workgroup ?? ''}
            onChange={(patch) => {
              const change: Record<string, string | null> = {};
              if (patch.period !== undefined) change.period = patch.period || null;
              if (patch.workgroup !== undefined) {
                change.workgroup = patch.workgroup || null;
                if (!patch.workgroup) change.since = null;
              }
              list.setFilters(change);
            }}
          />
          <FilterSelect
            label="Kind of record"
            anyLabel="Every kind of record"
            value={list.filters.kind ?? ''}
            options={KIND_OPTIONS}
            onChange={(value) => list.setFilters({ kind: value || null })}
          />
          {readsUsers && (
            <FilterSelect
              label="Changed by"
              anyLabel="Changed by anyone"
              value={list.filters.actor ?? ''}
              options={people.data ?? []}
              onChange={(value) => list.setFilters({ actor: value || null })}
            />
          )}
          <label className="allot-change-date">
            From
            <InputGroup
              type="date"
              aria-label="Changed from"
              value={list.filters.from ?? ''}
              onChange={(e) => list.setFilters({ from: e.currentTarget.value || null })}
            />
          </label>
          <label className="allot-change-date">
            to
            <InputGroup
              type="date"
              aria-label="Changed until"
              value={list.filters.to ?? ''}
              onChange={(e) => list.setFilters({ to: e.currentTarget.value || null })}
            />
          </label>
          <Switch
            label="Since my last approval"
            checked={sinceApproval}
            disabled={!list.filters.workgroup}
            title={list.filters.workgroup ? undefined : 'Choose a workgroup first'}
            onChange={(e) =>
              list.setFilters({
                since: e.currentTarget.checked ? CHANGES_SINCE_MY_APPROVAL : null,
              })
            }
          />
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label="Search by record name"
            placeholder="Search by record name"
            value={list.text('q')}
            onChange={(e) => list.setText('q', e.currentTarget.value)}
          />
        </>
      }
    >
      {/* Each tab owns its panel, so the tab's aria-controls names an element that exists. */}
      <Tabs
        id="changes-view"
        selectedTabId={comparing ? 'compare' : 'feed'}
        onChange={(id) => list.setFilters({ view: id === 'compare' ? 'compare' : null })}
        renderActiveTabPanelOnly
      >
        <Tab id="feed" title="Changes" panel={feedView} />
        <Tab
          id="compare"
          title="Compare two instants"
          panel={<ComparePanel period={period} workgroup={list.filters.workgroup ?? ''} />}
        />
      </Tabs>
    </ListPage>
  );
}

const noop = () => undefined;
