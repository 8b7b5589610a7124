import { createContext, useContext } from 'react';

/**
 * Starting or ending a masquerade changes who the viewer is, and every cached answer is
 * refreshed. Data that only the old identity may read (the period list, the user picker) must
 * not be asked for again as the new one, so the shell shows a spinner in their place from the
 * moment the switch starts until the new auth context has arrived.
 */
export interface IdentitySwitch {
  switching: boolean;
  /** Runs `change` (the masquerade call), waits for the new session, then goes to `/`. */
  switchIdentity: (change: () => Promise<unknown>) => Promise<void>;
}

export const IdentitySwitchContext = createContext<IdentitySwitch>({
  switching: false,
  switchIdentity: async (change) => {
    await change();
  },
});

export function useIdentitySwitch(): IdentitySwitch {
  return useContext(IdentitySwitchContext);
}
