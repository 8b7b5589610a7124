import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { LogInIcon } from '@blueprintjs/icons';
import { useAbility } from '../../../lib/auth/useAbility.js';
import { DashboardBody } from '../components/DashboardBody.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';

/** Spec §2: `/` is always allowed, so an anonymous visitor lands here and is invited to sign in. */
export default function DashboardPage() {
  const { signedIn } = useAbility();
  return (
    <PageFrame>
      {signedIn ? (
        <DashboardBody />
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
