import { NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { Link, useLocation } from 'react-router';
import { PageFrame } from './PageFrame.js';

export const NOT_FOUND_TITLE = 'Page not found';

/** Spec §2: any path that is not a route of the product. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageFrame title={NOT_FOUND_TITLE} description="">
      <NonIdealState
        icon={<SearchIcon size={48} />}
        title="There is no page at this address"
        description={
          <>
            <code className="allot-not-found__path">{pathname}</code> does not exist. Check the
            address or choose a page from the menu.
          </>
        }
        action={<Link to="/">Go to the dashboard</Link>}
      />
    </PageFrame>
  );
}
