import { useEffect, useState } from 'react';
import {
  Alert,
  AnchorButton,
  Button,
  Callout,
  FileInput,
  FormGroup,
  HTMLSelect,
  Intent,
  ProgressBar,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import {
  IMPORT_KINDS,
  IMPORT_KIND_NAMES,
  describeImportSource,
  describeSchedule,
  type ImportKindName,
  type ImportPreviewAnswer,
} from '@allot/shared-events/browser';
import { ColumnMapping } from '../../../../components/imports/ColumnMapping.js';
import { PlainTable } from '../../../../components/list/PlainTable.js';
import { DATE_LOCALE } from '../../../../lib/constants.js';
import { problemOf } from '../../../../lib/errors/serverErrors.js';
import { useJobProgress } from '../../../../lib/jobs/jobProgress.js';
import { notify } from '../../../../lib/notifications/notify.js';
import { useAppDispatch } from '../../../../lib/hooks/useAppDispatch.js';
import {
  IMPORT_RUNS_LIST,
  importsApi,
  templateUrl,
  useCreateImportSpecMutation,
  useGetImportRunQuery,
  useRunImportSpecMutation,
  useListImportSpecsQuery,
  usePreviewImportMutation,
  useStartImportMutation,
  useStopImportMutation,
  useUpdateImportSpecMutation,
} from './importsApi.js';
import { ImportSpecDialog } from './ImportSpecDialog.js';
import { ValueMappingsEditor, linesOf, valuesOf, type ValueLine } from './ValueMappingsEditor.js';
import { ACTION_INTENTS, ACTION_LABELS, problemText } from '../../../../lib/imports/importWords.js';
import '../../../../lib/imports/imports.css';

type PreviewRecord = ImportPreviewAnswer['records'][number];
const count = (n: number) => n.toLocaleString(DATE_LOCALE);

/** How far a run is: `{ done, total }` as the import job reports it. */
function progressOf(progress: unknown): { done: number; total: number } | null {
  if (!progress || typeof progress !== 'object') return null;
  const { done, total } = progress as Record<string, unknown>;
  return typeof done === 'number' && typeof total === 'number' ? { done, total } : null;
}

function Details({ record }: { record: PreviewRecord }) {
  if (record.problems.length > 0) {
    return (
      <ul className="allot-import-details">
        {record.problems.map((p, i) => (
          <li key={i}>{problemText(p)}</li>
        ))}
      </ul>
    );
  }
  if (record.changes.length > 0) {
    return (
      <ul className="allot-import-details">
        {record.changes.map((c) => (
          <li key={c.label}>
            <strong>{c.label}:</strong> {c.from} → {c.to}
          </li>
        ))}
      </ul>
    );
  }
  if (record.action === 'missing') {
    return <span className="allot-import-muted">No row names it: it stays as it is.</span>;
  }
  if (record.action === 'remove') {
    return (
      <span className="allot-import-muted">
        No row names it: the saved import removes what its file leaves out.
      </span>
    );
  }
  return null;
}

/** How often an ended job's run is asked for until the read model has its end. */
const RUN_END_POLL_MS = 1000;

/**
 * A running import: how far it is, and Stop; once ended, whether it failed and why (a saved
 * import's source that could not be read ends its job normally, with a failed run).
 */
function RunProgress({ runId, onEnd }: { runId: string; onEnd: () => void }) {
  const report = useJobProgress(runId);
  const [stop, stopping] = useStopImportMutation();
  const [polling, setPolling] = useState(false);
  const progress = progressOf(report?.progress);
  const ended = report?.state === 'completed' || report?.state === 'failed';
  const run = useGetImportRunQuery(runId, {
    skip: !ended,
    pollingInterval: polling ? RUN_END_POLL_MS : 0,
  });
  const unrecorded = ended && (!run.data || run.data.status === 'running') && !run.isError;
  if (unrecorded !== polling) setPolling(unrecorded);
  const recordedStatus = ended && !unrecorded ? run.data?.status : undefined;
  const dispatch = useAppDispatch();
  // The run's end is recorded: the runs below show it now rather than at their next poll.
  useEffect(() => {
    if (recordedStatus) dispatch(importsApi.util.invalidateTags([IMPORT_RUNS_LIST]));
  }, [recordedStatus, dispatch]);
  const failed = report?.state === 'failed' || run.data?.status === 'failed';
  const reason = failed ? (run.data?.reason ?? report?.error ?? null) : null;
  return (
    <Callout
      intent={ended ? (failed ? Intent.DANGER : Intent.SUCCESS) : Intent.PRIMARY}
      title={ended ? (failed ? 'The import failed' : 'The import has ended') : 'Importing…'}
      className="allot-import-progress"
    >
      {!ended && (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={progress && progress.total > 0 ? progress.done / progress.total : undefined}
          aria-label="Progress of the import"
        />
      )}
      <p>
        {reason ??
          (progress
            ? `${count(progress.done)} of ${count(progress.total)} records done.`
            : ended
              ? ''
              : 'Starting…')}
        {ended && ' Its counts and any problems are in the runs below.'}
      </p>
      {ended ? (
        <Button text="Done" onClick={onEnd} />
      ) : (
        <Button
          icon="stop"
          text="Stop"
          loading={stopping.isLoading}
          onClick={() => {
            void stop(runId).then((result) => {
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

/**
 * An import: what the file holds, the file, a preview of what it would do record by record (the
 * dry run: nothing written), the columns it maps, then the run with its progress and Stop.
 */
export function ImportPanel({
  onRunStarted,
}: {
  /** A run started here, by its id (the history follows it). */
  onRunStarted?: (runId: string) => void;
} = {}) {
  const [kind, setKind] = useState<ImportKindName>('sections');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null> | null>(null);
  const [mappingChanged, setMappingChanged] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const [specId, setSpecId] = useState<string | null>(null);
  const [valueLines, setValueLines] = useState<ValueLine[]>([]);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const valueMappings = valuesOf(valueLines);
  /** The saved-import dialog: saving a new one, or changing the one chosen. */
  const [saving, setSaving] = useState<'new' | 'chosen' | null>(null);
  const specs = useListImportSpecsQuery();
  const [createSpec] = useCreateImportSpecMutation();
  const [updateSpec, updatingSpec] = useUpdateImportSpecMutation();
  const [runSpec, runningSpec] = useRunImportSpecMutation();
  const dispatch = useAppDispatch();
  const spec = specs.data?.rows.find((s) => s.id === specId) ?? null;
  const sameColumns = (a: Record<string, string | null>, b: Record<string, string | null>) =>
    IMPORT_KINDS[kind].columns.every((c) => (a[c.key] ?? null) === (b[c.key] ?? null));
  const sameValues = (a: Record<string, Record<string, string>>, b: typeof a) =>
    JSON.stringify(
      linesOf(a).sort((x, y) => (x.column + x.from).localeCompare(y.column + y.from)),
    ) ===
    JSON.stringify(linesOf(b).sort((x, y) => (x.column + x.from).localeCompare(y.column + y.from)));
  // A saved import applies while its columns and values are the ones chosen.
  const usingSpec =
    spec !== null &&
    (mapping === null || sameColumns(mapping, spec.mapping)) &&
    sameValues(valueMappings, spec.valueMappings);
  const [preview, previewed] = usePreviewImportMutation();
  const [start, starting] = useStartImportMutation();
  const answer = previewed.data && previewed.data.kind === kind ? previewed.data : null;

  const reset = () => {
    previewed.reset();
    setMapping(null);
    setMappingChanged(false);
  };
  const request = () =>
    usingSpec
      ? { file: file!, kind, specId: spec.id }
      : { file: file!, kind, ...(mapping ? { mapping } : {}), valueMappings };
  const runPreview = () => {
    if (!file) return;
    void preview(request()).then((result) => {
      if ('data' in result && result.data) {
        setMapping(result.data.mapping);
        setMappingChanged(false);
        if (result.data.problems.length > 0) setColumnsOpen(true);
      }
    });
  };
  const removing = answer ? answer.removeMissing && answer.removalBlocked === null : false;
  const toRemove = answer && removing ? answer.counts.missing : 0;
  const toDo = answer ? answer.counts.create + answer.counts.update + toRemove : 0;
  const definition = IMPORT_KINDS[kind];

  return (
    <Section title="Import a file" className="allot-import-panel" compact>
      <SectionCard>
        <div className="allot-import-choose">
          <FormGroup label="Saved import" labelFor="import-spec">
            <HTMLSelect
              id="import-spec"
              value={specId ?? ''}
              onChange={(e) => {
                const chosen = specs.data?.rows.find((s) => s.id === e.currentTarget.value);
                setSpecId(chosen?.id ?? null);
                previewed.reset();
                setMappingChanged(false);
                if (chosen) {
                  setKind(chosen.kind);
                  setMapping(chosen.mapping);
                  setValueLines(linesOf(chosen.valueMappings));
                } else {
                  setMapping(null);
                  setValueLines([]);
                }
              }}
            >
              <option value="">None: choose the columns</option>
              {specs.data?.rows.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {spec && (
            <Button
              icon="cog"
              text="Change…"
              aria-label={`Change “${spec.name}”`}
              onClick={() => setSaving('chosen')}
            />
          )}
          <FormGroup label="What the file holds" labelFor="import-kind">
            <HTMLSelect
              id="import-kind"
              value={kind}
              disabled={spec !== null}
              onChange={(e) => {
                setKind(e.currentTarget.value as ImportKindName);
                reset();
              }}
            >
              {IMPORT_KIND_NAMES.map((k) => (
                <option key={k} value={k}>
                  {IMPORT_KINDS[k].label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="File (CSV or Excel)" labelFor="import-file">
            <FileInput
              inputProps={{ id: 'import-file', accept: '.csv,.xlsx,text/csv' }}
              text={file ? file.name : 'Choose a file…'}
              buttonText="Browse"
              hasSelection={file !== null}
              onInputChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                // The columns chosen stay: next month's file has the same headings.
                previewed.reset();
                setMappingChanged(false);
              }}
            />
          </FormGroup>
          <Button
            intent={Intent.PRIMARY}
            icon="eye-open"
            text={mappingChanged ? 'Preview again' : 'Preview'}
            disabled={!file}
            loading={previewed.isLoading}
            onClick={runPreview}
          />
        </div>
        {spec?.source && (
          <div className="allot-import-source">
            <span>
              “{spec.name}” reads <strong>{describeImportSource(spec.source)}</strong>
              {spec.schedule
                ? ` · ${describeSchedule(spec.schedule)}, ${spec.timeZone} time.`
                : ' when someone runs it.'}
            </span>
            <Button
              icon="play"
              text="Run now"
              disabled={runId !== null}
              loading={runningSpec.isLoading}
              onClick={() => {
                void runSpec(spec.id).then((result) => {
                  if ('data' in result && result.data) {
                    setRunId(result.data.id);
                    onRunStarted?.(result.data.id);
                  } else if ('error' in result) {
                    void notify({
                      message: problemOf(result.error).message,
                      intent: Intent.DANGER,
                    });
                  }
                });
              }}
            />
          </div>
        )}
        <p className="allot-import-help">
          {definition.description} Each record is found by its {definition.keyWords.toLowerCase()},
          so importing the same file again changes nothing.{' '}
          <AnchorButton minimal small icon="download" href={templateUrl(kind, 'csv')}>
            Template (CSV)
          </AnchorButton>
          <AnchorButton minimal small icon="download" href={templateUrl(kind, 'xlsx')}>
            Template (Excel)
          </AnchorButton>
        </p>
        {previewed.error && (
          <Callout intent={Intent.DANGER}>{problemOf(previewed.error).message}</Callout>
        )}
      </SectionCard>
      {answer && (
        <SectionCard>
          <div className="allot-import-counts" aria-label="What the import would do">
            <Tag large intent={Intent.SUCCESS} minimal>
              {count(answer.counts.create)} to create
            </Tag>
            <Tag large intent={Intent.PRIMARY} minimal>
              {count(answer.counts.update)} to update
            </Tag>
            <Tag large minimal>
              {count(answer.counts.unchanged)} unchanged
            </Tag>
            <Tag large intent={Intent.DANGER} minimal>
              {count(answer.counts.refused)} refused
            </Tag>
            {answer.counts.missing > 0 && (
              <Tag large intent={Intent.WARNING} minimal>
                {count(answer.counts.missing)} not in the file{removing ? ', to remove' : ', kept'}
              </Tag>
            )}
            <span className="allot-import-muted">
              from {count(answer.counts.rows)} rows of {answer.fileName}
            </span>
          </div>
          {answer.removalBlocked && answer.counts.missing > 0 && (
            <Callout intent={Intent.WARNING} title="What the file leaves out stays">
              {answer.removalBlocked} Fix those rows to remove the records no row names.
            </Callout>
          )}
          {answer.problems.length > 0 && (
            <Callout intent={Intent.WARNING} title="Choose the file’s columns">
              <ul>
                {/* About the file's headings, not a row: each names its column itself. */}
                {answer.problems.map((p, i) => (
                  <li key={i}>{p.message}</li>
                ))}
              </ul>
            </Callout>
          )}
          <Section
            title="Columns and values"
            subtitle="Which column of the file fills each field, and values to translate"
            collapsible
            // Open while columns are being chosen, whatever the previews between.
            collapseProps={{
              isOpen: columnsOpen,
              onToggle: () => setColumnsOpen((open) => !open),
            }}
            compact
          >
            <SectionCard>
              <h4 className="bp6-heading">Columns</h4>
              {mapping && (
                <ColumnMapping
                  columns={IMPORT_KINDS[kind].columns}
                  headings={answer.headings}
                  idPrefix="import-map"
                  mapping={mapping}
                  onChange={(next) => {
                    setMapping(next);
                    setMappingChanged(true);
                  }}
                />
              )}
              <h4 className="bp6-heading">Values</h4>
              <ValueMappingsEditor
                kind={kind}
                lines={valueLines}
                onChange={(next) => {
                  setValueLines(next);
                  setMappingChanged(true);
                }}
              />
            </SectionCard>
          </Section>
          {answer.records.length > 0 && (
            <PlainTable
              label="What the import would do"
              columns={[
                { key: 'key', label: 'Record', width: 260, rowHeader: true, render: (r) => r.key },
                {
                  key: 'rows',
                  label: 'Rows',
                  width: 90,
                  render: (r) => (r.rows.length > 0 ? r.rows.join(', ') : '—'),
                },
                {
                  key: 'action',
                  label: 'What happens',
                  width: 130,
                  render: (r) => (
                    <Tag minimal intent={ACTION_INTENTS[r.action]}>
                      {ACTION_LABELS[r.action]}
                    </Tag>
                  ),
                },
                {
                  key: 'details',
                  label: 'Details',
                  width: 420,
                  render: (r) => <Details record={r} />,
                },
              ]}
              rows={answer.records.map((r) => ({ ...r, id: `${r.key}-${r.rows.join('-')}` }))}
            />
          )}
          {answer.records.length <
            answer.counts.create +
              answer.counts.update +
              answer.counts.unchanged +
              answer.counts.refused +
              answer.counts.missing && (
            <p className="allot-import-muted">
              The first {count(answer.records.length)} records are listed; the counts above cover
              them all.
            </p>
          )}
          <div className="allot-import-run">
            <Button
              intent={Intent.PRIMARY}
              icon="import"
              text={`Import ${count(toDo)} ${toDo === 1 ? 'record' : 'records'}`}
              disabled={
                toDo === 0 || answer.problems.length > 0 || mappingChanged || runId !== null
              }
              loading={starting.isLoading}
              onClick={() => setConfirming(true)}
            />
            {mappingChanged && (
              <span className="allot-import-muted">Preview again to see what the changes do.</span>
            )}
            {mapping && !usingSpec && (
              <Button
                icon="floppy-disk"
                text="Save as a saved import…"
                onClick={() => setSaving('new')}
              />
            )}
            {mapping && spec && !usingSpec && (
              <Button
                icon="floppy-disk"
                text={`Save the columns to “${spec.name}”`}
                loading={updatingSpec.isLoading}
                onClick={() => {
                  void updateSpec({
                    id: spec.id,
                    name: spec.name,
                    description: spec.description,
                    kind: spec.kind,
                    mapping,
                    valueMappings,
                    removeMissing: spec.removeMissing,
                    acceptConflicts: spec.acceptConflicts,
                    source: spec.source,
                    timeZone: spec.timeZone,
                    schedule: spec.schedule,
                  }).then((result) => {
                    void notify(
                      'error' in result
                        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
                        : { message: `“${spec.name}” saved.`, intent: Intent.SUCCESS },
                    );
                  });
                }}
              />
            )}
          </div>
        </SectionCard>
      )}
      {runId && (
        <SectionCard>
          <RunProgress
            runId={runId}
            onEnd={() => {
              // The file and its columns stay, to preview it again after the run.
              setRunId(null);
              previewed.reset();
              // A run started from a saved import's source is recorded by its job: list it.
              dispatch(importsApi.util.invalidateTags([IMPORT_RUNS_LIST]));
            }}
          />
        </SectionCard>
      )}
      {saving === 'new' && mapping && (
        <ImportSpecDialog
          title="Save this import"
          onClose={() => setSaving(null)}
          onSave={async (settings) => {
            const result = await createSpec({
              ...settings,
              description: null,
              kind,
              mapping,
              valueMappings,
            });
            if ('error' in result) return { error: result.error };
            setSpecId(result.data.id);
            // Removing what the file leaves out changes what a run does: preview that first.
            if (settings.removeMissing) previewed.reset();
            void notify({ message: `“${settings.name}” saved.`, intent: Intent.SUCCESS });
            return {};
          }}
        />
      )}
      {saving === 'chosen' && spec && (
        <ImportSpecDialog
          title={`Change “${spec.name}”`}
          initial={spec}
          onClose={() => setSaving(null)}
          onSave={async (settings) => {
            const result = await updateSpec({
              ...settings,
              id: spec.id,
              description: spec.description,
              kind: spec.kind,
              mapping: spec.mapping,
              valueMappings: spec.valueMappings,
            });
            if ('error' in result) return { error: result.error };
            // What a run would remove may have changed: preview again.
            if (settings.removeMissing !== spec.removeMissing) previewed.reset();
            void notify({ message: `“${settings.name}” saved.`, intent: Intent.SUCCESS });
            return {};
          }}
        />
      )}
      <Alert
        isOpen={confirming}
        icon="import"
        intent={Intent.PRIMARY}
        cancelButtonText="Cancel"
        confirmButtonText="Import"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void start(request()).then((result) => {
            if ('data' in result && result.data) setRunId(result.data.id);
            else if ('error' in result) {
              void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
            }
          });
        }}
      >
        <p>
          Import {count(answer?.counts.create ?? 0)} new and {count(answer?.counts.update ?? 0)}{' '}
          changed records from <strong>{file?.name}</strong>
          {toRemove > 0 && (
            <>
              , and remove {count(toRemove)} {toRemove === 1 ? 'record' : 'records'} the file leaves
              out
            </>
          )}
          ? Each is written as if you entered it, with your rights; refused rows are skipped. You
          can stop the import while it runs, and undo it as a whole afterwards.
        </p>
      </Alert>
    </Section>
  );
}
