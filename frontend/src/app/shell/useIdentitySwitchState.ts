import { useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { sessionApi } from '../../lib/api/sessionApi.js';
import type { AppDispatch } from '../../lib/api/store.js';
import type { IdentitySwitch } from './identitySwitch.js';

/** The shell's side of IdentitySwitchContext. */
export function useIdentitySwitchState(): IdentitySwitch {
  const [switching, setSwitching] = useState(false);
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const switchIdentity = useCallback(
    async (change: () => Promise<unknown>) => {
      // Render now, so the old identity's queries unsubscribe before the caches are refreshed.
      flushSync(() => setSwitching(true));
      try {
        await change();
        await dispatch(
          sessionApi.endpoints.getAuth.initiate(undefined, {
            forceRefetch: true,
            subscribe: false,
          }),
        );
        await navigate('/');
      } finally {
        setSwitching(false);
      }
    },
    [dispatch, navigate],
  );
  return useMemo(() => ({ switching, switchIdentity }), [switching, switchIdentity]);
}
