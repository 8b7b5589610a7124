import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { TOAST_MAX, TOAST_TIMEOUT_MS } from '../constants.js';

/** The class on the toaster's container; toasts.css sets the enter/exit durations on it. */
export const TOASTER_CLASS = 'allot-toaster';

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
  toaster ??= OverlayToaster.create({
    position: Position.BOTTOM_LEFT,
    maxToasts: TOAST_MAX,
    className: TOASTER_CLASS,
  });
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
