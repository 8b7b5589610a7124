import { useState, type FormEvent } from 'react';
import {
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import {
  REPORT_DEFINITIONS,
  type DataServiceAnswer,
  type DataServiceBody,
  type ReportExportFormat,
  type SavedReportAnswer,
} from '@allot/shared-events/browser';
import type { ServerProblem } from '../../../lib/errors/serverErrors.js';
import { FORMAT_LABELS } from '../exports/exportFormat.js';
import {
  ScheduleFields,
  scheduleDraftOf,
  scheduleError,
  scheduleOf,
  type ScheduleDraft,
} from './ScheduleFields.js';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

/** What the form holds: the definition, with every schedule field kept while another is chosen. */
interface Draft extends ScheduleDraft {
  name: string;
  description: string;
  savedReportId: string;
  format: ReportExportFormat;
}

function draftOf(service: DataServiceAnswer | null, reports: readonly SavedReportAnswer[]): Draft {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    savedReportId: service?.savedReportId ?? reports[0]?.id ?? '',
    format: service?.format ?? 'xlsx',
    ...scheduleDraftOf(service?.schedule, service?.timeZone),
  };
}

/** The body the server takes: only the schedule fields its frequency has. */
export function bodyOf(draft: Draft): DataServiceBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    savedReportId: draft.savedReportId,
    format: draft.format,
    timeZone: draft.timeZone,
    schedule: scheduleOf(draft),
  };
}

type Field = 'name' | 'description' | 'savedReportId' | 'timeZone' | 'schedule';

/** What is wrong before anything is sent. */
function draftErrors(draft: Draft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.name.trim()) errors.name = 'Give the data service a name.';
  if (!draft.savedReportId) errors.savedReportId = 'Choose the report it exports.';
  const schedule = scheduleError(draft);
  if (schedule) errors.schedule = schedule;
  return errors;
}

/** The server's reasons, under the fields they name; the rest above the form. */
function refusalOf(problem: ServerProblem) {
  const fields: Partial<Record<Field, string>> = {};
  for (const [key, message] of Object.entries(problem.fieldErrors)) {
    const field = key.split('.')[0] as Field;
    if (message && ['name', 'description', 'savedReportId', 'timeZone', 'schedule'].includes(field))
      fields[field] = message;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : problem.message };
}

/**
 * A data service's definition: its name and description, the saved report it exports, the file
 * format, the time zone and when it runs by itself. Stays open with the server's reasons when
 * the save is refused (a name taken, a report deleted meanwhile).
 */
export function DataServiceDialog({
  service,
  reports,
  onSubmit,
  onClose,
}: {
  /** Null: a new one. */
  service: DataServiceAnswer | null;
  /** The saved reports the viewer may choose from. */
  reports: readonly SavedReportAnswer[];
  onSubmit: (body: DataServiceBody) => Promise<ServerProblem | null>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(service, reports));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A change answers the reason given for the field it changes.
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors({});
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = draftErrors(draft);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    setSaving(true);
    const problem = await onSubmit(bodyOf(draft));
    setSaving(false);
    if (!problem) return;
    const refused = refusalOf(problem);
    setErrors(refused.fields);
    setMessage(refused.message);
  }

  const reportMissing =
    service !== null && !reports.some((r) => r.id === draft.savedReportId) && draft.savedReportId;
  const field = (id: Field) => ({
    intent: errors[id] ? Intent.DANGER : Intent.NONE,
    helperText: errors[id],
  });
  const preview = bodyOf(draft).schedule;

  return (
    <Dialog
      isOpen
      title={service ? `Edit ${service.name}` : 'New data service'}
      onClose={onClose}
      className="allot-data-service-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          {message && (
            <Callout intent={Intent.DANGER} className="allot-form-callout">
              {message}
            </Callout>
          )}
          <FormGroup label="Name" labelFor="data-service-name" {...field('name')}>
            <InputGroup
              id="data-service-name"
              value={draft.name}
              maxLength={200}
              autoFocus
              onChange={(e) => set({ name: e.target.value })}
            />
          </FormGroup>
          <FormGroup
            label="Description"
            labelFor="data-service-description"
            labelInfo="(optional)"
            {...field('description')}
          >
            <TextArea
              id="data-service-description"
              value={draft.description}
              maxLength={1000}
              fill
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormGroup>
          <FormGroup
            label="Report"
            labelFor="data-service-report"
            {...field('savedReportId')}
            helperText={
              errors.savedReportId ??
              (reportMissing
                ? 'The report it exported has been deleted: choose another.'
                : 'Each run writes this saved report as it reads then: its columns, filters and sorting.')
            }
          >
            <HTMLSelect
              id="data-service-report"
              value={draft.savedReportId}
              fill
              onChange={(e) => set({ savedReportId: e.target.value })}
            >
              {reportMissing && <option value={draft.savedReportId}>(deleted report)</option>}
              {reports.length === 0 && <option value="">No saved reports yet</option>}
              {reports.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} — {REPORT_DEFINITIONS[r.reportType].title}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <RadioGroup
            label="File format"
            inline
            selectedValue={draft.format}
            onChange={(e) => set({ format: e.currentTarget.value as ReportExportFormat })}
          >
            {(['xlsx', 'csv'] as const).map((format) => (
              <Radio key={format} value={format} label={FORMAT_LABELS[format]} />
            ))}
          </RadioGroup>
          <ScheduleFields
            idPrefix="data-service"
            draft={draft}
            onChange={set}
            error={errors.schedule}
            timeZoneError={errors.timeZone}
            timeZoneNote={
              preview
                ? 'Dates in the file are written in this time zone too.'
                : 'Dates in the file are written in this time zone.'
            }
          />
        </DialogBody>
        <SubmitFooter onCancel={onClose} submitText={service ? 'Save' : 'Create'} busy={saving} />
      </form>
    </Dialog>
  );
}
