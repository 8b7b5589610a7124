import { NonIdealState } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/layout/PageFrame.js';

/** Spec §2: a signed-in user on a route they may not visit (kept small: shown by every gate). */
export function UnauthorizedPage() {
  return (
    <PageFrame title="Unauthorized" description="">
      <NonIdealState
        icon={<LockIcon size={48} />}
        title="You do not have access to this page"
        description="Your roles do not include this page. If you need it, ask your administrator."
        action={<Link to="/">Go to the dashboard</Link>}
      />
    </PageFrame>
  );
}
