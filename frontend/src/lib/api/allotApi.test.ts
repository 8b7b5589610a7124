/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import { createStore, type AppStore } from './store.js';
import { CACHE_KEEP_UNUSED_SECONDS } from '../constants.js';
import { allotApi } from './allotApi.js';

// A query of the real slice that counts its runs instead of asking the server.
let runs = 0;
const probeApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    cacheProbe: build.query<number, void>({
      queryFn: () => {
        runs += 1;
        return { data: runs };
      },
    }),
  }),
});

let store: AppStore;
beforeEach(() => {
  runs = 0;
  jest.useFakeTimers();
  store = createStore();
});
afterEach(() => {
  jest.useRealTimers();
});

const cached = () =>
  Object.values(store.getState().allotApi.queries).some((q) => q?.endpointName === 'cacheProbe');

describe('the API slice’s cache (spec §7)', () => {
  it('keeps unused data 60 s and refetches on neither focus, reconnect nor mount', () => {
    expect(CACHE_KEEP_UNUSED_SECONDS).toBe(60);
    expect(store.getState().allotApi.config).toMatchObject({
      keepUnusedDataFor: 60,
      refetchOnFocus: false,
      refetchOnReconnect: false,
      refetchOnMountOrArgChange: false,
    });
  });

  it('answers a new subscriber from the cache, ignores focus and reconnect, and forgets after 60 s', async () => {
    const first = store.dispatch(probeApi.endpoints.cacheProbe.initiate());
    expect((await first).data).toBe(1);
    first.unsubscribe();

    // A component mounting again within the minute gets the cached answer: no second run.
    await jest.advanceTimersByTimeAsync(30_000);
    const second = store.dispatch(probeApi.endpoints.cacheProbe.initiate());
    expect((await second).data).toBe(1);

    // The window regaining focus or the network coming back refetches nothing.
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);

    // Unused, the answer stays for 60 s and is then dropped; the next subscriber runs it again.
    second.unsubscribe();
    await jest.advanceTimersByTimeAsync(59_000);
    expect(cached()).toBe(true);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(cached()).toBe(false);
    const third = store.dispatch(probeApi.endpoints.cacheProbe.initiate());
    expect((await third).data).toBe(2);
    third.unsubscribe();
  });
});
