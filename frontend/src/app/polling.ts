import { POLLING_INTERVAL_MS } from '../lib/constants.js';
import { useGetAuthQuery, useGetStatusQuery } from '../lib/api/sessionApi.js';

const polled = { pollingInterval: POLLING_INTERVAL_MS } as const;

/** GET status (version, mode, flags), polled every 60 s (spec §7, §9). */
export function useStatus() {
  return useGetStatusQuery(undefined, polled);
}

/** GET auth (the session), polled every 60 s (spec §7, §9). */
export function useSession() {
  return useGetAuthQuery(undefined, polled);
}
