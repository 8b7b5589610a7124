import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Alert,
  AnchorButton,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  PopoverNext,
  Tag,
  Intent,
} from '@blueprintjs/core';
import {
  CaretDownIcon,
  NotificationsIcon,
  EyeOpenIcon,
  LogInIcon,
  LogOutIcon,
  MobilePhoneIcon,
  PeopleIcon,
  UserIcon,
} from '@blueprintjs/icons';
import {
  useEndMasqueradeMutation,
  useSignOutEverywhereMutation,
} from '../../lib/api/sessionApi.js';
import { useViewer } from '../../lib/auth/useViewer.js';
import { MasqueradeDialog } from './MasqueradeDialog.js';
import {
  NotificationSettingsDialog,
  mayChooseNotifications,
} from '../../features/notifications/NotificationSettingsDialog.js';
import { useIdentitySwitch } from './identitySwitch.js';

/**
 * Spec §2: opens and closes on click and closes on a click elsewhere (Blueprint's click
 * popover). Logout, or End Masquerade while masquerading; Log In when nobody is signed in.
 */
export function AccountMenu() {
  const viewer = useViewer();
  const location = useLocation();
  const navigate = useNavigate();
  const [endMasquerade, ending] = useEndMasqueradeMutation();
  const { switchIdentity } = useIdentitySwitch();
  const [endFailed, setEndFailed] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [everywhereAsked, setEverywhereAsked] = useState(false);
  const [signOutEverywhere, signingOut] = useSignOutEverywhereMutation();
  const [everywhereFailed, setEverywhereFailed] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  if (viewer.loading) return null;
  if (!viewer.signedIn) {
    const origin = `${location.pathname}${location.search}${location.hash}`;
    return (
      <AnchorButton
        className="allot-primary-button"
        intent={Intent.PRIMARY}
        icon={<LogInIcon />}
        text="Log In"
        href={`/login?origin=${encodeURIComponent(origin)}`}
        onClick={(event) => {
          event.preventDefault();
          void navigate(`/login?origin=${encodeURIComponent(origin)}`);
        }}
      />
    );
  }

  const mayMasquerade =
    !viewer.masquerading && (viewer.ability?.can('create', 'Masquerade') ?? false);
  const menu = (
    <Menu aria-label="Account">
      <MenuDivider
        title={viewer.masquerading ? `Working as ${viewer.displayName}` : viewer.displayName}
      />
      {mayChooseNotifications(viewer.ability) && (
        <MenuItem
          icon={<NotificationsIcon />}
          text="Notification settings…"
          onClick={() => setSettingsOpen(true)}
        />
      )}
      {mayMasquerade && (
        <MenuItem icon={<PeopleIcon />} text="Masquerade as…" onClick={() => setPickerOpen(true)} />
      )}
      {endFailed && (
        <MenuItem
          disabled
          intent={Intent.DANGER}
          text="The masquerade could not end. Please try again."
        />
      )}
      {viewer.masquerading ? (
        <MenuItem
          icon={<LogOutIcon />}
          text="End Masquerade"
          disabled={ending.isLoading}
          onClick={() => {
            setEndFailed(false);
            switchIdentity(() => endMasquerade().unwrap()).catch(() => setEndFailed(true));
          }}
        />
      ) : (
        <>
          <MenuItem
            icon={<MobilePhoneIcon />}
            text="Sign out everywhere…"
            onClick={() => {
              setEverywhereFailed(false);
              setEverywhereAsked(true);
            }}
          />
          <MenuItem icon={<LogOutIcon />} text="Logout" href="/api/auth/logout" />
        </>
      )}
    </Menu>
  );
  return (
    <>
      {viewer.masquerading && (
        <Tag
          intent={Intent.WARNING}
          icon={<EyeOpenIcon />}
          className="allot-topbar__masquerade"
          round
        >
          Masquerading
        </Tag>
      )}
      <PopoverNext content={menu} placement="bottom-end">
        <Button
          className="allot-topbar__account"
          variant="minimal"
          icon={<UserIcon />}
          endIcon={<CaretDownIcon />}
          aria-label={`Account menu for ${viewer.displayName}`}
          text={<span className="allot-topbar__account-name">{viewer.displayName}</span>}
        />
      </PopoverNext>
      <MasqueradeDialog isOpen={pickerOpen} onClose={() => setPickerOpen(false)} />
      {settingsOpen && (
        <NotificationSettingsDialog
          masquerading={viewer.masquerading}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      <Alert
        isOpen={everywhereAsked}
        icon={<LogOutIcon />}
        intent={Intent.DANGER}
        cancelButtonText="Cancel"
        confirmButtonText="Sign out everywhere"
        loading={signingOut.isLoading}
        onCancel={() => setEverywhereAsked(false)}
        onConfirm={() => {
          signOutEverywhere()
            .unwrap()
            .then(() => {
              setEverywhereAsked(false);
              void navigate('/login');
            })
            .catch(() => setEverywhereFailed(true));
        }}
      >
        <p>
          Sign out of Allot on every browser and device where you are signed in, this one included?
          Use this if you signed in on a computer you no longer use or lost a device.
        </p>
        {everywhereFailed && (
          <p role="alert">You could not be signed out everywhere. Please try again.</p>
        )}
      </Alert>
    </>
  );
}
