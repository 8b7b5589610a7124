import { BlueprintProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { TooltipDelayProvider } from '../components/AppTooltip.js';

/**
 * Blueprint's context (overlays, portals, and the hotkeys dialog) and the product's tooltip delay,
 * around the whole page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BlueprintProvider>
      <TooltipDelayProvider>{children}</TooltipDelayProvider>
    </BlueprintProvider>
  );
}
