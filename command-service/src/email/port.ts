import type { EmailRecipient, RecipientFilter } from '@allot/shared-events';

/** What a recipient's merge fields are filled from: who they are and their period's teaching. */
export interface RecipientFacts {
  UserId: string;
  firstName: string;
  lastName: string;
  name: string;
  /** Their sections of the period, named ("BIOL 101-001 Introduction to Biology"). */
  assignments: readonly { label: string; term: string | null; points: number; status: string }[];
  workload: { required: number; assigned: number };
}

/** Where e-mail reads its recipients (the read models). */
export interface EmailSources {
  period(id: string): Promise<{ id: string; name: string } | null>;
  /**
   * Every instructor the filter finds (of these only, when named), with whether (and why not)
   * they receive mail.
   */
  recipients(filter: RecipientFilter, onlyUserIds?: readonly string[]): Promise<EmailRecipient[]>;
  facts(periodId: string, userIds: readonly string[]): Promise<ReadonlyMap<string, RecipientFacts>>;
}

export interface OutgoingMail {
  to: readonly string[];
  subject: string;
  text: string;
}

/** An SMTP server's answer to one message. */
export interface MailDelivery {
  messageId: string | null;
  response: string;
}

/** The server refused the message (or could not be reached): its words, for the sender. */
export class MailRefusedError extends Error {}

/** How mail leaves Allot: an SMTP server (nodemailer), the embedded catcher's or a relay. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailDelivery>;
}
