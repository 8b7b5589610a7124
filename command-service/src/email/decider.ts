import type {
  EmailMessageSent,
  EmailRetryRequested,
  EmailSendRequested,
  RecordEmailOutcome,
  RequestEmailSend,
  RetryFailedEmails,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';

export type EmailSendCommand =
  | Command<'RequestEmailSend', RequestEmailSend>
  | Command<'RecordEmailOutcome', RecordEmailOutcome>
  | Command<'RetryFailedEmails', RetryFailedEmails>;

export type EmailSendEvent =
  | DomainEvent<'EmailSendRequested', EmailSendRequested>
  | DomainEvent<'EmailMessageSent', EmailMessageSent>
  | DomainEvent<'EmailMessageFailed', EmailMessageSent>
  | DomainEvent<'EmailRetryRequested', EmailRetryRequested>;

export interface EmailRecipientState {
  name: string;
  email: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
}

export type EmailSendState =
  | { status: 'none' }
  | {
      status: 'requested';
      request: EmailSendRequested;
      recipients: Readonly<Record<string, EmailRecipientState>>;
    };

const NOT_FOUND = 'There is no such e-mail.';

function withRecipient(
  state: EmailSendState,
  UserId: string,
  change: (r: EmailRecipientState) => EmailRecipientState,
): EmailSendState {
  if (state.status !== 'requested') return state;
  const current = state.recipients[UserId];
  if (!current) return state;
  return { ...state, recipients: { ...state.recipients, [UserId]: change(current) } };
}

/**
 * One e-mail to instructors (docs/email.md): requested with its recipients (each queued), then
 * each message sent or failed with the SMTP server's answer; the failed may be queued again (and
 * what a stopped sending left queued sent then). A
 * message sent stays sent: an outcome recorded twice (a job run again) changes nothing.
 */
export const emailSendDecider: Decider<EmailSendCommand, EmailSendState, EmailSendEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailSendRequested':
        return {
          status: 'requested',
          request: event.data,
          recipients: Object.fromEntries(
            event.data.recipients.map((r) => [
              r.UserId,
              { name: r.name, email: r.email, status: 'queued' as const, attempts: 0 },
            ]),
          ),
        };
      case 'EmailMessageSent':
      case 'EmailMessageFailed': {
        const status = event.type === 'EmailMessageSent' ? 'sent' : 'failed';
        return withRecipient(state, event.data.UserId, (r) => ({
          ...r,
          status,
          attempts: event.data.attempt,
        }));
      }
      case 'EmailRetryRequested':
        return event.data.UserIds.reduce(
          (next, UserId) => withRecipient(next, UserId, (r) => ({ ...r, status: 'queued' })),
          state,
        );
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown e-mail event ${String(unexpected)}`);
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestEmailSend':
        if (state.status !== 'none') throw new DomainRuleError('This e-mail was sent already.');
        return [{ type: 'EmailSendRequested', data: command.data }];
      case 'RecordEmailOutcome': {
        if (state.status !== 'requested') throw new NotFoundError(NOT_FOUND);
        const recipient = state.recipients[command.data.UserId];
        if (!recipient) throw new DomainRuleError('This person is not a recipient of this e-mail.');
        // Sent once is sent: a job that runs again does not send or record it twice.
        if (recipient.status === 'sent') return [];
        const { outcome, ...data } = command.data;
        return [
          {
            type: outcome === 'sent' ? 'EmailMessageSent' : 'EmailMessageFailed',
            data: { ...data, attempt: recipient.attempts + 1 },
          },
        ];
      }
      case 'RetryFailedEmails': {
        if (state.status !== 'requested') throw new NotFoundError(NOT_FOUND);
        const recipients = Object.entries(state.recipients);
        const failed = recipients.filter(([, r]) => r.status === 'failed').map(([id]) => id);
        if (failed.length === 0 && !recipients.some(([, r]) => r.status === 'queued')) {
          throw new DomainRuleError(
            'Every message of this e-mail was sent: there is nothing to send again.',
          );
        }
        // Only queued ones (a stopped sending): nothing to record, the job sends them.
        if (failed.length === 0) return [];
        return [{ type: 'EmailRetryRequested', data: { id: command.data.id, UserIds: failed } }];
      }
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown e-mail command ${String(unexpected)}`);
      }
    }
  },
};
