import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { allotApi } from '../lib/api/allotApi.js';
import {
  sessionApi,
  useAcademicPeriod,
  type AcademicPeriod,
  type AuthContext,
  type StatusInfo,
} from '../lib/api/sessionApi.js';
import { AppTooltip, TooltipDelayProvider, tooltipDelayFor } from '../components/AppTooltip.js';
import { useSession, useStatus } from './polling.js';
import { createStore, type AppStore } from '../lib/api/store.js';

/** The polling intervals the store's subscriptions hold for one query, by cache key. */
function pollingIntervals(store: AppStore, queryCacheKey: string): number[] {
  const selectors = store.dispatch(
    allotApi.internalActions.internal_getRTKQSubscriptions(),
  ) as unknown as { getSubscriptions(): unknown };
  const all = selectors.getSubscriptions();
  const forKey: unknown =
    all instanceof Map ? all.get(queryCacheKey) : (all as Record<string, unknown>)[queryCacheKey];
  const options: unknown[] =
    forKey instanceof Map ? [...forKey.values()] : Object.values(forKey ?? {});
  return options.map((o) => (o as { pollingInterval?: number }).pollingInterval ?? 0);
}

describe('polling (spec §7, §9)', () => {
  it('keeps GET status and GET auth polled every 60 s', async () => {
    const store = createStore();
    await store.dispatch(
      sessionApi.util.upsertQueryData('getStatus', undefined, { version: '1.0.0' } as StatusInfo),
    );
    await store.dispatch(
      sessionApi.util.upsertQueryData('getAuth', undefined, {
        authenticatedUserId: null,
      } as AuthContext),
    );
    function Polled() {
      useStatus();
      useSession();
      return null;
    }
    const { unmount } = render(
      <Provider store={store}>
        <Polled />
      </Provider>,
    );
    expect(pollingIntervals(store, 'getStatus(undefined)')).toEqual([60000]);
    expect(pollingIntervals(store, 'getAuth(undefined)')).toEqual([60000]);
    unmount();
  });
});

describe('one academic period (spec §5)', () => {
  it('is not loaded without an id, and read from the cache with one', async () => {
    const store = createStore();
    const period = { id: 'p1', name: '2026-2027' } as AcademicPeriod;
    await store.dispatch(sessionApi.util.upsertQueryData('getAcademicPeriod', 'p1', period));
    function Period({ id }: { id: string | null }) {
      const { data, isUninitialized } = useAcademicPeriod(id);
      return <p>{isUninitialized ? 'skipped' : (data?.name ?? 'loading')}</p>;
    }
    const { rerender } = render(
      <Provider store={store}>
        <Period id={null} />
      </Provider>,
    );
    expect(screen.getByText('skipped')).toBeTruthy();
    expect(Object.keys(store.getState().allotApi.queries)).toEqual(['getAcademicPeriod("p1")']);
    rerender(
      <Provider store={store}>
        <Period id="p1" />
      </Provider>,
    );
    expect(screen.getByText('2026-2027')).toBeTruthy();
  });
});

describe('tooltips (spec §9)', () => {
  afterEach(() => jest.useRealTimers());

  it('wait 100 ms, or 700 ms on touch screens', () => {
    expect(tooltipDelayFor(false)).toBe(100);
    expect(tooltipDelayFor(true)).toBe(700);
  });

  it.each([
    [false, 100],
    [true, 700],
  ])('AppTooltip opens after the delay (touch %s: %i ms)', (touch, delay) => {
    jest.useFakeTimers();
    render(
      <TooltipDelayProvider touch={touch}>
        <AppTooltip content="Explains the button">
          <button type="button">Hover me</button>
        </AppTooltip>
      </TooltipDelayProvider>,
    );
    fireEvent.mouseEnter(screen.getByText('Hover me'));
    act(() => jest.advanceTimersByTime(delay - 1));
    expect(screen.queryByText('Explains the button')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Explains the button')).toBeTruthy();
  });
});
