import { useState, type FormEvent } from 'react';
import { Callout, Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ServerProblem } from '../../../lib/errors/serverErrors.js';
import {
  ReportDetailsFields,
  detailErrors,
  type DetailErrors,
  type ReportDetails,
} from './ReportDetailsFields.js';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

/** A refused save: the server's sentence for each field it names, the rest above the form. */
function errorsOf(problem: ServerProblem): { fields: DetailErrors; message: string | null } {
  const fields: DetailErrors = {};
  for (const key of ['name', 'description', 'sharedWithRoles'] as const) {
    const message = problem.fieldErrors[key];
    if (message) fields[key] = message;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : problem.message };
}

/**
 * Save as (a new saved report), or a saved report's details (name, description, sharing). The
 * dialog stays open with the server's reasons when the save is refused (a name taken).
 */
export function ReportDetailsDialog({
  title,
  submitText,
  initial,
  mayPublish,
  kindFixed = false,
  onSubmit,
  onClose,
}: {
  title: string;
  submitText: string;
  initial: ReportDetails;
  mayPublish: boolean;
  kindFixed?: boolean;
  /** Sends the details; answers the refusal, or null once saved. */
  onSubmit: (details: ReportDetails) => Promise<ServerProblem | null>;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = detailErrors(value);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    setSaving(true);
    const problem = await onSubmit({ ...value, name: value.name.trim() });
    setSaving(false);
    if (!problem) return;
    const refused = errorsOf(problem);
    setErrors(refused.fields);
    setMessage(refused.message);
  }
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          {message && (
            <Callout intent={Intent.DANGER} className="allot-form-callout">
              {message}
            </Callout>
          )}
          <ReportDetailsFields
            idPrefix="report-details"
            value={value}
            onChange={setValue}
            errors={errors}
            mayPublish={mayPublish}
            kindFixed={kindFixed}
          />
        </DialogBody>
        <SubmitFooter onCancel={onClose} submitText={submitText} busy={saving} />
      </form>
    </Dialog>
  );
}

/** Take snapshot: a name for the frozen run. */
export function SnapshotDialog({
  defaultName,
  onSubmit,
  onClose,
}: {
  defaultName: string;
  onSubmit: (name: string) => Promise<ServerProblem | null>;
  onClose: () => void;
}) {
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Name the snapshot.');
      return;
    }
    setSaving(true);
    const problem = await onSubmit(name.trim());
    setSaving(false);
    if (problem) setError(problem.fieldErrors.name ?? problem.message);
  }
  return (
    <Dialog isOpen title="Take a snapshot" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <p>
            A snapshot keeps this report as the plan stands now: opened later, it shows the same
            rows, whatever changed since.
          </p>
          <FormGroup
            label="Name (required)"
            labelFor="snapshot-name"
            helperText={error ?? 'How the snapshot is listed, e.g. “Sections before review”.'}
            intent={error ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup id="snapshot-name" value={name} onValueChange={setName} />
          </FormGroup>
        </DialogBody>
        <SubmitFooter onCancel={onClose} submitText="Take snapshot" busy={saving} />
      </form>
    </Dialog>
  );
}
