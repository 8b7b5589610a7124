import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  Intent,
  Tag,
} from '@blueprintjs/core';
import {
  EMAIL_MESSAGE_STATUSES,
  EMAIL_MESSAGE_STATUS_LABELS,
  EMAIL_SKIP_REASON_LABELS,
  type EmailMessageRow,
  type EmailMessageStatus,
  type EmailSendSummary,
} from '@allot/shared-events/browser';
import { Pager, type PagerState } from '../../../components/list/DataTable.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import {
  useEmailMessagesQuery,
  useEmailSendQuery,
  useEmailSendsQuery,
  useRetryEmailMutation,
} from '../api/emailApi.js';
import { SendRun } from './SendRun.js';

const count = (n: number) => n.toLocaleString(DATE_LOCALE);
export const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_INTENT: Record<EmailMessageStatus, Intent> = {
  queued: Intent.PRIMARY,
  sent: Intent.SUCCESS,
  failed: Intent.DANGER,
  skipped: Intent.NONE,
};

function outcome(counts: EmailSendSummary['counts']): string {
  const parts = [`${count(counts.sent)} sent`];
  if (counts.failed > 0) parts.push(`${count(counts.failed)} failed`);
  if (counts.queued > 0) parts.push(`${count(counts.queued)} queued`);
  if (counts.skipped > 0) parts.push(`${count(counts.skipped)} not sent`);
  return parts.join(', ');
}

/** What was sent, newest first; choosing one shows its messages. */
export function SentEmails({
  openId,
  onOpen,
}: {
  openId: string | null;
  onOpen: (id: string | null) => void;
}) {
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 25 });
  const sends = useEmailSendsQuery({ take: pager.pageSize, skip: pager.page * pager.pageSize });
  if (openId) return <SendDetail id={openId} onBack={() => onOpen(null)} />;
  return (
    <QueryBody what="The e-mails sent" query={sends} loadingLabel="Loading the e-mails sent">
      {(data) =>
        data.count === 0 ? (
          <Empty
            icon="envelope"
            title="Nothing sent yet"
            description="Messages sent from the Write tab are listed here, with each recipient's status."
          />
        ) : (
          <>
            <PlainTable<EmailSendSummary>
              label="E-mails sent"
              rows={data.rows}
              columns={[
                {
                  key: 'subject',
                  label: 'Subject',
                  width: 260,
                  rowHeader: true,
                  render: (r) => (
                    <Button variant="minimal" text={r.subject} onClick={() => onOpen(r.id)} />
                  ),
                },
                { key: 'when', label: 'Sent', width: 160, render: (r) => when(r.requestedAt) },
                { key: 'by', label: 'By', width: 160, render: (r) => r.senderName ?? '—' },
                {
                  key: 'template',
                  label: 'Template',
                  width: 180,
                  render: (r) =>
                    r.templateName
                      ? `${r.templateName}, version ${String(r.templateVersion ?? 1)}`
                      : '—',
                },
                {
                  key: 'outcome',
                  label: 'Messages',
                  width: 220,
                  render: (r) => (
                    <>
                      {outcome(r.counts)}
                      {r.redirectTo && (
                        <Tag minimal intent={Intent.WARNING} className="allot-email-dev-tag">
                          Developer e-mails
                        </Tag>
                      )}
                    </>
                  ),
                },
              ]}
            />
            <Pager
              count={data.count}
              state={pager}
              fetching={sends.isFetching}
              onChange={(change) => setPager((p) => ({ ...p, ...change }))}
            />
          </>
        )
      }
    </QueryBody>
  );
}

type MessageRow = EmailMessageRow & { id: string };

