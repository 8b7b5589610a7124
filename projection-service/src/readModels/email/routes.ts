import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  CaughtMailAnswer,
  CaughtMailQuery,
  EmailMessagesAnswer,
  EmailMessagesQuery,
  EmailRecipientsAnswer,
  EmailRecipientsQuery,
  EmailSendAnswer,
  EmailSendsAnswer,
  academicPeriods,
  emailTemplates,
  users,
  type EmailMessageRow,
  type EmailSendAnswer as EmailSendAnswerType,
  type ResourceDefinition,
} from '@allot/shared-events';
import { z } from 'zod';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { createCaughtMailStore } from './caughtMail.js';
import { EMAIL_MESSAGES_TABLE, EMAIL_SENDS_TABLE, emailSendsProjection } from './projection.js';
import { createEmailRecipientReader } from './recipients.js';

export interface EmailReadOptions {
  knex: Knex;
  tables: TableResolver;
  /** True when no SMTP server is configured and the embedded catcher keeps what is sent. */
  mailCatching?: boolean;
}

const SendsQuery = z.strictObject({
  take: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).default(0),
});

/** The viewer when they may e-mail instructors (Email), else the refusal sent. */
function emailViewer(request: FastifyRequest, reply: FastifyReply): ResourceViewer | null {
  const viewer = request.viewer;
  if (!viewer) {
    void sendError(reply, 401, 'Please log in.');
    return null;
  }
  if (!viewer.ability.can('manage', 'Email')) {
    void sendError(reply, 403, 'You may not e-mail instructors.');
    return null;
  }
  return viewer;
}

interface SendRow {
  id: string;
  subject: string;
  body: string;
  requested_at: Date | string;
  template_version: number | null;
  redirect_to: string[] | null;
  sender_name: string | null;
  period_name: string | null;
  template_name: string | null;
  recipients: string | number;
  queued: string | number;
  sent: string | number;
  failed: string | number;
  skipped: string | number;
}

/**
 * Email Instructors' reads (docs/email.md; Email: admin and academic operations):
 * GET /api/email/recipients (who a filter finds, paged, with how many receive mail),
 * GET /api/email/sends (what was sent, newest first), /api/email/sends/:id and its messages
 * (each recipient's status and the SMTP server's answer, filtered by status and paged), and
 * GET /api/email/caught (what the embedded SMTP catcher kept, when no SMTP server is set).
 */
