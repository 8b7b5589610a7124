import { Dialog, DialogBody, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { CLIENT_VERSION, UPDATE_RELOAD_SECONDS } from '../../lib/constants.js';
import { useStatus } from '../polling.js';
import { versionsDiffer } from './versionBadges.js';

export interface ApplicationUpdateDialogProps {
  isOpen: boolean;
  /** Reloads the page; the browser's reload unless a test says otherwise. */
  reload?: () => void;
}

function reloadPage() {
  window.location.reload();
}

/** Counts 30 s down and reloads, then again every 30 s; mounted only while the dialog is open. */
function UpdateCountdown({ reload }: { reload: () => void }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      setElapsed(ticks);
      if (ticks % UPDATE_RELOAD_SECONDS === 0) reload();
    }, 1000);
    return () => clearInterval(timer);
  }, [reload]);
  const secondsLeft = UPDATE_RELOAD_SECONDS - (elapsed % UPDATE_RELOAD_SECONDS);
  return (
    <>
      <p role="timer" aria-live="polite">
        The page will reload in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
      </p>
      <ProgressBar
        intent={Intent.PRIMARY}
        stripes={false}
        value={(UPDATE_RELOAD_SECONDS - secondsLeft) / UPDATE_RELOAD_SECONDS}
      />
    </>
  );
}

/**
 * Spec §4: while client and server versions differ, a modal titled Application Update says the
 * application is updating, counts down 30 s and reloads the page, every 30 s while it stays open.
 */
export function ApplicationUpdateDialog({
  isOpen,
  reload = reloadPage,
}: ApplicationUpdateDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title="Application Update"
      icon="refresh"
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>The application is updating and is not synchronized with the backend.</p>
        <p>A reload may be needed. If this message does not go away, please contact support.</p>
        <UpdateCountdown reload={reload} />
      </DialogBody>
    </Dialog>
  );
}

/** Mounted once in App: opens the update modal while the polled server version differs. */
export function ApplicationUpdate({ reload }: Pick<ApplicationUpdateDialogProps, 'reload'>) {
  const { data: status } = useStatus();
  return (
    <ApplicationUpdateDialog
      isOpen={versionsDiffer(CLIENT_VERSION, status?.version)}
      {...(reload ? { reload } : {})}
    />
  );
}
