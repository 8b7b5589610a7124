import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useSession } from '../app/polling.js';
import { connectRealtime } from './connectRealtime.js';

export interface RealtimeConnectionProps {
  /** Spec §4: where a period change sends the page (the router's navigate to '/'). */
  goHome: () => void;
}

/**
 * Keeps one socket open while someone is signed in; a new working user (masquerade) reconnects,
 * so the server puts the socket in that user's rooms.
 */
export function RealtimeConnection({ goHome }: RealtimeConnectionProps) {
  const { data: auth } = useSession();
  const dispatch = useDispatch();
  const me = auth?.authenticatedUserId ? auth.workingUserId : null;
  const goHomeRef = useRef(goHome);
  useEffect(() => {
    goHomeRef.current = goHome;
  }, [goHome]);

  useEffect(() => {
    if (!me) return undefined;
    const socket = connectRealtime({ dispatch, me: () => me, goHome: () => goHomeRef.current() });
    return () => {
      socket.disconnect();
    };
  }, [me, dispatch]);
  return null;
}
