import { useState } from 'react';
import {
  Alert,
  AnchorButton,
  Button,
  Callout,
  Collapse,
  FileInput,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import {
  EFFORT_IMPORT_MODES,
  EFFORT_IMPORT_MODE_LABELS,
  EFFORT_LINE_COLUMNS,
  type EffortImportMode,
  type EffortImportPreviewAnswer,
} from '@allot/shared-events/browser';
import { ColumnMapping } from '../../../components/imports/ColumnMapping.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { problemText } from '../../../lib/imports/importWords.js';
import { useReferenceOptionsQuery } from '../../../lib/api/resourceApi.js';
import { EffortImportProgress } from './EffortImportProgress.js';
import {
  effortTemplateUrl,
  usePreviewEffortImportMutation,
  useStartEffortImportMutation,
} from './effortImportsApi.js';
import { count, plural } from '../../../lib/domain/counting.js';

const money = (n: number | null) =>
  n === null ? '' : n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 });

const MODE_HELP: Record<EffortImportMode, string> = {
  append: 'The file’s lines are added to those imported before.',
  replacePayPeriod:
    'The file holds one pay period whole: every line imported for it before stops counting (and counts again if this import is undone).',
  dryRun: 'Every line is read, checked and classified, and nothing is written.',
};

/** What the preview found: counts, every problem by row, the first lines as they would be. */
function PreviewResult({ answer }: { answer: EffortImportPreviewAnswer }) {
  const { counts } = answer;
  return (
    <>
      <div className="allot-import-counts" aria-label="What the import would do">
        <Tag large minimal intent={Intent.SUCCESS}>
          {plural(counts.lines, 'line to import', 'lines to import')}
        </Tag>
        <Tag large minimal intent={counts.refused > 0 ? Intent.DANGER : Intent.NONE}>
          {plural(counts.refused, 'row with problems', 'rows with problems')}
        </Tag>
        <Tag large minimal intent={counts.unclassified > 0 ? Intent.WARNING : Intent.NONE}>
          {plural(counts.unclassified, 'line no rule classifies', 'lines no rule classifies')}
        </Tag>
        <Tag large minimal>
          {plural(counts.positionsToCreate, 'position to create', 'positions to create')}
        </Tag>
        <span className="allot-import-muted">
          of {plural(counts.rows, 'row', 'rows')} in {answer.fileName}
        </span>
      </div>
      {answer.problems.length > 0 && (
        <section aria-label="Problems in the file" className="allot-effort-problems">
          <h4 className="bp6-heading">
            {counts.refused > 0
              ? `Problems (${count(answer.problemCount)}): these rows are left out`
              : 'The file’s columns need choosing'}
          </h4>
          <ul>
            {answer.problems.map((p, i) => (
              <li key={i}>{problemText(p)}</li>
            ))}
          </ul>
          {answer.problemCount > answer.problems.length && (
            <p className="allot-import-muted">
              The first {count(answer.problems.length)} of {count(answer.problemCount)} are shown.
            </p>
          )}
        </section>
      )}
      {answer.sample.length > 0 && (
        <PlainTable
          label="The first lines as they would be imported"
          columns={[
            { key: 'line', label: 'Row', width: 60, rowHeader: true, render: (r) => r.line },
            { key: 'instructor', label: 'Instructor', width: 180, render: (r) => r.instructor },
            { key: 'position', label: 'Position', width: 110, render: (r) => r.positionNumber },
            { key: 'period', label: 'Pay period', width: 110, render: (r) => r.payPeriod },
            { key: 'effort', label: 'Effort', width: 80, render: (r) => `${r.effortPercent} %` },
            { key: 'amount', label: 'Amount', width: 100, render: (r) => money(r.amount) },
            {
              key: 'category',
              label: 'Category',
              width: 160,
              render: (r) =>
                r.category ?? <span className="allot-import-muted">No rule matches</span>,
            },
            { key: 'type', label: 'Type', width: 130, render: (r) => r.type ?? '' },
          ]}
          rows={answer.sample.map((r) => ({ ...r, id: String(r.line) }))}
        />
      )}
    </>
  );
}

/**
 * Importing a payroll effort file: the mode (add, replace a pay period, dry run), the file, a
 * preview of every row's problems and the first lines (nothing written), the columns it maps,
 * then the import with its progress and Stop.
 */
