import { emailSendStream, type EmailJobData, type EmailJobResult } from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import type { EventStore } from '@allot/shared-events';
import type { JobContext } from '../jobs/port.js';
import { composeMessage, mergeValuesOf, noFacts } from './composeMessage.js';
import { emailSendDecider } from './decider.js';
import { MailRefusedError, type EmailSources, type Mailer } from './port.js';

export interface EmailJobDeps {
  bus: CommandBus;
  store: EventStore;
  sources: EmailSources;
  mailer: Mailer;
  publicUrl: string;
  abilityOf(userId: string): Promise<AppAbility | null>;
}

/**
 * The `emailInstructors` job (docs/email.md): sends each queued message of a send, one by one,
 * with the recipient's merge fields filled from the read models as they are now, and records
 * every outcome (sent, or failed with the SMTP server's answer) as an event, as the person who
 * asked and under the send's id as correlation id. Stop ends it between messages; those not sent
 * stay queued. A message recorded as sent is never sent again.
 */
export function createEmailJob(deps: EmailJobDeps) {
  return async function emailJob(ctx: JobContext<EmailJobData>): Promise<EmailJobResult> {
    const ability = await deps.abilityOf(ctx.ownerId);
    if (!ability) throw new Error('The person who asked may no longer e-mail instructors.');
    const id = ctx.data.sendId;
    const { state } = await loadAggregate(deps.store, emailSendDecider, emailSendStream(id));
    if (state.status !== 'requested') throw new Error('There is no such e-mail.');
    const { request } = state;
    const queued = Object.entries(state.recipients)
      .filter(
        ([UserId, r]) =>
          r.status === 'queued' && (!ctx.data.UserIds || ctx.data.UserIds.includes(UserId)),
      )
      .map(([UserId, r]) => ({ UserId, ...r }));
    const periodId = request.filter.AcademicPeriodId;
    const period = await deps.sources.period(periodId);
    const facts = await deps.sources.facts(
      periodId,
      queued.map((r) => r.UserId),
    );
    const options = { ability, actorId: ctx.ownerId, correlationId: id };
    const result: EmailJobResult = { sent: 0, failed: 0, stopped: false };
    const total = queued.length;
    await ctx.reportProgress({ done: 0, total });
    for (const [index, recipient] of queued.entries()) {
      if (ctx.signal.aborted) {
        result.stopped = true;
        break;
      }
      const values = mergeValuesOf(
        facts.get(recipient.UserId) ?? noFacts({ UserId: recipient.UserId, name: recipient.name }),
        period?.name ?? '',
        deps.publicUrl,
      );
      const message = composeMessage(request, values);
      const to = request.redirectTo ?? (recipient.email ? [recipient.email] : []);
      const text = request.redirectTo
        ? `[Developer e-mail, meant for ${recipient.name} <${recipient.email ?? 'no address'}>]\n\n${message.text}`
        : message.text;
      let outcome: { outcome: 'sent' | 'failed'; response: string; messageId: string | null };
      try {
        if (to.length === 0) throw new MailRefusedError('They have no e-mail address.');
        const delivery = await deps.mailer.send({ to, subject: message.subject, text });
        outcome = { outcome: 'sent', ...delivery };
      } catch (err) {
        const response =
          err instanceof Error && err.message
            ? err.message
            : 'The mail server could not be reached.';
        outcome = { outcome: 'failed', response, messageId: null };
      }
      await deps.bus.execute(
        'RecordEmailOutcome',
        {
          id,
          UserId: recipient.UserId,
          to: to.length > 0 ? to : ['(none)'],
          subject: message.subject,
          text,
          ...outcome,
          response: outcome.response.slice(0, 2000),
        },
        options,
      );
      result[outcome.outcome] += 1;
      const done = index + 1;
      if (done % 10 === 0 || done === total) await ctx.reportProgress({ done, total });
    }
    return result;
  };
}
