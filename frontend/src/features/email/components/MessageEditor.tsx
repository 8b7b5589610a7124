import { useRef, useState } from 'react';
import {
  Button,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  Popover,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { MERGE_FIELDS, mergeFieldProblem, type EmailDraft } from '@allot/shared-events/browser';
import {
  useCreateResourceMutation,
  useListResourceQuery,
  useUpdateResourceMutation,
  type ResourceRow,
} from '../../../lib/api/resourceApi.js';
import { NameDialog } from '../../../components/layout/NameDialog.js';
import { notify } from '../../../lib/notifications/notify.js';

const TEMPLATES = { path: 'emailTemplates', params: { take: 200, skip: 0 } } as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The template a draft came from, and whether the draft still says what the template says. */
function templateOf(templates: readonly ResourceRow[], draft: EmailDraft) {
  const template = templates.find((t) => t.id === draft.TemplateId) ?? null;
  const changed =
    template !== null &&
    (text(template.subject) !== draft.subject || text(template.body) !== draft.body);
  return { template, changed };
}

/**
 * The message: from a saved template or written here, a subject and body with merge fields
 * (inserted at the cursor from the list Allot knows), and saved back as a template (a new one, or
 * a new version of the one it came from).
 */
export function MessageEditor({
  draft,
  onChange,
}: {
  draft: EmailDraft;
  onChange: (next: EmailDraft) => void;
}) {
  const body = useRef<HTMLTextAreaElement>(null);
  const templates = useListResourceQuery(TEMPLATES);
  const rows = templates.data?.rows ?? [];
  const { template, changed } = templateOf(rows, draft);
  const [naming, setNaming] = useState(false);
  const [create, creating] = useCreateResourceMutation();
  const [update, updating] = useUpdateResourceMutation();
  const subjectProblem = mergeFieldProblem(draft.subject);
  const bodyProblem = mergeFieldProblem(draft.body);

  const insert = (key: string) => {
    const field = `{{${key}}}`;
    const area = body.current;
    const start = area?.selectionStart ?? draft.body.length;
    const end = area?.selectionEnd ?? draft.body.length;
    onChange({ ...draft, body: draft.body.slice(0, start) + field + draft.body.slice(end) });
    // After React has written the new text: the cursor after the field.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + field.length, start + field.length);
    });
  };

  const saveChanges = async () => {
    if (!template) return;
    await update({
      path: 'emailTemplates',
      id: template.id,
      revision: template.revision,
      body: { subject: draft.subject, body: draft.body },
    }).unwrap();
    void notify({
      message: `${text(template.name)} saved as version ${String(template.revision + 2)}.`,
      intent: Intent.SUCCESS,
    });
  };
  const saveNew = async (name: string) => {
    const created = await create({
      path: 'emailTemplates',
      body: { name, subject: draft.subject, body: draft.body },
    }).unwrap();
    setNaming(false);
    onChange({ ...draft, TemplateId: created.id });
    void notify({ message: `Template ${name} saved.`, intent: Intent.SUCCESS });
  };

  return (
    <div className="allot-email-editor">
      <div className="allot-email-template-row">
        <FormGroup label="Template" labelFor="email-template" className="allot-email-template">
          <HTMLSelect
            id="email-template"
            fill
            value={draft.TemplateId ?? ''}
            onChange={(e) => {
              const chosen = rows.find((t) => t.id === e.currentTarget.value);
              onChange(
                chosen
                  ? {
                      TemplateId: chosen.id,
                      subject: text(chosen.subject),
                      body: text(chosen.body),
                    }
                  : { ...draft, TemplateId: null },
              );
            }}
          >
            <option value="">No template: write it here</option>
            {rows.map((t) => (
              <option key={t.id} value={t.id}>
                {text(t.name)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {template && (
          <Tag minimal className="allot-email-version">
            Version {template.revision + 1}
            {changed ? ', changed here' : ''}
          </Tag>
        )}
      </div>
      <FormGroup
        label="Subject"
        labelFor="email-subject"
        intent={subjectProblem ? Intent.DANGER : Intent.NONE}
        helperText={subjectProblem ?? undefined}
      >
        <InputGroup
          id="email-subject"
          value={draft.subject}
          intent={subjectProblem ? Intent.DANGER : Intent.NONE}
          onChange={(e) => onChange({ ...draft, subject: e.currentTarget.value })}
        />
      </FormGroup>
      <FormGroup
        label="Message"
        labelFor="email-body"
        intent={bodyProblem ? Intent.DANGER : Intent.NONE}
        helperText={
          bodyProblem ??
          'Merge fields such as {{firstName}} are filled in for each recipient; the message is sent as plain text.'
        }
      >
        <TextArea
          id="email-body"
          inputRef={body}
          fill
          rows={12}
          value={draft.body}
          intent={bodyProblem ? Intent.DANGER : Intent.NONE}
          onChange={(e) => onChange({ ...draft, body: e.currentTarget.value })}
        />
      </FormGroup>
      <div className="allot-email-actions">
        <Popover
          placement="bottom-start"
          content={
            <Menu aria-label="Merge fields">
              {MERGE_FIELDS.map((f) => (
                <MenuItem
                  key={f.key}
                  text={f.label}
                  label={`{{${f.key}}}`}
                  onClick={() => insert(f.key)}
                />
              ))}
            </Menu>
          }
        >
          <Button icon="insert" endIcon="caret-down" text="Insert a merge field" />
        </Popover>
        {template && changed && (
          <Button
            icon="floppy-disk"
            text={`Save changes to ${text(template.name)}`}
            loading={updating.isLoading}
            disabled={
              Boolean(subjectProblem ?? bodyProblem) || !draft.subject.trim() || !draft.body.trim()
            }
            onClick={() => void saveChanges().catch(() => undefined)}
          />
        )}
        <Button
          icon="add"
          text="Save as a new template…"
          disabled={
            Boolean(subjectProblem ?? bodyProblem) || !draft.subject.trim() || !draft.body.trim()
          }
          onClick={() => setNaming(true)}
        />
      </div>
      <NameDialog
        isOpen={naming}
        title="Save as a new template"
        saving={creating.isLoading}
        onSave={(name) => void saveNew(name).catch(() => undefined)}
        onClose={() => setNaming(false)}
      />
    </div>
  );
}