export function EffortImportForm({ onStarted }: { onStarted?: (id: string) => void }) {
  const [mode, setMode] = useState<EffortImportMode>('append');
  const [payPeriodId, setPayPeriodId] = useState<string>('');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null> | null>(null);
  const [mappingChanged, setMappingChanged] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const periods = useReferenceOptionsQuery({
    path: 'effortPayPeriods',
    labelField: 'name',
    detailField: 'code',
    activeOnly: true,
  });
  const [preview, previewed] = usePreviewEffortImportMutation();
  const [start, starting] = useStartEffortImportMutation();
  const needsPeriod = mode === 'replacePayPeriod' && payPeriodId === '';
  const request = () => ({ file: file!, mode, payPeriodId, mapping });
  const answer = previewed.data ?? null;
  const period = periods.data?.find((p) => p.value === payPeriodId);

  const runPreview = () => {
    if (!file || needsPeriod) return;
    void preview(request()).then((result) => {
      if ('data' in result && result.data) {
        setMapping(result.data.mapping);
        setMappingChanged(false);
        if (result.data.counts.rows > 0 && result.data.problems.some((p) => p.row === 1)) {
          setColumnsOpen(true);
        }
      }
    });
  };
  const runImport = () => {
    setConfirming(false);
    void start(request()).then((result) => {
      if ('data' in result && result.data) {
        setRunning(result.data.id);
        onStarted?.(result.data.id);
      }
    });
  };
  const startWords =
    mode === 'dryRun'
      ? 'Run the dry run'
      : `Import ${plural(answer?.counts.lines ?? 0, 'line', 'lines')}`;

  return (
    <Section title="Import a payroll file" className="allot-import-panel" compact>
      <SectionCard>
        <RadioGroup
          label="How the file’s lines count"
          inline
          selectedValue={mode}
          onChange={(e) => {
            setMode(e.currentTarget.value as EffortImportMode);
            previewed.reset();
          }}
        >
          {EFFORT_IMPORT_MODES.map((m) => (
            <Radio key={m} value={m} label={EFFORT_IMPORT_MODE_LABELS[m]} />
          ))}
        </RadioGroup>
        <p className="allot-import-help allot-effort-mode-help">{MODE_HELP[mode]}</p>
        <div className="allot-import-choose">
          {mode === 'replacePayPeriod' && (
            <FormGroup label="Pay period it replaces" labelFor="effort-pay-period">
              <HTMLSelect
                id="effort-pay-period"
                value={payPeriodId}
                onChange={(e) => {
                  setPayPeriodId(e.currentTarget.value);
                  previewed.reset();
                }}
              >
                <option value="">Choose a pay period…</option>
                {periods.data?.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          <FormGroup label="File (CSV or Excel)" labelFor="effort-file">
            <FileInput
              inputProps={{ id: 'effort-file', accept: '.csv,.xlsx,text/csv' }}
              text={file ? file.name : 'Choose a file…'}
              buttonText="Browse"
              hasSelection={file !== null}
              onInputChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                // The columns chosen stay: next pay period's file has the same headings.
                previewed.reset();
              }}
            />
          </FormGroup>
          <Button
            intent={Intent.PRIMARY}
            icon="eye-open"
            text={mappingChanged ? 'Preview again' : 'Preview'}
            disabled={!file || needsPeriod || running !== null}
            loading={previewed.isLoading}
            onClick={runPreview}
          />
        </div>
        <p className="allot-import-help">
          A row per payroll line: the instructor, the position and pay period it is paid for, its
          share of full time, and what payroll charged (cost centre, earn code, account) — which the
          classification rules turn into an effort category and type.{' '}
          <AnchorButton minimal small icon="download" href={effortTemplateUrl('csv')}>
            Template (CSV)
          </AnchorButton>
          <AnchorButton minimal small icon="download" href={effortTemplateUrl('xlsx')}>
            Template (Excel)
          </AnchorButton>
        </p>
        {previewed.error && (
          <Callout intent={Intent.DANGER}>{problemOf(previewed.error).message}</Callout>
        )}
        {starting.error && (
          <Callout intent={Intent.DANGER}>{problemOf(starting.error).message}</Callout>
        )}
      </SectionCard>
      {answer && !running && (
        <SectionCard>
          <PreviewResult answer={answer} />
          <Button
            minimal
            icon={columnsOpen ? 'chevron-down' : 'chevron-right'}
            text="Columns of the file"
            aria-expanded={columnsOpen}
            onClick={() => setColumnsOpen(!columnsOpen)}
          />
          <Collapse isOpen={columnsOpen}>
            <ColumnMapping
              columns={EFFORT_LINE_COLUMNS}
              headings={answer.headings}
              idPrefix="effort-map"
              mapping={mapping ?? answer.mapping}
              onChange={(next) => {
                setMapping(next);
                setMappingChanged(true);
              }}
            />
          </Collapse>
          <div className="allot-import-run">
            <Button
              intent={Intent.PRIMARY}
              icon="import"
              text={startWords}
              disabled={mappingChanged || (mode !== 'dryRun' && answer.counts.lines === 0)}
              loading={starting.isLoading}
              onClick={() => (mode === 'replacePayPeriod' ? setConfirming(true) : runImport())}
            />
            {mappingChanged && (
              <span className="allot-import-muted">
                The columns changed: preview again before importing.
              </span>
            )}
          </div>
        </SectionCard>
      )}
      {running && (
        <SectionCard>
          <EffortImportProgress
            id={running}
            onEnd={() => {
              setRunning(null);
              previewed.reset();
            }}
          />
        </SectionCard>
      )}
      <Alert
        isOpen={confirming}
        icon="swap-horizontal"
        intent={Intent.WARNING}
        aria-labelledby="effort-replace-question"
        cancelButtonText="Cancel"
        confirmButtonText="Replace the pay period"
        onCancel={() => setConfirming(false)}
        onConfirm={runImport}
      >
        <p id="effort-replace-question">
          Replace every line of <strong>{period?.label ?? 'the pay period'}</strong> with the{' '}
          {plural(answer?.counts.lines ?? 0, 'line', 'lines')} of this file? The lines imported for
          it before stop counting; undoing this import brings them back.
        </p>
      </Alert>
    </Section>
  );
}
