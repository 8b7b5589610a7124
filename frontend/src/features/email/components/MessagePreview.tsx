import { useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  EMAIL_SKIP_REASON_LABELS,
  EmailDraft,
  type RecipientFilter,
} from '@allot/shared-events/browser';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useEmailRecipientsQuery, usePreviewEmailMutation } from '../api/emailApi.js';

/** One recipient's message as it would be sent: where it goes, its subject and text, filled in. */
export function MessagePreview({ filter, draft }: { filter: RecipientFilter; draft: EmailDraft }) {
  const recipients = useEmailRecipientsQuery(
    { ...filter, take: 100, skip: 0 },
    { skip: filter.AcademicPeriodId === '' },
  );
  const [chosen, setChosen] = useState('');
  const [preview, previewState] = usePreviewEmailMutation();
  const rows = recipients.data?.rows ?? [];
  const UserId = rows.some((r) => r.UserId === chosen) ? chosen : (rows[0]?.UserId ?? '');
  const valid = EmailDraft.safeParse(draft).success;
  const shown = previewState.data;
  return (
    <div className="allot-email-preview">
      <div className="allot-email-preview-controls">
        <FormGroup label="Recipient" labelFor="email-preview-recipient">
          <HTMLSelect
            id="email-preview-recipient"
            value={UserId}
            disabled={rows.length === 0}
            onChange={(e) => {
              setChosen(e.currentTarget.value);
              previewState.reset();
            }}
          >
            {rows.map((r) => (
              <option key={r.UserId} value={r.UserId}>
                {r.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button
          icon="eye-open"
          text="Preview"
          disabled={!valid || UserId === ''}
          loading={previewState.isLoading}
          onClick={() =>
            void preview({ AcademicPeriodId: filter.AcademicPeriodId, UserId, draft }).catch(
              () => undefined,
            )
          }
        />
      </div>
      {!valid && (
        <p className="allot-email-muted">Write a subject and a message to preview them.</p>
      )}
      {previewState.error && (
        <Callout intent={Intent.DANGER}>{problemOf(previewState.error).message}</Callout>
      )}
      {shown && (
        <article className="allot-email-message" aria-label="Preview of the message">
          {shown.skipped && (
            <Callout intent={Intent.WARNING} compact>
              Not sent to this person: {EMAIL_SKIP_REASON_LABELS[shown.skipped].toLowerCase()}.
            </Callout>
          )}
          <dl>
            <dt>To</dt>
            <dd>
              {shown.to.join(', ') || 'nobody'}
              {shown.redirectedFrom !== null &&
                ` (developer e-mails are on: meant for ${shown.redirectedFrom})`}
            </dd>
            <dt>Subject</dt>
            <dd>{shown.subject}</dd>
          </dl>
          <pre className="allot-email-text" tabIndex={0} aria-label="Text of the message">
            {shown.text}
          </pre>
        </article>
      )}
    </div>
  );
}
