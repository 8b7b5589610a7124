import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EMAIL_JOB,
  EmailPreviewRequest,
  SendEmailRequest,
  emailSendStream,
  emailTemplates,
  type EmailJobData,
  type EmailPreviewAnswer,
  type EventStore,
  type FeatureFlags,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest, workingUserOf } from '../commandHandling/httpCommand.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import type { Jobs } from '../jobs/port.js';
import { stopOwnJob } from '../jobs/stopOwnJob.js';
import { composeMessage, mergeValuesOf, noFacts } from './composeMessage.js';
import { emailSendDecider } from './decider.js';
import type { EmailSources } from './port.js';

export interface EmailRouteOptions {
  store: EventStore;
  sources: EmailSources;
  jobs: Pick<Jobs, 'enqueue' | 'status' | 'stop'>;
  /** The address links in messages lead to (ALLOT_PUBLIC_URL). */
  publicUrl: string;
  /** Where every message goes instead while developer e-mails are on (ALLOT_DEV_EMAILS). */
  developerAddresses: readonly string[];
  featureFlags?: { readonly flags: Pick<FeatureFlags, 'devEmailsEnabled'> };
}

const NO_PERIOD = 'There is no such academic period.';

/**
 * Email Instructors' writes (docs/email.md; manage Email: admin and academic operations):
 * POST /api/email/preview (one recipient's message as it would go), POST /api/email/sends (the
 * message to everyone the filter finds: recorded with its recipients, then sent by a job, 202)
 * POST /api/email/sends/:id/retry (the failed ones again, 202) and POST /api/email/jobs/:id/stop
 * (stops a sending between messages: those not sent stay queued, to send with a retry).
 */
export function emailRoutes(
  fastify: FastifyInstance,
  options: EmailRouteOptions,
  done: (err?: Error) => void,
): void {
  const config = requires('manage', 'Email');
  const { sources } = options;
  const redirectTo = (): string[] | null => {
    if (!options.featureFlags?.flags.devEmailsEnabled) return null;
    if (options.developerAddresses.length === 0) {
      throw new DomainRuleError(
        'Developer e-mails are on, but no developer address is set for this installation: ask its operator, or turn developer e-mails off.',
      );
    }
    return [...options.developerAddresses];
  };

  /** The version of the template a message was written from (its revision + 1). */
  async function templateVersionOf(id: string): Promise<number> {
    const events = await options.store.readStream(emailTemplates.streamId(id)).catch(() => []);
    const last = events.at(-1);
    if (!last || last.type === emailTemplates.eventTypes.deleted) {
      throw new DomainRuleError('The template this message was written from has been deleted.');
    }
    return Number(last.revision) + 1;
  }

  fastify.post('/api/email/preview', { config }, async (request): Promise<EmailPreviewAnswer> => {
    const body = parseRequest(EmailPreviewRequest, request.body);
    const period = await sources.period(body.AcademicPeriodId);
    if (!period) throw new NotFoundError(NO_PERIOD);
    const [recipient] = await sources.recipients(
      { AcademicPeriodId: period.id, assignments: 'any', preferences: 'any' },
      [body.UserId],
    );
    if (!recipient) throw new NotFoundError('There is no such instructor.');
    const facts = (await sources.facts(period.id, [body.UserId])).get(body.UserId);
    const message = composeMessage(
      body.draft,
      mergeValuesOf(facts ?? noFacts(recipient), period.name, options.publicUrl),
    );
    const developers = redirectTo();
    return {
      to: developers ?? (recipient.email ? [recipient.email] : []),
      redirectedFrom: developers ? recipient.email : null,
      skipped: recipient.skipped,
      ...message,
    };
  });

  fastify.post('/api/email/sends', { config }, async (request, reply) => {
    const { filter, draft } = parseRequest(SendEmailRequest, request.body);
    if (!(await sources.period(filter.AcademicPeriodId))) throw new NotFoundError(NO_PERIOD);
    const developers = redirectTo();
    const templateVersion = draft.TemplateId ? await templateVersionOf(draft.TemplateId) : null;
    const found = await sources.recipients(filter);
    const person = (r: (typeof found)[number]) => ({
      UserId: r.UserId,
      name: r.name,
      email: r.email,
    });
    const recipients = found.filter((r) => r.skipped === null).map(person);
    if (recipients.length === 0) {
      throw new DomainRuleError(
        'Nobody the filters find receives e-mail from Allot: there is no one to send it to.',
      );
    }
    const skipped = found.flatMap((r) => (r.skipped ? [{ ...person(r), reason: r.skipped }] : []));
    const id = randomUUID();
    await fastify.commandBus.execute(
      'RequestEmailSend',
      {
        id,
        filter,
        subject: draft.subject,
        body: draft.body,
        TemplateId: draft.TemplateId ?? null,
        templateVersion,
        redirectTo: developers,
        recipients,
        skipped,
      },
      { ...commandOptionsFor(request), correlationId: id },
    );
    const data: EmailJobData = { sendId: id };
    const job = await options.jobs.enqueue(EMAIL_JOB, data, {
      ownerId: workingUserOf(request),
      jobId: `email-${id}-0`,
    });
    return reply.code(202).send({ id, jobId: job.id });
  });

  fastify.post<{ Params: { id: string } }>(
    '/api/email/sends/:id/retry',
    { config },
    async (request, reply) => {
      const id = request.params.id;
      const { state } = await loadAggregate(options.store, emailSendDecider, emailSendStream(id));
      const retried =
        state.status === 'requested'
          ? Object.values(state.recipients).filter((r) => r.status !== 'sent').length
          : 0;
      const { revision } = await fastify.commandBus.execute(
        'RetryFailedEmails',
        { id },
        { ...commandOptionsFor(request), correlationId: id },
      );
      // The job sends every queued message of the send: the failed ones are queued again, and
      // what a stopped sending left is queued still. Its id is the send's at this revision, so a
      // retry asked twice before anything changed sends once.
      const data: EmailJobData = { sendId: id };
      const job = await options.jobs.enqueue(EMAIL_JOB, data, {
        ownerId: workingUserOf(request),
        jobId: `email-${id}-${String(revision)}`,
      });
      return reply.code(202).send({ id, jobId: job.id, retried });
    },
  );
  fastify.post('/api/email/jobs/:id/stop', { config }, async (request, reply) => {
    await stopOwnJob(options.jobs, request, EMAIL_JOB, {
      notFound: 'There is no such sending running.',
      notOwner: 'Only the person who started this sending can stop it.',
    });
    return reply.code(204).send();
  });
  done();
}
