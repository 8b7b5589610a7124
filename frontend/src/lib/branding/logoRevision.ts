import { useSyncExternalStore } from 'react';

// The logo keeps one URL (/api/logo.png) while its image changes, and a browser does not reload
// an <img> whose src is unchanged. Each known upload (one's own, or `settingsChanged` for `logo`
// from the server) sets this revision to the upload's event position, which goes into the src as
// a cache-buster. Keyed by position, the echo of one's own upload changes nothing (a second src
// change would abort the image request under way).
let revision = '';
const listeners = new Set<() => void>();

/** Called after a new logo was uploaded; every mounted logo image reloads. */
export function logoChanged(position: string): void {
  if (position === revision) return;
  revision = position;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `/api/logo.png`, with a revision once the logo changed while this page was open. */
export function logoSrc(at: string): string {
  return at === '' ? '/api/logo.png' : `/api/logo.png?v=${encodeURIComponent(at)}`;
}

/** The logo's src right now (outside React). */
export function currentLogoSrc(): string {
  return logoSrc(revision);
}

export function useLogoSrc(): string {
  return logoSrc(
    useSyncExternalStore(
      subscribe,
      () => revision,
      () => revision,
    ),
  );
}
