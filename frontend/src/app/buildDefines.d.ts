/** Replaced by vite's `define` with the root package.json version (vite.config.ts). */
declare const __ALLOT_VERSION__: string | undefined;
