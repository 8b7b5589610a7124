import { Intent, OverlayToaster, type Toaster } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import {
  TOAST_ENTER_MS,
  TOAST_EXIT_MS,
  TOAST_MAX,
  TOAST_POSITION,
  TOAST_TIMEOUT_MS,
} from '../constants.js';

/** The class on the toaster's container; toasts.css sets the enter/exit durations on it. */
export const TOASTER_CLASS = 'allot-toaster';

/**
 * The custom properties toasts.css takes its transition durations from, set from the constants
 * on the element the toaster renders into, so the durations live in constants.ts only.
 */
export const TOAST_DURATION_PROPERTIES = {
  '--allot-toast-enter-duration': `${String(TOAST_ENTER_MS)}ms`,
  '--allot-toast-exit-duration': `${String(TOAST_EXIT_MS)}ms`,
} as const;

/** The element the toaster renders into: the end of <body>, carrying the durations. */
function toasterHost(): HTMLElement {
  const host = document.createElement('div');
  host.className = `${TOASTER_CLASS}-host`;
  for (const [property, value] of Object.entries(TOAST_DURATION_PROPERTIES))
    host.style.setProperty(property, value);
  document.body.appendChild(host);
  return host;
}

export interface Notification {
  message: ReactNode;
  intent?: Intent;
  /** Milliseconds; 0 keeps the toast until dismissed. Default TOAST_TIMEOUT_MS. */
  timeout?: number;
  /** Showing again with the same key replaces the toast instead of stacking another. */
  key?: string;
}

let toaster: Promise<Toaster> | null = null;

/** The one toaster of the page (spec §9: bottom-left, at most 3, created on first use). */
export function appToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create(
    { position: TOAST_POSITION, maxToasts: TOAST_MAX, className: TOASTER_CLASS },
    { container: toasterHost() },
  );
  return toaster;
}

/** Shows a toast; answers its key (for `dismiss`). */
export async function notify(notification: Notification): Promise<string> {
  const shown = await appToaster();
  return shown.show(
    {
      message: notification.message,
      intent: notification.intent ?? Intent.NONE,
      timeout: notification.timeout ?? TOAST_TIMEOUT_MS,
    },
    notification.key,
  );
}

export async function dismiss(key: string): Promise<void> {
  (await appToaster()).dismiss(key);
}
