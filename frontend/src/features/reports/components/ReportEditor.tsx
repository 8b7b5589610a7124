import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, H3, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  defaultGridState,
  type GridState,
  type QueryableReportType,
  type SavedReportAnswer,
} from '@allot/shared-events/browser';
import type { ServerProblem } from '../../../lib/errors/serverErrors.js';
import { reportTypeOf } from '../reportGrid.js';
import { useReportPeriods } from '../hooks/useReportPeriods.js';
import {
  NO_DETAILS,
  ReportDetailsFields,
  detailErrors,
  type DetailErrors,
  type ReportDetails,
} from './ReportDetailsFields.js';
import { ReportView } from './ReportView.js';

const FORM_ID = 'allot-report-editor-form';

/** What the editor saves: the details, the type (a new report) and the grid. */
export interface EditedReport {
  details: ReportDetails;
  reportType: QueryableReportType;
  gridState: GridState;
}

/**
 * Defines a saved report for others (Custom Reports): its type, name, description, who sees it,
 * and its grid — columns, filters, sorting and grouping, chosen on the report grid itself, with
 * its rows as a preview. The grid's state is the editor's own (not the address: the page lists
 * the reports around it).
 */
export function ReportEditor({
  report,
  onSave,
  onCancel,
}: {
  /** The report changed; absent, a new one. */
  report?: SavedReportAnswer;
  /** Saves; answers the refusal, or null once saved. */
  onSave: (edited: EditedReport) => Promise<ServerProblem | null>;
  onCancel: () => void;
}) {
  const [type, setType] = useState<QueryableReportType>(
    (report && reportTypeOf(report.reportType)) ?? 'Sections',
  );
  const [details, setDetails] = useState<ReportDetails>(
    report
      ? {
          name: report.name,
          description: report.description ?? '',
          type: report.type,
          sharedWithRoles: report.sharedWithRoles,
        }
      : NO_DETAILS,
  );
  const [grid, setGrid] = useState<GridState>(report?.gridState ?? defaultGridState(type));
  const [page, setPage] = useState(0);
  const [period, setPeriod] = useState<string | null>(null);
  const periods = useReportPeriods();
  const [errors, setErrors] = useState<DetailErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function changeGrid(next: GridState) {
    setGrid(next);
    setPage(0);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = detailErrors(details);
    setErrors(checked);
    setMessage(null);
    if (Object.keys(checked).length > 0) return;
    setSaving(true);
    const problem = await onSave({
      details: { ...details, name: details.name.trim() },
      reportType: type,
      gridState: grid,
    });
    setSaving(false);
    if (!problem) return;
    const fields: DetailErrors = {};
    for (const key of ['name', 'description', 'sharedWithRoles'] as const) {
      const text = problem.fieldErrors[key];
      if (text) fields[key] = text;
    }
    setErrors(fields);
    const gridProblem = problem.fieldErrors.gridState;
    setMessage(Object.keys(fields).length > 0 ? null : gridProblem ? gridProblem : problem.message);
  }

  const definition = REPORT_DEFINITIONS[type];
  return (
    <section
      className="allot-report-editor"
      aria-label={report ? `Definition of ${report.name}` : 'Definition of the new report'}
    >
      {message && (
        <Callout intent={Intent.DANGER} className="allot-form-callout">
          {message}
        </Callout>
      )}
      {/* The grid is outside the form: Enter in a filter box must not save the report. */}
      <form
        id={FORM_ID}
        className="allot-report-editor__details"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <FormGroup
          label="Report type"
          labelFor="report-editor-type"
          helperText={report ? 'A saved report keeps its type.' : definition.description}
        >
          <HTMLSelect
            id="report-editor-type"
            value={type}
            disabled={report !== undefined}
            onChange={(e) => {
              const next = reportTypeOf(e.currentTarget.value);
              if (!next) return;
              setType(next);
              changeGrid(defaultGridState(next));
            }}
          >
            {QUERYABLE_REPORT_TYPES.map((t) => (
              <option key={t} value={t}>
                {REPORT_DEFINITIONS[t].title}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <ReportDetailsFields
          idPrefix="report-editor"
          value={details}
          onChange={setDetails}
          errors={errors}
          mayPublish
          kindFixed={report !== undefined}
        />
      </form>
      <H3 className="allot-report-editor__heading">Columns, filters and sorting</H3>
      <p className="allot-report-muted">
        Choose what the report shows; the rows below are a preview from the plan now.
      </p>
      <ReportView
        key={type}
        type={type}
        grid={grid}
        page={page}
        AcademicPeriodId={period}
        asOf={null}
        onGrid={changeGrid}
        onPage={setPage}
        onPageSize={(pageSize) => changeGrid({ ...grid, pageSize })}
        period={{
          value: period ?? periods.workingPeriodId,
          options: periods.options,
          onChange: (id) => {
            setPeriod(id === periods.workingPeriodId ? null : id);
            setPage(0);
          },
        }}
      />
      <div className="allot-report-editor__footer">
        <Button text="Cancel" onClick={onCancel} />
        <Button
          type="submit"
          form={FORM_ID}
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={report ? 'Save changes' : 'Save report'}
          loading={saving}
        />
      </div>
    </section>
  );
}