export function emailReadRoutes(
  fastify: FastifyInstance,
  options: EmailReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;
  const reader = createEmailRecipientReader(knex, tables);
  const caught = createCaughtMailStore(knex);
  const config = requiresRead('Email');
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  app.get(
    '/api/email/recipients',
    { config, schema: { response: { 200: EmailRecipientsAnswer } } },
    async (request, reply) => {
      const viewer = emailViewer(request, reply);
      if (!viewer) return answered(reply);
      const query = EmailRecipientsQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The filters are not valid.'));
      const { q, take, skip, ...filter } = query.data;
      const AcademicPeriodId = filter.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!AcademicPeriodId || !(await reader.period(AcademicPeriodId))) {
        return answered(sendError(reply, 404, 'There is no such academic period.'));
      }
      return reader.page({ ...filter, AcademicPeriodId }, { ...(q ? { q } : {}), take, skip });
    },
  );

  async function sends(where: (q: Knex.QueryBuilder) => void, take: number, skip: number) {
    const [s, m, u, p, t] = await Promise.all([
      tables.table(emailSendsProjection.name, EMAIL_SENDS_TABLE),
      tables.table(emailSendsProjection.name, EMAIL_MESSAGES_TABLE),
      recordsOf(users),
      recordsOf(academicPeriods),
      recordsOf(emailTemplates),
    ]);
    const counts = knex(m)
      .select('send_id')
      .count({ recipients: '*' })
      .select(
        ...(['queued', 'sent', 'failed', 'skipped'] as const).map((status) =>
          knex.raw(`count(*) filter (where status = '${status}') as ${status}`),
        ),
      )
      .groupBy('send_id')
      .as('c');
    return (await knex({ s })
      .leftJoin(counts, 'c.send_id', 's.id')
      .leftJoin({ u }, 'u.id', 's.sender_id')
      .leftJoin({ p }, 'p.id', 's.period_id')
      .leftJoin({ t }, 't.id', 's.template_id')
      .modify(where)
      .select(
        's.id',
        's.subject',
        's.body',
        's.requested_at',
        's.template_version',
        's.redirect_to',
        knex.raw(
          "coalesce(nullif(u.data->>'displayName', ''), concat_ws(' ', u.data->>'firstName', u.data->>'lastName')) as sender_name",
        ),
        knex.raw("p.data->>'name' as period_name"),
        knex.raw("t.data->>'name' as template_name"),
        ...(['recipients', 'queued', 'sent', 'failed', 'skipped'] as const).map((c) =>
          knex.raw(`coalesce(c.${c}, 0) as ${c}`),
        ),
      )
      .orderBy([
        { column: 's.requested_at', order: 'desc' },
        { column: 's.id', order: 'desc' },
      ])
      .limit(take)
      .offset(skip)) as SendRow[];
  }
  const summaryOf = (r: SendRow): EmailSendAnswerType => ({
    id: r.id,
    subject: r.subject,
    body: r.body,
    senderName: r.sender_name,
    requestedAt: new Date(r.requested_at).toISOString(),
    periodName: r.period_name,
    templateName: r.template_name,
    templateVersion: r.template_version,
    redirectTo: r.redirect_to,
    counts: {
      recipients: Number(r.recipients),
      queued: Number(r.queued),
      sent: Number(r.sent),
      failed: Number(r.failed),
      skipped: Number(r.skipped),
    },
  });

  app.get(
    '/api/email/sends',
    { config, schema: { response: { 200: EmailSendsAnswer } } },
    async (request, reply) => {
      if (!emailViewer(request, reply)) return answered(reply);
      const query = SendsQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const table = await tables.table(emailSendsProjection.name, EMAIL_SENDS_TABLE);
      const [counted] = await knex(table).count<{ count: string }[]>({ count: '*' });
      const rows = await sends(() => undefined, query.data.take, query.data.skip);
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => {
          const { body: _body, ...summary } = summaryOf(r);
          return summary;
        }),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/email/sends/:id',
    { config, schema: { response: { 200: EmailSendAnswer } } },
    async (request, reply) => {
      if (!emailViewer(request, reply)) return answered(reply);
      const [row] = await sends((q) => void q.where('s.id', request.params.id), 1, 0);
      if (!row) return answered(sendError(reply, 404, 'There is no such e-mail.'));
      return summaryOf(row);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/email/sends/:id/messages',
    { config, schema: { response: { 200: EmailMessagesAnswer } } },
    async (request, reply) => {
      if (!emailViewer(request, reply)) return answered(reply);
      const query = EmailMessagesQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const [s, m] = await Promise.all([
        tables.table(emailSendsProjection.name, EMAIL_SENDS_TABLE),
        tables.table(emailSendsProjection.name, EMAIL_MESSAGES_TABLE),
      ]);
      if (!(await knex(s).where({ id: request.params.id }).first('id'))) {
        return answered(sendError(reply, 404, 'There is no such e-mail.'));
      }
      const base = knex(m)
        .where({ send_id: request.params.id })
        .modify((q) => {
          if (query.data.status) q.where({ status: query.data.status });
        });
      const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
      const rows = (await base
        .orderByRaw("case status when 'failed' then 0 when 'queued' then 1 else 2 end")
        .orderByRaw('lower(name), user_id')
        .limit(query.data.take)
        .offset(query.data.skip)) as {
        user_id: string;
        name: string;
        to: string[];
        status: EmailMessageRow['status'];
        skip_reason: EmailMessageRow['skipReason'];
        attempts: number;
        response: string | null;
        at: Date | null;
        subject: string | null;
        text: string | null;
      }[];
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r): EmailMessageRow => ({
          UserId: r.user_id,
          name: r.name,
          to: r.to,
          status: r.status,
          skipReason: r.skip_reason,
          attempts: r.attempts,
          response: r.response,
          at: r.at ? new Date(r.at).toISOString() : null,
          subject: r.subject,
          text: r.text,
        })),
      };
    },
  );

  app.get(
    '/api/email/caught',
    { config, schema: { response: { 200: CaughtMailAnswer } } },
    async (request, reply) => {
      if (!emailViewer(request, reply)) return answered(reply);
      const query = CaughtMailQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      if (!options.mailCatching) return { catching: false, count: 0, rows: [] };
      return { catching: true, ...(await caught.list(query.data.take, query.data.skip)) };
    },
  );
  done();
}
