import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { PRODUCT_NAME } from '../../lib/shellConstants.js';

/** What a route may put in its `handle` for the top bar: `{ handle: { title: 'Courses' } }`. */
export interface RouteTitleHandle {
  title?: string;
}

function titleOf(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle) {
    const { title } = handle as RouteTitleHandle;
    return typeof title === 'string' && title !== '' ? title : undefined;
  }
  return undefined;
}

/**
 * The deepest matched route's title (the product name when none has one), also the tab title;
 * `override` replaces it when the page shown is not the route's own (Unauthorized).
 */
export function usePageTitle(override?: string): string {
  const matches = useMatches();
  let title: string | undefined;
  for (const match of matches) title = titleOf(match.handle) ?? title;
  title = override ?? title;
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return title ?? PRODUCT_NAME;
}
