import {
  RecordEmailOutcome,
  RequestEmailSend,
  RetryFailedEmails,
  emailSendStream,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import {
  emailSendDecider,
  type EmailSendCommand,
  type EmailSendEvent,
  type EmailSendState,
} from './decider.js';

/** Email (spec §6): admins and academic operations write to instructors. */
const SUBJECT = 'Email';

type Of<T extends EmailSendCommand['type']> = Extract<EmailSendCommand, { type: T }>;

const onSend = {
  decider: emailSendDecider,
  streamId: (payload: { id: string }) => emailSendStream(payload.id),
  entityId: (payload: { id: string }) => payload.id,
  permit: (ability: Parameters<typeof assertCan>[0]) => assertCan(ability, 'create', SUBJECT),
};

export const requestEmailSendCommand = defineCommand<
  Of<'RequestEmailSend'>,
  EmailSendState,
  EmailSendEvent
>({ name: 'RequestEmailSend', schema: RequestEmailSend, ...onSend });

export const recordEmailOutcomeCommand = defineCommand<
  Of<'RecordEmailOutcome'>,
  EmailSendState,
  EmailSendEvent
>({ name: 'RecordEmailOutcome', schema: RecordEmailOutcome, ...onSend });

export const retryFailedEmailsCommand = defineCommand<
  Of<'RetryFailedEmails'>,
  EmailSendState,
  EmailSendEvent
>({ name: 'RetryFailedEmails', schema: RetryFailedEmails, ...onSend });

export const emailCommands: readonly RunnableCommand[] = [
  requestEmailSendCommand,
  recordEmailOutcomeCommand,
  retryFailedEmailsCommand,
];
