import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import {
  NOTIFICATION_KINDS,
  TEACHING_NOTIFICATION_KINDS,
  type AppAbility,
  type TeachingNotificationKind,
} from '@allot/shared-events/browser';
import { problemOf } from '../../lib/errors/serverErrors.js';
import { notify } from '../../lib/notifications/notify.js';
import {
  useMyNotificationPreferencesQuery,
  useSetNotificationPreferencesMutation,
} from './notificationsApi.js';

/** Whether any kind the settings offer is one the person may read (a faculty member's own teaching). */
export function mayChooseNotifications(ability: AppAbility | null): boolean {
  return TEACHING_NOTIFICATION_KINDS.some(
    ({ kind }) => ability?.can('read', NOTIFICATION_KINDS[kind].subject) ?? false,
  );
}

type Channel = 'appOff' | 'emailOff';
type Off = Record<Channel, TeachingNotificationKind[]>;

const toggled = (kinds: TeachingNotificationKind[], kind: TeachingNotificationKind, on: boolean) =>
  on ? kinds.filter((k) => k !== kind) : [...kinds, kind];

/**
 * Which changes to their own teaching a person hears of, in Allot (the bell) and in their e-mail
 * digest: every one is on until they turn it off. Someone viewing Allot as another may look, not
 * change.
 */
export function NotificationSettingsDialog({
  masquerading,
  onClose,
}: {
  masquerading: boolean;
  onClose: () => void;
}) {
  const stored = useMyNotificationPreferencesQuery();
  const [save, saving] = useSetNotificationPreferencesMutation();
  const [off, setOff] = useState<Off | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data && off === null) {
      setOff({ appOff: stored.data.appOff, emailOff: stored.data.emailOff });
    }
  }, [stored.data, off]);

  async function submit() {
    if (!off) return;
    setError(null);
    const result = await save(off);
    if ('error' in result) {
      setError(problemOf(result.error).message);
      return;
    }
    void notify({ message: 'Notification settings saved.', intent: Intent.SUCCESS });
    onClose();
  }

  let body;
  if (stored.isLoading || (stored.data && !off)) {
    body = <Spinner size={30} aria-label="Loading your notification settings" />;
  } else if (stored.isError || !off || !stored.data) {
    body = (
      <NonIdealState
        icon="error"
        title="Your notification settings could not be loaded"
        description={problemOf(stored.error).message}
        action={<Button text="Try again" onClick={() => void stored.refetch()} />}
      />
    );
  } else {
    const channel = (kind: TeachingNotificationKind, which: Channel, label: string) => (
      <Switch
        className="allot-notification-settings__switch"
        checked={!off[which].includes(kind)}
        disabled={masquerading}
        aria-label={label}
        onChange={(e) =>
          setOff({ ...off, [which]: toggled(off[which], kind, e.currentTarget.checked) })
        }
      />
    );
    body = (
      <>
        <p>Tell me when…</p>
        <HTMLTable compact className="allot-notification-settings__table">
          <thead>
            <tr>
              <th scope="col">Change to my teaching</th>
              <th scope="col">In Allot</th>
              <th scope="col">By e-mail</th>
            </tr>
          </thead>
          <tbody>
            {TEACHING_NOTIFICATION_KINDS.map(({ kind, label }) => (
              <tr key={kind}>
                <th scope="row">{label}</th>
                <td>{channel(kind, 'appOff', `${label}: in Allot`)}</td>
                <td>{channel(kind, 'emailOff', `${label}: by e-mail`)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Callout
          className="allot-notification-settings__note"
          intent={stored.data.receivesEmail ? Intent.NONE : Intent.WARNING}
          icon="envelope"
        >
          {stored.data.receivesEmail
            ? 'E-mail comes as one message an hour at most, gathering what happened since the last.'
            : 'Your profile does not receive e-mail from Allot (or has no address), so none is sent; ask your academic operations office to turn “Receive emails” on.'}
        </Callout>
      </>
    );
  }

  return (
    <Dialog
      isOpen
      title="Notification settings"
      onClose={onClose}
      className="allot-notification-settings"
    >
      <DialogBody>
        {masquerading && (
          <Callout intent={Intent.WARNING} className="allot-notification-settings__note">
            You are viewing Allot as someone else: only they may change their notification settings.
          </Callout>
        )}
        {body}
        {error && (
          <Callout
            intent={Intent.DANGER}
            role="alert"
            className="allot-notification-settings__note"
          >
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Save"
              disabled={masquerading || !off}
              loading={saving.isLoading}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