/** One send: its message as written, and each recipient's status, answer and text, with retry. */
function SendDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const send = useEmailSendQuery(id);
  const [status, setStatus] = useState<EmailMessageStatus | ''>('');
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 25 });
  const messages = useEmailMessagesQuery({
    id,
    ...(status ? { status } : {}),
    take: pager.pageSize,
    skip: pager.page * pager.pageSize,
  });
  const [retry, retrying] = useRetryEmailMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [reading, setReading] = useState<EmailMessageRow | null>(null);
  return (
    <QueryBody what="The e-mail" query={send} loadingLabel="Loading the e-mail">
      {(data) => (
        <div className="allot-email-detail">
          <Button icon="arrow-left" variant="minimal" text="All e-mails sent" onClick={onBack} />
          <h3 className="allot-email-detail-subject">{data.subject}</h3>
          <p className="allot-email-muted">
            Sent {when(data.requestedAt)} by {data.senderName ?? 'someone no longer known'}
            {data.periodName ? `, for ${data.periodName}` : ''}
            {data.templateName
              ? `, from the template ${data.templateName} (version ${String(data.templateVersion ?? 1)})`
              : ''}
            . {outcome(data.counts)}.
          </p>
          {data.redirectTo && (
            <Callout intent={Intent.WARNING} compact>
              Developer e-mails were on: every message went to {data.redirectTo.join(', ')}.
            </Callout>
          )}
          <pre className="allot-email-text" tabIndex={0} aria-label="The message as written">
            {data.body}
          </pre>
          {jobId ? (
            <SendRun jobId={jobId} onShow={() => setJobId(null)} onDone={() => setJobId(null)} />
          ) : (
            data.counts.failed + data.counts.queued > 0 && (
              <Button
                icon="refresh"
                intent={Intent.PRIMARY}
                text={
                  data.counts.failed > 0
                    ? `Retry the ${count(data.counts.failed)} failed${data.counts.queued > 0 ? ` and send the ${count(data.counts.queued)} queued` : ''}`
                    : `Send the ${count(data.counts.queued)} queued`
                }
                loading={retrying.isLoading}
                onClick={() =>
                  void retry(id)
                    .unwrap()
                    .then((answer) => setJobId(answer.jobId))
                    .catch(() => undefined)
                }
              />
            )
          )}
          <FormGroup label="Show" labelFor="email-message-status" inline>
            <HTMLSelect
              id="email-message-status"
              value={status}
              onChange={(e) => {
                setStatus(e.currentTarget.value as EmailMessageStatus | '');
                setPager((p) => ({ ...p, page: 0 }));
              }}
            >
              <option value="">Every message</option>
              {EMAIL_MESSAGE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {EMAIL_MESSAGE_STATUS_LABELS[s]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <QueryBody what="The messages" query={messages} loadingLabel="Loading the messages">
            {(list) => (
              <>
                {list.rows.length === 0 ? (
                  <Empty icon="envelope" title="No messages" description="None has this status." />
                ) : (
                  <PlainTable<MessageRow>
                    label="Messages"
                    rows={list.rows.map((m) => ({ ...m, id: m.UserId }))}
                    columns={[
                      {
                        key: 'name',
                        label: 'Recipient',
                        width: 200,
                        rowHeader: true,
                        render: (m) => m.name,
                      },
                      { key: 'to', label: 'To', width: 220, render: (m) => m.to.join(', ') || '—' },
                      {
                        key: 'status',
                        label: 'Status',
                        width: 120,
                        render: (m) => (
                          <Tag minimal intent={STATUS_INTENT[m.status]}>
                            {EMAIL_MESSAGE_STATUS_LABELS[m.status]}
                          </Tag>
                        ),
                      },
                      {
                        key: 'answer',
                        label: 'Mail server’s answer',
                        width: 280,
                        render: (m) =>
                          m.skipReason
                            ? EMAIL_SKIP_REASON_LABELS[m.skipReason]
                            : (m.response ?? '—') +
                              (m.attempts > 1 ? ` (attempt ${String(m.attempts)})` : ''),
                      },
                      {
                        key: 'read',
                        label: 'Message',
                        width: 100,
                        render: (m) =>
                          m.text !== null ? (
                            <Button
                              variant="minimal"
                              text="Read"
                              aria-label={`Read the message to ${m.name}`}
                              onClick={() => setReading(m)}
                            />
                          ) : (
                            '—'
                          ),
                      },
                    ]}
                  />
                )}
                <Pager
                  count={list.count}
                  state={pager}
                  fetching={messages.isFetching}
                  onChange={(change) => setPager((p) => ({ ...p, ...change }))}
                />
              </>
            )}
          </QueryBody>
          <Dialog
            isOpen={reading !== null}
            title={reading ? `To ${reading.name}: ${reading.subject ?? ''}` : ''}
            onClose={() => setReading(null)}
          >
            <DialogBody>
              <pre className="allot-email-text" tabIndex={0} aria-label="Text of the message">
                {reading?.text}
              </pre>
            </DialogBody>
          </Dialog>
        </div>
      )}
    </QueryBody>
  );
}
