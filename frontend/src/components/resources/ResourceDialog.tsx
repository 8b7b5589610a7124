import { useMemo, useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import type { ResourceDefinition } from '@allot/shared-events/browser';
import {
  bodyFrom,
  formFields,
  initialValues,
  validateBody,
  type FormErrors,
  type FormValue,
} from '../../lib/resources/formValues.js';
import { ResourceField } from './ResourceField.js';
import type { EditedRecord } from '../../lib/api/resourceApi.js';
import type { ResolvedField } from '../../lib/resources/resourceUi.js';
import type { ServerProblem } from '../../lib/errors/serverErrors.js';
import { SubmitFooter } from '../layout/SubmitFooter.js';

export interface ResourceDialogProps {
  definition: ResourceDefinition;
  singular: string;
  fields: readonly ResolvedField[];
  /** null: a new record. */
  record: EditedRecord | null;
  /** May this field be edited (field-level abilities such as FinancialData)? */
  canEditField: (field: ResolvedField) => boolean;
  onSubmit: (body: Record<string, unknown>) => Promise<ServerProblem | null>;
  onClose: () => void;
  /** After a 409: load the record again. */
  onReload: () => void;
}

/** Create or edit one record: fields from the ui, checked with the kind's zod schema first. */
export function ResourceDialog(props: ResourceDialogProps) {
  const { definition, fields, record } = props;
  const editable = useMemo(() => formFields(fields), [fields]);
  const original = useMemo(() => (record ? initialValues(fields, record) : null), [fields, record]);
  const [values, setValues] = useState(() => initialValues(fields, record));
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const title = record ? `Edit ${props.singular}` : `New ${props.singular}`;

  const change = (name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const writable = editable.filter((f) => props.canEditField(f));
    const { body, errors: unreadable } = bodyFrom(definition, writable, values, original, record);
    const found = { ...unreadable, ...validateBody(definition, body, record, writable) };
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    if (record && Object.keys(body).length === 0) {
      props.onClose();
      return;
    }
    setSaving(true);
    const failed = await props.onSubmit(body);
    setSaving(false);
    if (failed) {
      setProblem(failed);
      setErrors(failed.fieldErrors);
    }
  }

  const formId = `resource-form-${definition.path}`;
  return (
    <Dialog isOpen title={title} onClose={props.onClose} canOutsideClickClose={!saving}>
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          {errors[''] && (
            <Callout intent={Intent.DANGER} role="alert" className="allot-form-callout">
              {errors['']}
            </Callout>
          )}
          {problem && (
            <Callout
              intent={problem.stale ? Intent.WARNING : Intent.DANGER}
              role="alert"
              title={problem.stale ? 'Changed by someone else' : 'Not saved'}
              className="allot-form-callout"
            >
              {problem.message}
              {problem.stale && (
                <div>
                  <Button
                    variant="outlined"
                    icon="refresh"
                    text="Reload"
                    onClick={() => {
                      setProblem(null);
                      props.onReload();
                    }}
                  />
                </div>
              )}
            </Callout>
          )}
          {editable.map((field) => (
            <ResourceField
              key={field.name}
              idPrefix={formId}
              field={field}
              value={values[field.name] ?? null}
              formValues={values}
              error={errors[field.name]}
              disabled={saving || !props.canEditField(field)}
              onChange={(value) => change(field.name, value)}
            />
          ))}
        </DialogBody>
        <SubmitFooter onCancel={props.onClose} busy={saving} />
      </form>
    </Dialog>
  );
}
