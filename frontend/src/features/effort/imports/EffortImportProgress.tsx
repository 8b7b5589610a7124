import { useEffect, useState } from 'react';
import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useJobProgress } from '../../../lib/jobs/jobProgress.js';
import { notify } from '../../../lib/notifications/notify.js';
import { useAppDispatch } from '../../../lib/hooks/useAppDispatch.js';
import { EFFORT_CHANGE_REFRESH } from '../../../lib/api/cacheRefresh.js';
import {
  EFFORT_IMPORTS_LIST,
  effortImportsApi,
  useGetEffortImportQuery,
  useStopEffortImportMutation,
} from './effortImportsApi.js';
import { count, plural } from '../../../lib/domain/counting.js';

/** How often an ended job's import is asked for until the read model has its end. */
const END_POLL_MS = 1000;

function progressOf(progress: unknown): { done: number; total: number } | null {
  if (!progress || typeof progress !== 'object') return null;
  const { done, total } = progress as Record<string, unknown>;
  return typeof done === 'number' && typeof total === 'number' ? { done, total } : null;
}

/**
 * A running effort import: lines written out of all, with Stop; once it has ended, what it did
 * (or why it failed), and Done.
 */
export function EffortImportProgress({ id, onEnd }: { id: string; onEnd: () => void }) {
  const report = useJobProgress(id);
  const [stop, stopping] = useStopEffortImportMutation();
  const [polling, setPolling] = useState(false);
  const progress = progressOf(report?.progress);
  const jobEnded = report?.state === 'completed' || report?.state === 'failed';
  const recorded = useGetEffortImportQuery(id, {
    skip: !jobEnded,
    pollingInterval: polling ? END_POLL_MS : 0,
  });
  const unrecorded =
    jobEnded && (!recorded.data || recorded.data.status === 'running') && !recorded.isError;
  if (unrecorded !== polling) setPolling(unrecorded);
  const ended = jobEnded && !unrecorded;
  const status = ended ? recorded.data?.status : undefined;
  const dispatch = useAppDispatch();
  useEffect(() => {
    // Its end: the imports, and (it changed instructors' effort) the faculty profile list.
    if (status) {
      dispatch(
        effortImportsApi.util.invalidateTags([EFFORT_IMPORTS_LIST, ...EFFORT_CHANGE_REFRESH]),
      );
    }
  }, [status, dispatch]);
  const failed = report?.state === 'failed' || status === 'failed';
  const data = recorded.data;
  const summary =
    data && ended && !failed
      ? data.mode === 'dryRun'
        ? `The dry run found ${plural(data.imported, 'line', 'lines')} to import and ${plural(data.refused, 'row', 'rows')} with problems. Nothing was written.`
        : `${plural(data.imported, 'line', 'lines')} imported${data.refused > 0 ? `, ${plural(data.refused, 'row', 'rows')} left out for their problems` : ''}${data.positionsCreated > 0 ? `, ${plural(data.positionsCreated, 'position', 'positions')} created` : ''}.${data.status === 'stopped' ? ' Stopped before the end: the lines written so far count, and Undo takes them back.' : ''}`
      : null;
  return (
    <Callout
      intent={ended ? (failed ? Intent.DANGER : Intent.SUCCESS) : Intent.PRIMARY}
      title={
        ended
          ? failed
            ? 'The import failed'
            : status === 'stopped'
              ? 'The import was stopped'
              : 'The import has ended'
          : 'Importing…'
      }
      className="allot-import-progress"
    >
      {!ended && (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={progress && progress.total > 0 ? progress.done / progress.total : undefined}
          aria-label="Progress of the import"
        />
      )}
      <p role="status">
        {failed
          ? (data?.reason ?? report?.error ?? 'The import failed.')
          : (summary ??
            (progress
              ? `${count(progress.done)} of ${count(progress.total)} lines written.`
              : 'Starting…'))}
      </p>
      {ended ? (
        <Button text="Done" onClick={onEnd} />
      ) : (
        <Button
          icon="stop"
          text="Stop"
          loading={stopping.isLoading}
          onClick={() => {
            void stop(id).then((result) => {
              if ('error' in result) {
                void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
              }
            });
          }}
        />
      )}
    </Callout>
  );
}
