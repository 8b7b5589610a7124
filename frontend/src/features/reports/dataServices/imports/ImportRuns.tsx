import { useState } from 'react';
import { Alert, Button, Drawer, DrawerSize, Intent, Tag } from '@blueprintjs/core';
import { IMPORT_KINDS, type ImportRunAnswer } from '@allot/shared-events/browser';
import { NewerOlder } from '../../../../components/list/NewerOlder.js';
import { PlainTable } from '../../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../../lib/constants.js';
import { problemOf } from '../../../../lib/errors/serverErrors.js';
import { notify } from '../../../../lib/notifications/notify.js';
import { UNFINISHED_POLL_MS } from '../../exports/ExportsList.js';
import {
  useGetImportRunQuery,
  useListImportRunsQuery,
  useUndoImportMutation,
} from './importsApi.js';
import {
  RUN_STATUS_INTENTS,
  RUN_STATUS_LABELS,
  problemText,
} from '../../../../lib/imports/importWords.js';

const PAGE = 20;
const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const count = (n: number) => n.toLocaleString(DATE_LOCALE);

/** "30 created, 2 updated, 5 unchanged, 1 refused" (what is zero is left out). */
function outcomeText(run: ImportRunAnswer): string {
  if (run.status === 'running') return '';
  const parts = [
    [run.created, 'created'],
    [run.updated, 'updated'],
    [run.unchanged, 'unchanged'],
    [run.refused, 'refused'],
    [run.removed, 'removed (not in the file)'],
    [run.notRun, 'not reached'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, word]) => `${count(n)} ${word}`);
  return said.length > 0 ? said.join(', ') : 'Nothing to do';
}

/** One run's problems, as it kept them (the run from the list, or only its id from a link). */
function RunProblems({
  run,
  onClose,
}: {
  run: { id: string; fileName?: string };
  onClose: () => void;
}) {
  const detail = useGetImportRunQuery(run.id);
  const fileName = run.fileName ?? detail.data?.fileName;
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.STANDARD}
      title={fileName ? `Problems of ${fileName}` : 'Problems of the import'}
      className="allot-import-problems"
    >
      <div className="allot-drawer-body">
        <QueryBody what="The run" query={detail} loadingLabel="Loading the run">
          {(data) =>
            data.problems.length === 0 ? (
              <p>{data.reason ?? 'Nothing was refused.'}</p>
            ) : (
              <>
                {data.reason && <p>{data.reason}</p>}
                <ul>
                  {data.problems.map((p, i) => (
                    <li key={i}>{problemText(p)}</li>
                  ))}
                </ul>
                {data.problemCount > data.problems.length && (
                  <p>
                    The first {count(data.problems.length)} of {count(data.problemCount)} are kept.
                  </p>
                )}
              </>
            )
          }
        </QueryBody>
      </div>
    </Drawer>
  );
}

/** "3 problems", "1 problem", or "Why" for a run that failed without any. */
const problemsText = (run: ImportRunAnswer) =>
  run.problemCount === 0
    ? 'Why'
    : `${count(run.problemCount)} ${run.problemCount === 1 ? 'problem' : 'problems'}`;

/** A run that wrote something and is not undone can be undone. */
const undoable = (run: ImportRunAnswer) =>
  run.status !== 'running' && run.status !== 'undone' && run.created + run.updated > 0;

export interface ImportRunsProps {
  /** A run just started elsewhere on the page: the list is asked again until it has ended. */
  follow?: string | null;
  /** A run whose problems to show at once (a notification's link names it in the address). */
  shown?: string | null;
  onShownClosed?: () => void;
}

