import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { EmailJobResult } from '@allot/shared-events/browser';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { stoppedBeforeItRan, useJobProgress } from '../../../lib/jobs/jobProgress.js';
import { useStopEmailJobMutation } from '../api/emailApi.js';

const count = (n: number) => n.toLocaleString(DATE_LOCALE);

/** A send (or retry) in progress, then how many went and how many the mail server refused. */
export function SendRun({
  jobId,
  onShow,
  onDone,
}: {
  jobId: string;
  /** Opens the send's messages (each one's status and the server's answer). */
  onShow: () => void;
  onDone: () => void;
}) {
  const report = useJobProgress(jobId);
  const [stop, stopping] = useStopEmailJobMutation();
  const progress = (report?.progress ?? {}) as { done?: number; total?: number };
  const parsed = report?.state === 'completed' ? EmailJobResult.safeParse(report.result) : null;
  const result = parsed?.success ? parsed.data : null;
  const stoppedEarly = stoppedBeforeItRan(report);
  const failed = report?.state === 'failed' && !stoppedEarly;
  return (
    <Callout
      className="allot-email-run"
      intent={
        failed || (result && result.failed > 0)
          ? Intent.WARNING
          : result
            ? Intent.SUCCESS
            : Intent.PRIMARY
      }
      title={
        failed
          ? 'Sending failed'
          : result
            ? result.stopped
              ? 'Sending stopped'
              : 'Sent'
            : 'Sending…'
      }
    >
      {!result && !failed && !stoppedEarly && (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={progress.total ? (progress.done ?? 0) / progress.total : undefined}
          aria-label="Progress of the sending"
        />
      )}
      <p role="status">
        {stoppedEarly
          ? 'It was stopped before the first message: they stay queued.'
          : failed
            ? (report.error ?? '')
            : result
              ? `${count(result.sent)} sent${result.failed > 0 ? `; ${count(result.failed)} failed — the mail server's answers are with each message, and you can retry them` : ''}.${result.stopped ? ' The rest stay queued: send them from the message list.' : ''}`
              : progress.total !== undefined
                ? `${count(progress.done ?? 0)} of ${count(progress.total)} messages sent.`
                : 'Starting…'}
      </p>
      {!result && !failed && !stoppedEarly && (
        <Button
          icon="stop"
          text="Stop"
          loading={stopping.isLoading}
          disabled={stopping.isSuccess}
          onClick={() => void stop(jobId).catch(() => undefined)}
        />
      )}
      {(result || failed || stoppedEarly) && (
        <div className="allot-email-actions">
          <Button text="Show the messages" onClick={onShow} />
          <Button text="Done" onClick={onDone} />
        </div>
      )}
    </Callout>
  );
}
