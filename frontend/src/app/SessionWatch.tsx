import { useEffect, useRef } from 'react';
import { allotBaseQuery } from '../lib/api/allotApi.js';
import { useSession } from './polling.js';

/**
 * Keeps the session polled every 60 s (spec §7) for the whole page, and drops the CSRF token when
 * the signed-in user changes, so the next write asks for the new session's token.
 */
export function SessionWatch() {
  const { data: auth } = useSession();
  const user = auth?.authenticatedUserId ?? null;
  const previous = useRef(user);
  useEffect(() => {
    if (previous.current !== user) allotBaseQuery.forgetCsrfToken();
    previous.current = user;
  }, [user]);
  return null;
}
