import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Callout, Intent } from '@blueprintjs/core';
import { OfflineIcon } from '@blueprintjs/icons';
import { useSession } from '../polling.js';
import { allotApi, TAG_TYPES } from '../../lib/api/allotApi.js';
import { connectRealtime, watchConnection } from './connectRealtime.js';

export const CONNECTION_LOST_TEXT =
  'The connection to Allot was lost. Reconnecting… Changes made meanwhile appear once it is back.';

export interface RealtimeConnectionProps {
  /** Spec §4: where a period change sends the page (the router's navigate to '/'). */
  goHome: () => void;
}

/**
 * Keeps one socket open while someone is signed in; a new working user (masquerade) reconnects,
 * so the server puts the socket in that user's rooms. While the connection is lost a banner
 * says so; once it is back every open list and record is read again (events sent meanwhile were
 * missed).
 */
export function RealtimeConnection({ goHome }: RealtimeConnectionProps) {
  const { data: auth } = useSession();
  const dispatch = useDispatch();
  const me = auth?.authenticatedUserId ? auth.workingUserId : null;
  const goHomeRef = useRef(goHome);
  useEffect(() => {
    goHomeRef.current = goHome;
  }, [goHome]);

  const [lost, setLost] = useState(false);

  useEffect(() => {
    if (!me) return undefined;
    const socket = connectRealtime({ dispatch, me: () => me, goHome: () => goHomeRef.current() });
    const stopWatching = watchConnection(socket, {
      onLost: () => setLost(true),
      onBack: () => {
        setLost(false);
        dispatch(allotApi.util.invalidateTags([...TAG_TYPES]));
      },
    });
    return () => {
      stopWatching();
      socket.disconnect();
      setLost(false);
    };
  }, [me, dispatch]);

  if (!lost) return null;
  return (
    <div className="allot-connection-lost" role="status" aria-live="polite">
      <Callout intent={Intent.WARNING} icon={<OfflineIcon />} compact>
        {CONNECTION_LOST_TEXT}
      </Callout>
    </div>
  );
}
