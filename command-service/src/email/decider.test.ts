import type { EmailSendRequested } from '@allot/shared-events';
import type { CommandMeta } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { emailSendDecider, type EmailSendEvent, type EmailSendState } from './decider.js';

const meta: CommandMeta = {
  actorId: 'ops',
  onBehalfOfId: null,
  correlationId: 'c',
  causationId: 'c',
  now: new Date('2026-11-28T00:00:00Z'),
};
const requested: EmailSendRequested = {
  id: 's1',
  filter: { AcademicPeriodId: 'p', assignments: 'any', preferences: 'any' },
  subject: 'Hello',
  body: 'Dear {{firstName}}',
  TemplateId: null,
  templateVersion: null,
  redirectTo: null,
  recipients: [
    { UserId: 'ada', name: 'Ada Lovelace', email: 'ada@example.edu' },
    { UserId: 'alan', name: 'Alan Turing', email: 'alan@example.edu' },
  ],
  skipped: [],
};
const fold = (events: EmailSendEvent[]): EmailSendState =>
  events.reduce(emailSendDecider.evolve, emailSendDecider.initialState);
const outcome = (UserId: string, result: 'sent' | 'failed') => ({
  type: 'RecordEmailOutcome' as const,
  data: {
    id: 's1',
    UserId,
    outcome: result,
    to: [`${UserId}@example.edu`],
    subject: 'Hello',
    text: 'Dear Ada',
    response: result === 'sent' ? '250 OK' : '550 Mailbox unavailable',
    messageId: null,
  },
});
const start: EmailSendEvent = { type: 'EmailSendRequested', data: requested };

describe('an e-mail to instructors', () => {
  it('is requested once', () => {
    expect(
      emailSendDecider.decide({ type: 'RequestEmailSend', data: requested }, fold([]), meta),
    ).toEqual([start]);
    expect(() =>
      emailSendDecider.decide({ type: 'RequestEmailSend', data: requested }, fold([start]), meta),
    ).toThrow(DomainRuleError);
  });

  it('records each outcome with its attempt, and a message sent is never recorded again', () => {
    const failed = emailSendDecider.decide(outcome('ada', 'failed'), fold([start]), meta);
    expect(failed).toEqual([
      { type: 'EmailMessageFailed', data: expect.objectContaining({ UserId: 'ada', attempt: 1 }) },
    ]);
    const retried = emailSendDecider.decide(
      { type: 'RetryFailedEmails', data: { id: 's1' } },
      fold([start, ...failed]),
      meta,
    );
    expect(retried).toEqual([
      { type: 'EmailRetryRequested', data: { id: 's1', UserIds: ['ada'] } },
    ]);
    const sent = emailSendDecider.decide(
      outcome('ada', 'sent'),
      fold([start, ...failed, ...retried]),
      meta,
    );
    expect(sent).toEqual([
      { type: 'EmailMessageSent', data: expect.objectContaining({ attempt: 2 }) },
    ]);
    expect(
      emailSendDecider.decide(
        outcome('ada', 'sent'),
        fold([start, ...failed, ...retried, ...sent]),
        meta,
      ),
    ).toEqual([]);
  });

  it('refuses a retry with everything sent, an unknown recipient and an unknown send', () => {
    const retry = { type: 'RetryFailedEmails' as const, data: { id: 's1' } };
    // Only queued ones (a stopped sending): nothing to record, the job sends them.
    expect(emailSendDecider.decide(retry, fold([start]), meta)).toEqual([]);
    const sent = (UserId: string) =>
      emailSendDecider.decide(outcome(UserId, 'sent'), fold([start]), meta);
    expect(() =>
      emailSendDecider.decide(retry, fold([start, ...sent('ada'), ...sent('alan')]), meta),
    ).toThrow('Every message of this e-mail was sent: there is nothing to send again.');
    expect(() => emailSendDecider.decide(outcome('grace', 'sent'), fold([start]), meta)).toThrow(
      DomainRuleError,
    );
    expect(() => emailSendDecider.decide(outcome('ada', 'sent'), fold([]), meta)).toThrow(
      NotFoundError,
    );
  });
});
