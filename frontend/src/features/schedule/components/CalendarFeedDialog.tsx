import { useState } from 'react';
import {
  Alert,
  AnchorButton,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import {
  useIssueCalendarFeedMutation,
  useMyCalendarFeedQuery,
  useStopCalendarFeedMutation,
} from '../api/calendarFeedApi.js';

type Confirming = 'reset' | 'stop' | null;

/**
 * "Add to my calendar" on My Schedule: a private address the person's calendar app subscribes
 * to. Allot keeps only a fingerprint of it, so the address is shown once, when it is made; a new
 * one replaces it (the old stops working), and the feed can be turned off.
 */
export function CalendarFeedDialog({
  masquerading,
  onClose,
}: {
  masquerading: boolean;
  onClose: () => void;
}) {
  const feed = useMyCalendarFeedQuery();
  const [issue, issuing] = useIssueCalendarFeedMutation();
  const [stop, stopping] = useStopCalendarFeedMutation();
  const [address, setAddress] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = issuing.isLoading || stopping.isLoading;

  async function makeAddress() {
    setConfirming(null);
    setError(null);
    const result = await issue();
    if ('error' in result) setError(problemOf(result.error).message);
    else setAddress(new URL(result.data.path, window.location.origin).toString());
  }

  async function turnOff() {
    setConfirming(null);
    setError(null);
    const result = await stop();
    if ('error' in result) {
      setError(problemOf(result.error).message);
      return;
    }
    setAddress(null);
    void notify({ message: 'Your calendar feed is turned off.', intent: Intent.SUCCESS });
  }

  let body;
  if (feed.isLoading) {
    body = <Spinner size={30} aria-label="Loading your calendar feed" />;
  } else if (feed.isError || !feed.data) {
    body = (
      <NonIdealState
        icon="error"
        title="Your calendar feed could not be loaded"
        description={problemOf(feed.error).message}
        action={<Button text="Try again" onClick={() => void feed.refetch()} />}
      />
    );
  } else if (address) {
    body = <NewAddress address={address} />;
  } else {
    body = (
      <>
        <p>
          Your calendar app (Google Calendar, Outlook, Apple Calendar) can show your teaching: Allot
          gives you a private address for it, and your calendar checks it for changes — new
          sections, moved meetings, holidays.
        </p>
        {feed.data.active ? (
          <Callout intent={Intent.PRIMARY} icon="calendar">
            Your calendar address was made on{' '}
            {new Date(feed.data.issuedAt ?? '').toLocaleDateString(DATE_LOCALE, {
              dateStyle: 'medium',
            })}
            . Allot shows an address only when it is made: if you no longer have it, make a new one.
          </Callout>
        ) : (
          <Callout icon="calendar">You have no calendar address yet.</Callout>
        )}
      </>
    );
  }

  const active = feed.data?.active ?? false;
  return (
    <Dialog
      isOpen
      title="Add my teaching to my calendar"
      onClose={onClose}
      className="allot-calendar-feed"
    >
      <DialogBody>
        {masquerading && (
          <Callout intent={Intent.WARNING} className="allot-calendar-feed__note">
            You are viewing Allot as someone else: only they may make or change their calendar
            address.
          </Callout>
        )}
        {body}
        {error && (
          <Callout intent={Intent.DANGER} role="alert" className="allot-calendar-feed__note">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {active && !address && (
              <Button
                text="Turn off"
                disabled={masquerading || busy}
                loading={stopping.isLoading}
                onClick={() => setConfirming('stop')}
              />
            )}
            {feed.data && !address && (
              <Button
                intent={Intent.PRIMARY}
                text={active ? 'Make a new address' : 'Make my calendar address'}
                disabled={masquerading || busy}
                loading={issuing.isLoading}
                onClick={() => (active ? setConfirming('reset') : void makeAddress())}
              />
            )}
            {(address || !feed.data) && (
              <Button intent={Intent.PRIMARY} text="Done" onClick={onClose} />
            )}
          </>
        }
      />
      <Alert
        isOpen={confirming !== null}
        icon={confirming === 'stop' ? 'disable' : 'refresh'}
        intent={confirming === 'stop' ? Intent.DANGER : Intent.WARNING}
        confirmButtonText={confirming === 'stop' ? 'Turn off' : 'Make a new address'}
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(null)}
        onConfirm={() => void (confirming === 'stop' ? turnOff() : makeAddress())}
      >
        <p>
          {confirming === 'stop'
            ? 'Turn your calendar feed off? Calendars that use its address stop getting your teaching.'
            : 'Make a new address? The one you have stops working at once: calendars that use it stop getting your teaching until you add the new one.'}
        </p>
      </Alert>
    </Dialog>
  );
}

function NewAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(address);
    setCopied(true);
  }
  const webcal = address.replace(/^https?:/, 'webcal:');
  return (
    <>
      <Callout intent={Intent.WARNING} title="Copy it now">
        This is the only time the address is shown. Keep it private: anyone who has it can see your
        teaching.
      </Callout>
      <InputGroup
        readOnly
        aria-label="Your calendar address"
        className="allot-calendar-feed__address"
        value={address}
        onFocus={(e) => e.currentTarget.select()}
        rightElement={
          <Button
            variant="minimal"
            icon={copied ? 'tick' : 'clipboard'}
            text={copied ? 'Copied' : 'Copy'}
            onClick={() => void copy()}
          />
        }
      />
      <AnchorButton
        className="allot-calendar-feed__open"
        icon="calendar"
        text="Open in my calendar app"
        href={webcal}
      />
      <ul className="allot-calendar-feed__steps">
        <li>Google Calendar: Other calendars › + › From URL, and paste the address.</li>
        <li>Outlook: Add calendar › Subscribe from web, and paste the address.</li>
        <li>Apple Calendar: File › New Calendar Subscription, and paste the address.</li>
      </ul>
    </>
  );
}