/** The imports run so far, newest first, paged on the server; live while one runs. */
export function ImportRuns({ follow = null, shown = null, onShownClosed }: ImportRunsProps = {}) {
  const [skip, setSkip] = useState(0);
  const [polling, setPolling] = useState(false);
  const [open, setOpen] = useState<ImportRunAnswer | null>(null);
  const [undoing, setUndoing] = useState<ImportRunAnswer | null>(null);
  // The run an undo was asked for, as it read then: the list is asked again until it changes
  // (the undo's end reaches the read model a moment after its job ends).
  const [awaiting, setAwaiting] = useState<{ id: string; undoRefused: string | null } | null>(null);
  const [undo, undoState] = useUndoImportMutation();
  const runs = useListImportRunsQuery(
    { take: PAGE, skip },
    { pollingInterval: polling ? UNFINISHED_POLL_MS : 0 },
  );
  const running = runs.data?.rows.some((r) => r.status === 'running') ?? false;
  const awaited = awaiting && runs.data?.rows.find((r) => r.id === awaiting.id);
  if (
    awaiting &&
    awaited &&
    (awaited.status === 'undone' || awaited.undoRefused !== awaiting.undoRefused)
  ) {
    setAwaiting(null);
  }
  // A run a job records (a saved import's source read first) is asked for until it has ended.
  const followed = follow ? runs.data?.rows.find((r) => r.id === follow) : undefined;
  const following = follow !== null && (!followed || followed.status === 'running');
  const live = running || awaiting !== null || following;
  if (live !== polling) setPolling(live);
  return (
    <section className="allot-import-runs" aria-label="Import runs">
      <h3 className="bp6-heading">Import runs</h3>
      <QueryBody what="The import runs" query={runs} loadingLabel="Loading the import runs">
        {(data) =>
          data.rows.length === 0 ? (
            <Empty
              icon="import"
              title="No imports yet"
              description="Runs of the imports above are listed here, with what each created, updated and refused."
            />
          ) : (
            <>
              <PlainTable
                label="Import runs"
                columns={[
                  {
                    key: 'startedAt',
                    label: 'Started',
                    width: 170,
                    rowHeader: true,
                    render: (r) => when(r.startedAt),
                  },
                  {
                    key: 'file',
                    label: 'File',
                    width: 220,
                    render: (r) => (
                      <>
                        {r.fileName}
                        {r.spec && <div className="allot-import-muted">{r.spec.name}</div>}
                      </>
                    ),
                  },
                  {
                    key: 'kind',
                    label: 'Holding',
                    width: 170,
                    render: (r) => IMPORT_KINDS[r.kind].label,
                  },
                  {
                    key: 'by',
                    label: 'By',
                    width: 150,
                    render: (r) => (
                      <>
                        {r.startedBy?.name ?? ''}
                        {r.trigger === 'schedule' && (
                          <div className="allot-import-muted">On its schedule</div>
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'status',
                    label: 'Status',
                    width: 100,
                    render: (r) => (
                      <Tag minimal intent={RUN_STATUS_INTENTS[r.status]}>
                        {RUN_STATUS_LABELS[r.status]}
                      </Tag>
                    ),
                  },
                  {
                    key: 'outcome',
                    label: 'Records',
                    width: 300,
                    render: (r) => (
                      <>
                        {outcomeText(r)}
                        {r.undoRefused && (
                          <div className="allot-import-muted">Not undone: {r.undoRefused}</div>
                        )}
                      </>
                    ),
                  },
                ]}
                rows={data.rows}
                actions={(r) => (
                  <>
                    {(r.problemCount > 0 || r.reason) && (
                      <Button
                        small
                        minimal
                        icon="warning-sign"
                        text={problemsText(r)}
                        // The visible words first (axe: a label holds what the button shows).
                        aria-label={`${problemsText(r)} in ${r.fileName}, ${when(r.startedAt)}`}
                        onClick={() => setOpen(r)}
                      />
                    )}
                    {undoable(r) && (
                      <Button
                        small
                        minimal
                        icon="undo"
                        text="Undo"
                        aria-label={`Undo ${r.fileName}, ${when(r.startedAt)}`}
                        disabled={awaiting !== null}
                        onClick={() => setUndoing(r)}
                      />
                    )}
                  </>
                )}
              />
              <NewerOlder skip={skip} pageSize={PAGE} total={data.count} onSkip={setSkip} />
            </>
          )
        }
      </QueryBody>
      {open ? (
        <RunProblems run={open} onClose={() => setOpen(null)} />
      ) : (
        shown && <RunProblems run={{ id: shown }} onClose={() => onShownClosed?.()} />
      )}
      <Alert
        isOpen={undoing !== null}
        icon="undo"
        intent={Intent.WARNING}
        cancelButtonText="Cancel"
        confirmButtonText="Undo the import"
        loading={undoState.isLoading}
        onCancel={() => setUndoing(null)}
        onConfirm={() => {
          if (!undoing) return;
          const run = undoing;
          void undo(run.id).then((result) => {
            setUndoing(null);
            if ('data' in result && result.data) {
              setAwaiting({ id: run.id, undoRefused: run.undoRefused });
              void notify({ message: `Undoing the import of ${run.fileName}…` });
            } else if ('error' in result) {
              void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
            }
          });
        }}
      >
        <p>
          Undo the import of <strong>{undoing?.fileName}</strong>? What it created is deleted and
          what it changed is put back as it was. If anything changed those records since, nothing is
          undone and you are told what.
        </p>
      </Alert>
    </section>
  );
}
