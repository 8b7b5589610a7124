import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { CLONE_KINDS, CLONE_KIND_LABELS, CloneResult } from '@allot/shared-events/browser';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { stoppedBeforeItRan, useJobProgress } from '../../../lib/jobs/jobProgress.js';
import { useStopCloneMutation } from '../api/cloningApi.js';

const count = (n: number) => n.toLocaleString(DATE_LOCALE);

/** A running clone's progress, then what it created, found there and could not create. */
export function CloneRun({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const report = useJobProgress(jobId);
  const [stop, stopping] = useStopCloneMutation();
  const progress = (report?.progress ?? {}) as { done?: number; total?: number };
  const parsed = report?.state === 'completed' ? CloneResult.safeParse(report.result) : null;
  const result = parsed?.success ? parsed.data : null;
  const stoppedEarly = stoppedBeforeItRan(report);
  const failed = report?.state === 'failed' && !stoppedEarly;
  const title = stoppedEarly
    ? 'The clone was stopped'
    : failed
      ? 'The clone failed'
      : result
        ? result.stopped
          ? 'The clone was stopped'
          : 'The clone is done'
        : 'Cloning…';
  return (
    <Callout
      className="allot-cloning-run"
      intent={failed ? Intent.DANGER : result || stoppedEarly ? Intent.SUCCESS : Intent.PRIMARY}
      title={title}
    >
      {!result && !failed && !stoppedEarly && (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={progress.total ? (progress.done ?? 0) / progress.total : undefined}
          aria-label="Progress of the clone"
        />
      )}
      <p role="status">
        {stoppedEarly
          ? 'It was stopped before it began: nothing was created.'
          : failed
            ? (report.error ?? '')
            : result
              ? CLONE_KINDS.map(
                  (k) =>
                    `${CLONE_KIND_LABELS[k]}: ${count(result.created[k] ?? 0)} created, ${count(result.existing[k] ?? 0)} already there`,
                ).join('. ') + '.'
              : progress.total !== undefined
                ? `${count(progress.done ?? 0)} of ${count(progress.total)} records created.`
                : 'Starting…'}
      </p>
      {result && result.failedCount > 0 && (
        <>
          <p>{count(result.failedCount)} could not be created; the clone went on without them:</p>
          <ul
            className="allot-cloning-problems"
            tabIndex={0}
            aria-label="What could not be created, and why"
          >
            {result.failed.map((f, i) => (
              <li key={String(i)}>
                <strong>{f.name}</strong>: {f.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {!result && !failed && !stoppedEarly && (
        <Button
          icon="stop"
          text="Stop"
          loading={stopping.isLoading}
          disabled={stopping.isSuccess}
          onClick={() => void stop(jobId).catch(() => undefined)}
        />
      )}
      {result?.stopped && (
        <p>What was created before it stopped stays; cloning again creates only what is missing.</p>
      )}
      {(result || failed || stoppedEarly) && <Button text="Done" onClick={onDone} />}
    </Callout>
  );
}
