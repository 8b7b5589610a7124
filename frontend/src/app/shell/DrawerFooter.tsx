import { UserIcon } from '@blueprintjs/icons';
import { VersionBadges } from '../versions/VersionBadges.js';
import { useViewer } from '../../lib/auth/useViewer.js';
import { WorkingPeriodControl } from './WorkingPeriodControl.js';
import { useIdentitySwitch } from './identitySwitch.js';

/** Spec §2: the signed-in user's name, the working period control and the version badges. */
export function DrawerFooter() {
  const viewer = useViewer();
  const { switching } = useIdentitySwitch();
  return (
    <div className="allot-drawer__footer">
      {viewer.signedIn && (
        <>
          <div className="allot-drawer__user">
            <UserIcon aria-hidden />
            <span className="allot-drawer__user-name" data-testid="drawer-user-name">
              {viewer.displayName}
            </span>
          </div>
          {!switching && <WorkingPeriodControl />}
        </>
      )}
      <div className="allot-drawer__badges">
        <VersionBadges />
      </div>
    </div>
  );
}
