import { useState } from 'react';
import { Alert, AnchorButton, Button, Drawer, DrawerSize, Intent, Tag } from '@blueprintjs/core';
import { EFFORT_IMPORT_MODE_LABELS, type EffortImportAnswer } from '@allot/shared-events/browser';
import { Pager, type PagerState } from '../../../components/list/DataTable.js';
import { NewerOlder } from '../../../components/list/NewerOlder.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  RUN_STATUS_INTENTS,
  RUN_STATUS_LABELS,
  problemText,
} from '../../../lib/imports/importWords.js';
import { notify } from '../../../lib/notifications/notify.js';
import {
  useEffortImportLinesQuery,
  useGetEffortImportQuery,
  useListEffortImportsQuery,
  useUndoEffortImportMutation,
  effortImportFileUrl,
} from './effortImportsApi.js';
import { count, plural } from '../../../lib/domain/counting.js';

const PAGE = 20;
/** How often the list is asked again while an import runs. */
const RUNNING_POLL_MS = 3000;
const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const money = (n: number | null) =>
  n === null ? '' : n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 });

/** "1,200 lines, 3 rows left out, 2 positions created; 1,200 count now". */
function outcomeText(i: EffortImportAnswer): string {
  if (i.status === 'running') return '';
  if (i.mode === 'dryRun') {
    return `Would import ${plural(i.imported, 'line', 'lines')}; ${plural(i.refused, 'row', 'rows')} with problems`;
  }
  const parts = [
    plural(i.imported, 'line', 'lines'),
    ...(i.refused > 0 ? [`${plural(i.refused, 'row', 'rows')} left out`] : []),
    ...(i.positionsCreated > 0
      ? [`${plural(i.positionsCreated, 'position', 'positions')} created`]
      : []),
    ...(i.notRun > 0 ? [`${count(i.notRun)} not reached`] : []),
  ];
  const counting =
    i.status === 'undone' || i.status === 'failed' || i.imported === 0
      ? ''
      : i.current === i.imported
        ? '; all count'
        : `; ${count(i.current)} count now (later imports replaced the rest)`;
  return `${parts.join(', ')}${counting}`;
}

const undoable = (i: EffortImportAnswer) =>
  (i.status === 'done' || i.status === 'stopped') && i.mode !== 'dryRun' && i.imported > 0;

/** One import's kept problems. */
function ImportProblems({ item, onClose }: { item: EffortImportAnswer; onClose: () => void }) {
  const detail = useGetEffortImportQuery(item.id);
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.STANDARD}
      title={`Problems of ${item.fileName}`}
    >
      <div className="allot-drawer-body">
        <QueryBody what="The import" query={detail} loadingLabel="Loading the import">
          {(data) => (
            <>
              {data.reason && <p>{data.reason}</p>}
              {data.problems.length === 0 ? (
                !data.reason && <p>No row had a problem.</p>
              ) : (
                <ul>
                  {data.problems.map((p, i) => (
                    <li key={i}>{problemText(p)}</li>
                  ))}
                </ul>
              )}
              {data.problemCount > data.problems.length && (
                <p>
                  The first {count(data.problems.length)} of {count(data.problemCount)} are kept.
                </p>
              )}
            </>
          )}
        </QueryBody>
      </div>
    </Drawer>
  );
}

/** One import's lines as written and classified, paged on the server. */
function ImportLines({ item, onClose }: { item: EffortImportAnswer; onClose: () => void }) {
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 50 });
  const lines = useEffortImportLinesQuery({
    id: item.id,
    take: pager.pageSize,
    skip: pager.page * pager.pageSize,
  });
  return (
    <Drawer isOpen onClose={onClose} size={DrawerSize.LARGE} title={`Lines of ${item.fileName}`}>
      <div className="allot-drawer-body">
        <QueryBody what="The lines" query={lines} loadingLabel="Loading the lines">
          {(data) =>
            data.count === 0 ? (
              <Empty icon="th-list" title="No lines" description="This import wrote no lines." />
            ) : (
              <>
                <PlainTable
                  label={`Lines of ${item.fileName}`}
                  columns={[
                    {
                      key: 'line',
                      label: 'Row',
                      width: 60,
                      rowHeader: true,
                      render: (r) => r.line,
                    },
                    {
                      key: 'instructor',
                      label: 'Instructor',
                      width: 170,
                      render: (r) => r.instructor.name,
                    },
                    {
                      key: 'position',
                      label: 'Position',
                      width: 100,
                      render: (r) => r.positionNumber,
                    },
                    {
                      key: 'period',
                      label: 'Pay period',
                      width: 130,
                      render: (r) => r.payPeriod.name,
                    },
                    {
                      key: 'effort',
                      label: 'Effort',
                      width: 70,
                      render: (r) => `${r.effortPercent} %`,
                    },
                    { key: 'amount', label: 'Amount', width: 90, render: (r) => money(r.amount) },
                    {
                      key: 'costCenter',
                      label: 'Cost centre',
                      width: 100,
                      render: (r) => r.costCenter ?? '',
                    },
                    {
                      key: 'category',
                      label: 'Category',
                      width: 140,
                      render: (r) =>
                        r.category?.name ?? (
                          <span className="allot-import-muted">Unclassified</span>
                        ),
                    },
                    {
                      key: 'counts',
                      label: 'Counts',
                      width: 80,
                      render: (r) => (r.current ? 'Yes' : 'No'),
                    },
                  ]}
                  rows={data.rows.map((r) => ({ ...r, id: String(r.line) }))}
                />
                <Pager
                  count={data.count}
                  state={pager}
                  fetching={lines.isFetching}
                  onChange={(change) => setPager({ ...pager, ...change })}
                />
              </>
            )
          }
        </QueryBody>
      </div>
    </Drawer>
  );
}

