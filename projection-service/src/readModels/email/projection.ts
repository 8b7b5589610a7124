import {
  EmailMessageSent,
  EmailRetryRequested,
  EmailSendRequested,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type {
  Projection,
  ProjectionContext,
  RealtimeNotification,
} from '../../runner/projection.js';

export const EMAIL_SENDS_TABLE = 'email_sends';
export const EMAIL_MESSAGES_TABLE = 'email_messages';

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();

async function applyEvent(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
): Promise<void> {
  const sends = ctx.table(EMAIL_SENDS_TABLE);
  const messages = ctx.table(EMAIL_MESSAGES_TABLE);
  const revision = event.revision.toString();
  switch (event.type) {
    case 'EmailSendRequested': {
      const data = EmailSendRequested.parse(event.data);
      const inserted = (await trx(sends)
        .insert({
          id: data.id,
          revision,
          period_id: data.filter.AcademicPeriodId,
          subject: data.subject,
          body: data.body,
          template_id: data.TemplateId,
          template_version: data.templateVersion,
          redirect_to: data.redirectTo ? JSON.stringify(data.redirectTo) : null,
          sender_id: event.metadata.actorId ?? null,
          requested_at: at(event),
        })
        .onConflict('id')
        .ignore()
        .returning('id')) as unknown[];
      // Re-delivered: its messages are there, perhaps sent since.
      if (inserted.length === 0) return;
      const rows = [
        ...data.recipients.map((r) => ({
          ...r,
          status: 'queued',
          skip_reason: null,
          to: JSON.stringify(data.redirectTo ?? (r.email ? [r.email] : [])),
        })),
        ...data.skipped.map((r) => ({
          UserId: r.UserId,
          name: r.name,
          email: r.email,
          status: 'skipped',
          skip_reason: r.reason,
          to: JSON.stringify([]),
        })),
      ].map((r) => ({
        send_id: data.id,
        user_id: r.UserId,
        name: r.name,
        email: r.email,
        status: r.status,
        skip_reason: r.skip_reason,
        to: r.to,
        attempts: 0,
        revision,
      }));
      for (let i = 0; i < rows.length; i += 500) await trx(messages).insert(rows.slice(i, i + 500));
      return;
    }
    case 'EmailMessageSent':
    case 'EmailMessageFailed': {
      const data = EmailMessageSent.parse(event.data);
      await trx(messages)
        .where({ send_id: data.id, user_id: data.UserId })
        .where('revision', '<', revision)
        .update({
          status: event.type === 'EmailMessageSent' ? 'sent' : 'failed',
          to: JSON.stringify(data.to),
          subject: data.subject,
          text: data.text,
          response: data.response,
          attempts: data.attempt,
          at: at(event),
          revision,
        });
      return;
    }
    case 'EmailRetryRequested': {
      const data = EmailRetryRequested.parse(event.data);
      for (let i = 0; i < data.UserIds.length; i += 1000) {
        await trx(messages)
          .where({ send_id: data.id, status: 'failed' })
          .whereIn('user_id', data.UserIds.slice(i, i + 1000))
          .where('revision', '<', revision)
          .update({ status: 'queued', revision });
      }
      return;
    }
    default:
      return;
  }
}

/**
 * E-mails to instructors (docs/email.md): one row per send (its message as written, who sent it,
 * when) and one per recipient (queued, sent, failed with the SMTP server's answer, or not sent
 * and why; what they were sent). A message's row changes only for a later event of its send.
 */
export const emailSendsProjection: Projection = {
  name: 'email_sends',
  version: 1,
  eventTypes: [
    'EmailSendRequested',
    'EmailMessageSent',
    'EmailMessageFailed',
    'EmailRetryRequested',
  ],
  tables: [EMAIL_SENDS_TABLE, EMAIL_MESSAGES_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         revision bigint NOT NULL,
         period_id text NOT NULL,
         subject text NOT NULL,
         body text NOT NULL,
         template_id text,
         template_version integer,
         redirect_to jsonb,
         sender_id text,
         requested_at timestamptz NOT NULL
       )`,
      [ctx.table(EMAIL_SENDS_TABLE)],
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         send_id text NOT NULL,
         user_id text NOT NULL,
         name text NOT NULL,
         email text,
         status text NOT NULL,
         skip_reason text,
         "to" jsonb NOT NULL,
         attempts integer NOT NULL,
         response text,
         subject text,
         text text,
         at timestamptz,
         revision bigint NOT NULL,
         PRIMARY KEY (send_id, user_id)
       )`,
      [ctx.table(EMAIL_MESSAGES_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (send_id, status)', [
      `${ctx.physicalName(EMAIL_MESSAGES_TABLE)}_status`,
      ctx.table(EMAIL_MESSAGES_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    // One notice per send and sender in the batch: its messages' statuses changed.
    const changed = new Map<string, RealtimeNotification>();
    for (const event of events) {
      await applyEvent(trx, event, ctx);
      const id = (event.data as { id?: unknown }).id;
      const actorId = event.metadata.actorId ?? null;
      if (typeof id !== 'string' || !actorId) continue;
      changed.set(`${id}|${actorId}`, {
        event: 'emailSendsChanged',
        rooms: [`user:${actorId}`],
        payload: { id },
        actorId,
      });
    }
    return [...changed.values()];
  },
};
