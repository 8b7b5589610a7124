import { createContext, useContext } from 'react';

/** What the router knows about the page it is showing: the menu label as title, a one-line purpose. */
export interface PageInfo {
  /** The route pattern, as in the route table (`/users/merge`, `/effort/timeline/position/:positionId`). */
  path: string;
  title: string;
  description: string;
}

export const PageInfoContext = createContext<PageInfo>({
  path: '',
  title: '',
  description: '',
});

/** The current page's title and description, for a page body (the top bar reads the route handle). */
export function usePageInfo(): PageInfo {
  return useContext(PageInfoContext);
}