/** The effort imports so far, newest first, paged on the server; asked again while one runs. */
export function EffortImportList({ canUndo }: { canUndo: boolean }) {
  const [skip, setSkip] = useState(0);
  const [polling, setPolling] = useState(false);
  const [problems, setProblems] = useState<EffortImportAnswer | null>(null);
  const [lines, setLines] = useState<EffortImportAnswer | null>(null);
  const [undoing, setUndoing] = useState<EffortImportAnswer | null>(null);
  const [undo, undoState] = useUndoEffortImportMutation();
  const imports = useListEffortImportsQuery(
    { take: PAGE, skip },
    { pollingInterval: polling ? RUNNING_POLL_MS : 0 },
  );
  const running = imports.data?.rows.some((r) => r.status === 'running') ?? false;
  if (running !== polling) setPolling(running);
  return (
    <section className="allot-import-runs" aria-label="Effort imports">
      <h3 className="bp6-heading">Imports</h3>
      <QueryBody what="The effort imports" query={imports} loadingLabel="Loading the imports">
        {(data) =>
          data.rows.length === 0 ? (
            <Empty
              icon="import"
              title="No effort imported yet"
              description={
                canUndo
                  ? 'Payroll files imported above are listed here, with their lines, their problems and Undo.'
                  : 'Payroll files the effort managers import are listed here, with their lines and problems.'
              }
            />
          ) : (
            <>
              <PlainTable
                label="Effort imports"
                columns={[
                  {
                    key: 'startedAt',
                    label: 'Started',
                    width: 170,
                    rowHeader: true,
                    render: (r) => when(r.startedAt),
                  },
                  { key: 'file', label: 'File', width: 200, render: (r) => r.fileName },
                  {
                    key: 'mode',
                    label: 'Mode',
                    width: 190,
                    render: (r) =>
                      r.mode === 'replacePayPeriod' && r.payPeriod
                        ? `Replaces ${r.payPeriod.name}`
                        : EFFORT_IMPORT_MODE_LABELS[r.mode],
                  },
                  { key: 'by', label: 'By', width: 150, render: (r) => r.startedBy?.name ?? '' },
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
                    label: 'Lines',
                    width: 300,
                    render: (r) => (
                      <>
                        {outcomeText(r)}
                        {r.undoneAt && (
                          <div className="allot-import-muted">
                            Undone {when(r.undoneAt)}
                            {r.undoneBy ? ` by ${r.undoneBy.name}` : ''}
                          </div>
                        )}
                      </>
                    ),
                  },
                ]}
                rows={data.rows}
                actions={(r) => (
                  <>
                    {r.fileKept && (
                      <AnchorButton
                        size="small"
                        variant="minimal"
                        icon="download"
                        text="Download"
                        href={effortImportFileUrl(r.id)}
                        download
                        aria-label={`Download ${r.fileName}, as sent ${when(r.startedAt)}`}
                      />
                    )}
                    {r.imported > 0 && r.mode !== 'dryRun' && (
                      <Button
                        small
                        minimal
                        icon="th-list"
                        text="Lines"
                        aria-label={`Lines of ${r.fileName}, ${when(r.startedAt)}`}
                        onClick={() => setLines(r)}
                      />
                    )}
                    {(r.problemCount > 0 || r.reason) && (
                      <Button
                        small
                        minimal
                        icon="warning-sign"
                        text={
                          r.problemCount > 0 ? plural(r.problemCount, 'problem', 'problems') : 'Why'
                        }
                        aria-label={`${r.problemCount > 0 ? plural(r.problemCount, 'problem', 'problems') : 'Why'} in ${r.fileName}, ${when(r.startedAt)}`}
                        onClick={() => setProblems(r)}
                      />
                    )}
                    {canUndo && undoable(r) && (
                      <Button
                        small
                        minimal
                        icon="undo"
                        text="Undo"
                        aria-label={`Undo ${r.fileName}, ${when(r.startedAt)}`}
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
      {problems && <ImportProblems item={problems} onClose={() => setProblems(null)} />}
      {lines && <ImportLines item={lines} onClose={() => setLines(null)} />}
      <Alert
        isOpen={undoing !== null}
        icon="undo"
        intent={Intent.WARNING}
        aria-labelledby="effort-undo-question"
        cancelButtonText="Cancel"
        confirmButtonText="Undo the import"
        loading={undoState.isLoading}
        onCancel={() => setUndoing(null)}
        onConfirm={() => {
          if (!undoing) return;
          const item = undoing;
          void undo(item.id).then((result) => {
            setUndoing(null);
            if ('data' in result) {
              void notify({ message: `The import of ${item.fileName} is undone.` });
            } else if ('error' in result) {
              void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
            }
          });
        }}
      >
        <p id="effort-undo-question">
          <strong>Undo the import of {undoing?.fileName}?</strong>
        </p>
        <p>
          Its {count(undoing?.imported ?? 0)} lines stop counting
          {undoing?.mode === 'replacePayPeriod' ? ', and the lines it replaced count again' : ''}.
          The positions it created stay.
        </p>
      </Alert>
    </section>
  );
}
