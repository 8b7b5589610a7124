import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { DashboardIcon, LogInIcon } from '@blueprintjs/icons';
import { useAbility } from '../ability/useAbility.js';
import { PageFrame } from './PageFrame.js';

/** Spec §2: `/` is always allowed, so an anonymous visitor lands here and is invited to sign in. */
export default function DashboardPage() {
  const { signedIn } = useAbility();
  return (
    <PageFrame>
      {signedIn ? (
        <NonIdealState
          icon={<DashboardIcon size={48} />}
          title="Your dashboard is on its way"
          description="Summaries of your courses, sections and approvals will appear here in an upcoming release."
        />
      ) : (
        <NonIdealState
          icon={<LogInIcon size={48} />}
          title="Sign in to see your dashboard"
          description="Your teaching plans and approvals appear here once you are signed in."
          action={
            <AnchorButton href="/login" icon={<LogInIcon />} intent="primary" text="Log In" />
          }
        />
      )}
    </PageFrame>
  );
}
