import { Tooltip, type TooltipProps } from '@blueprintjs/core';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_TOUCH_DELAY_MS } from '../lib/constants.js';

/** Spec §9: tooltips open after 100 ms, 700 ms on touch screens (a tap is not a hover). */
export function tooltipDelayFor(touch: boolean): number {
  return touch ? TOOLTIP_TOUCH_DELAY_MS : TOOLTIP_DELAY_MS;
}

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(hover: none) and (pointer: coarse)').matches
    : false;
}

const TooltipDelay = createContext(TOOLTIP_DELAY_MS);

export function TooltipDelayProvider({
  touch,
  children,
}: {
  /** Defaults to what the screen says. */
  touch?: boolean;
  children: ReactNode;
}) {
  const [detected] = useState(isTouchScreen);
  return (
    <TooltipDelay.Provider value={tooltipDelayFor(touch ?? detected)}>
      {children}
    </TooltipDelay.Provider>
  );
}

/** Blueprint's Tooltip with the product's open delay; use it for every tooltip. */
export function AppTooltip(props: TooltipProps) {
  const delay = useContext(TooltipDelay);
  return <Tooltip hoverOpenDelay={delay} {...props} />;
}

export function useTooltipDelay(): number {
  return useContext(TooltipDelay);
}
