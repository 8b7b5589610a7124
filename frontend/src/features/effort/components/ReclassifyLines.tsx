import { useState } from 'react';
import { Alert, Button, Callout, Dialog, DialogBody, Intent, ProgressBar } from '@blueprintjs/core';
import { plural } from '../../../lib/domain/counting.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useJobProgress } from '../../../lib/jobs/jobProgress.js';
import { useReclassifyEffortMutation } from '../imports/effortImportsApi.js';

function figures(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'),
  );
}

/** How far the job is, and once done what it changed. */
function Progress({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const report = useJobProgress(jobId);
  const progress = figures(report?.progress);
  const result = figures(report?.result);
  const done = report?.state === 'completed';
  const failed = report?.state === 'failed';
  return (
    <Callout
      className="allot-effort-reclassify"
      intent={failed ? Intent.DANGER : done ? Intent.SUCCESS : Intent.PRIMARY}
      title={
        failed
          ? 'Classifying the lines again failed'
          : done
            ? 'Every line is classified by today’s rules'
            : 'Classifying the lines again…'
      }
    >
      {!done && !failed && (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={progress.total ? (progress.done ?? 0) / progress.total : undefined}
          aria-label="Progress of the classification"
        />
      )}
      <p role="status">
        {failed
          ? (report?.error ?? '')
          : done
            ? `${plural(result.lines ?? 0, 'line')} looked at, ${plural(result.changed ?? 0, 'line')} classified differently.`
            : progress.total !== undefined
              ? `${plural(progress.done ?? 0, 'line')} of ${String(progress.total)} looked at.`
              : 'Starting…'}
      </p>
      {(done || failed) && <Button text="Done" onClick={onClose} />}
    </Callout>
  );
}

/**
 * Classify every payroll line that counts again by the rules as they are now (a job): after a
 * rule is added or changed, lines imported before follow it. Asks first.
 */
export function ReclassifyLines() {
  const [asking, setAsking] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [reclassify, state] = useReclassifyEffortMutation();
  return (
    <>
      <Button
        icon="refresh"
        text="Classify all lines again…"
        disabled={jobId !== null}
        onClick={() => setAsking(true)}
      />
      {state.error && <Callout intent={Intent.DANGER}>{problemOf(state.error).message}</Callout>}
      {jobId && (
        <Dialog isOpen title="Classify all lines again" onClose={() => setJobId(null)}>
          <DialogBody>
            <Progress jobId={jobId} onClose={() => setJobId(null)} />
          </DialogBody>
        </Dialog>
      )}
      <Alert
        isOpen={asking}
        icon="refresh"
        intent={Intent.PRIMARY}
        aria-labelledby="effort-reclassify-question"
        cancelButtonText="Cancel"
        confirmButtonText="Classify again"
        loading={state.isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          void reclassify().then((result) => {
            setAsking(false);
            if ('data' in result && result.data) setJobId(result.data.id);
          });
        }}
      >
        <p id="effort-reclassify-question">
          <strong>Classify every imported payroll line again by the rules as they are now?</strong>
        </p>
        <p>
          Lines whose category or type changes are recorded as classified again; the others stay as
          they are.
        </p>
      </Alert>
    </>
  );
}
