/**
 * Spec §9, every business constant in one place (tested in constants.test.ts). Other modules
 * import these; none repeats a literal.
 */

// Branding and locale.
export const DEFAULT_PRIMARY_COLOR = '#0736a4';
export const DEFAULT_THEME = 'dark' as const;
export const DATE_LOCALE = 'en-us';

// Layout.
export const DRAWER_WIDTH_PX = 240;
export const HEADER_LOGO_WIDTH_PX = 170;
export const HEADER_LOGO_MAX_HEIGHT_PX = 64;
export const SIDEBAR_TRANSITION_MS = 300;

// Timings of the shell.
export const SUPPORT_BUTTON_DISABLED_MS = 5000;
/** Both the session (GET auth) and the status (GET status) are polled at this interval. */
export const POLLING_INTERVAL_MS = 60000;
export const UPDATE_RELOAD_SECONDS = 30;
export const THEME_LOAD_TIMEOUT_MS = 15000;

/**
 * The client's version (spec: 2025.4.0). Injected at build time from the root package.json, the
 * one the server reads too (projection-service/src/readModels/auth/appVersion.ts), so they cannot drift; the
 * fallback only serves tests that run without vite.
 */
export const CLIENT_VERSION: string =
  typeof __ALLOT_VERSION__ === 'string' ? __ALLOT_VERSION__ : '2025.4.0';

// Toasts (decision: at most 3 everywhere; docs/decisions.md).
export const TOAST_MAX = 3;
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_POSITION = 'bottom-left' as const;
export const TOAST_ENTER_MS = 225;
export const TOAST_EXIT_MS = 195;

// Tooltips.
export const TOOLTIP_DELAY_MS = 100;
export const TOOLTIP_TOUCH_DELAY_MS = 700;

// Data layer.
export const CACHE_KEEP_UNUSED_SECONDS = 60;
/**
 * Not in the spec: a request that has not answered after this long is reported as TIMEOUT_ERROR
 * (spec §8). Long enough for the server's 2 s read-your-writes wait and a slow report.
 */
export const REQUEST_TIMEOUT_MS = 30000;

// Realtime (socket.io).
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;
export const SOCKET_TIMEOUT_MS = 20000;

// Report grids.
export const REPORT_GRID_COLUMN_WIDTH = 100;
export const REPORT_GRID_COLUMN_MIN_WIDTH = 160;
