import { z } from 'zod';
import { mergeFieldProblem } from './mergeFields.js';

/**
 * E-mail to instructors (docs/email.md): who receives it (a filter over the period's
 * instructors), what it says (a subject and body with merge fields, perhaps from a saved
 * template), and each send as an aggregate of its own (`emailSend-<id>`): requested with its
 * recipients, then one event per message sent or failed (with the SMTP server's answer), and
 * retries of the failed. Browser-safe (zod only).
 */
export const emailSendStream = (id: string): string => `emailSend-${id}`;

/** The job that sends a send's queued messages (its data: `EmailJobData`). */
export const EMAIL_JOB = 'emailInstructors';

/** The most recipients one send may have: a whole university's faculty, with room. */
export const MAX_EMAIL_RECIPIENTS = 20_000;
export const MAX_EMAIL_SUBJECT = 300;
export const MAX_EMAIL_BODY = 20_000;

const recordId = z.string().trim().min(1).max(100);
const optionalId = recordId.nullable().optional();

export const ASSIGNMENT_FILTERS = ['any', 'with', 'without'] as const;
export const PREFERENCE_FILTERS = ['any', 'notSubmitted'] as const;
export const ASSIGNMENT_FILTER_LABELS: Readonly<
  Record<(typeof ASSIGNMENT_FILTERS)[number], string>
> = {
  any: 'With or without assignments',
  with: 'With assignments in the period',
  without: 'Without assignments in the period',
};
export const PREFERENCE_FILTER_LABELS: Readonly<
  Record<(typeof PREFERENCE_FILTERS)[number], string>
> = {
  any: 'Whatever their preferences',
  notSubmitted: 'Who have not submitted preferences',
};

/** Which instructors a message goes to: the active faculty of a period, narrowed. */
export const RecipientFilter = z.strictObject({
  AcademicPeriodId: recordId,
  WorkgroupId: optionalId,
  InstructorTypeId: optionalId,
  RankId: optionalId,
  assignments: z.enum(ASSIGNMENT_FILTERS).default('any'),
  preferences: z.enum(PREFERENCE_FILTERS).default('any'),
});
export type RecipientFilter = z.infer<typeof RecipientFilter>;

/** The recipients list's query: the filter (as query text) with a search and a page. */
export const EmailRecipientsQuery = RecipientFilter.extend({
  AcademicPeriodId: recordId.optional(),
  q: z.string().trim().max(200).optional(),
  take: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export type EmailRecipientsQuery = z.infer<typeof EmailRecipientsQuery>;

/** Why a matching instructor gets no mail. */
export const EMAIL_SKIP_REASONS = ['optedOut', 'noAddress'] as const;
export type EmailSkipReason = (typeof EMAIL_SKIP_REASONS)[number];
export const EMAIL_SKIP_REASON_LABELS: Readonly<Record<EmailSkipReason, string>> = {
  optedOut: 'Does not receive e-mails (their profile says so)',
  noAddress: 'Has no e-mail address',
};

export const EmailRecipient = z.object({
  UserId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Null: they receive it; else why not. */
  skipped: z.enum(EMAIL_SKIP_REASONS).nullable(),
});
export type EmailRecipient = z.infer<typeof EmailRecipient>;

export const EmailRecipientsAnswer = z.object({
  /** Every matching instructor, and of them how many would receive the message. */
  count: z.number(),
  receiving: z.number(),
  rows: z.array(EmailRecipient),
});
export type EmailRecipientsAnswer = z.infer<typeof EmailRecipientsAnswer>;

const subject = z
  .string()
  .trim()
  .min(1, 'Write a subject.')
  .max(MAX_EMAIL_SUBJECT, `A subject can be at most ${MAX_EMAIL_SUBJECT} characters.`)
  .refine((s) => !/[\r\n]/.test(s), 'A subject is one line.');
const body = z
  .string()
  .trim()
  .min(1, 'Write the message.')
  .max(
    MAX_EMAIL_BODY,
    `A message can be at most ${MAX_EMAIL_BODY.toLocaleString('en-US')} characters.`,
  );

/** A message as written: subject and body with merge fields, and the template it came from. */
export const EmailDraft = z
  .strictObject({
    subject,
    body,
    TemplateId: optionalId,
  })
  .superRefine((draft, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      const problem = mergeFieldProblem(draft[field]);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
  });
export type EmailDraft = z.infer<typeof EmailDraft>;

/** POST /api/email/preview: one recipient's message as it would be sent. */
export const EmailPreviewRequest = z.strictObject({
  AcademicPeriodId: recordId,
  UserId: recordId,
  draft: EmailDraft,
});
export type EmailPreviewRequest = z.infer<typeof EmailPreviewRequest>;

export const EmailPreviewAnswer = z.object({
  /** Where it would go (the developer addresses while developer e-mails are on). */
  to: z.array(z.string()),
  /** Their own address when the message is redirected to the developers. */
  redirectedFrom: z.string().nullable(),
  skipped: z.enum(EMAIL_SKIP_REASONS).nullable(),
  subject: z.string(),
  text: z.string(),
});
export type EmailPreviewAnswer = z.infer<typeof EmailPreviewAnswer>;

/** POST /api/email/sends: send this message to everyone the filter finds. */
export const SendEmailRequest = z.strictObject({ filter: RecipientFilter, draft: EmailDraft });
export type SendEmailRequest = z.infer<typeof SendEmailRequest>;

/** What starting a send (or a retry) answers: the send's id and its job's. */
export const EmailSendStartedAnswer = z.object({
  id: z.string(),
  jobId: z.string(),
  /** A retry: how many messages it sends (the failed, and any a stopped sending left queued). */
  retried: z.number().optional(),
});
export type EmailSendStartedAnswer = z.infer<typeof EmailSendStartedAnswer>;

const Person = z.strictObject({
  UserId: z.string().min(1).max(100),
  name: z.string().max(400),
  email: z.string().max(400).nullable(),
});

/** Written by the send route: the message, its recipients as found, and who is skipped why. */
export const RequestEmailSend = z.strictObject({
  id: recordId,
  filter: RecipientFilter,
  subject: z.string().max(MAX_EMAIL_SUBJECT),
  body: z.string().max(MAX_EMAIL_BODY),
  TemplateId: z.string().max(100).nullable(),
  /** The template's version the message was written from (its revision + 1). */
  templateVersion: z.number().int().min(1).nullable(),
  /** The developer addresses every message goes to instead (developer e-mails on), or null. */
  redirectTo: z.array(z.string().max(400)).max(20).nullable(),
  recipients: z.array(Person).min(1).max(MAX_EMAIL_RECIPIENTS),
  skipped: z.array(Person.extend({ reason: z.enum(EMAIL_SKIP_REASONS) })).max(MAX_EMAIL_RECIPIENTS),
});
export type RequestEmailSend = z.infer<typeof RequestEmailSend>;

export const EMAIL_OUTCOMES = ['sent', 'failed'] as const;

/** One message's outcome, as the SMTP server answered it. */
export const RecordEmailOutcome = z.strictObject({
  id: recordId,
  UserId: z.string().min(1).max(100),
  outcome: z.enum(EMAIL_OUTCOMES),
  to: z.array(z.string().max(400)).min(1).max(20),
  subject: z.string().max(MAX_EMAIL_SUBJECT * 4),
  text: z.string().max(MAX_EMAIL_BODY * 8),
  /** The SMTP server's answer (its words for a refusal). */
  response: z.string().max(2000),
  messageId: z.string().max(400).nullable(),
});
export type RecordEmailOutcome = z.infer<typeof RecordEmailOutcome>;

export const RetryFailedEmails = z.strictObject({ id: recordId });
export type RetryFailedEmails = z.infer<typeof RetryFailedEmails>;

export const EmailSendRequested = RequestEmailSend;
export type EmailSendRequested = RequestEmailSend;
export const EmailMessageSent = RecordEmailOutcome.omit({ outcome: true }).extend({
  attempt: z.number().int().min(1),
});
export type EmailMessageSent = z.infer<typeof EmailMessageSent>;
export const EmailMessageFailed = EmailMessageSent;
export type EmailMessageFailed = EmailMessageSent;
export const EmailRetryRequested = z.strictObject({
  id: recordId,
  UserIds: z.array(z.string()).min(1).max(MAX_EMAIL_RECIPIENTS),
});
export type EmailRetryRequested = z.infer<typeof EmailRetryRequested>;

export const emailEventSchemas = {
  EmailSendRequested,
  EmailMessageSent,
  EmailMessageFailed,
  EmailRetryRequested,
} as const;

/** What the job sends: a send's queued messages, or only these (a retry). */
export const EmailJobData = z.object({
  sendId: z.string(),
  UserIds: z.array(z.string()).optional(),
});
export type EmailJobData = z.infer<typeof EmailJobData>;

export const EmailJobResult = z.object({
  sent: z.number(),
  failed: z.number(),
  stopped: z.boolean(),
});
export type EmailJobResult = z.infer<typeof EmailJobResult>;

export const EMAIL_MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type EmailMessageStatus = (typeof EMAIL_MESSAGE_STATUSES)[number];
export const EMAIL_MESSAGE_STATUS_LABELS: Readonly<Record<EmailMessageStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

const counts = z.object({
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
});

/** A send as listed: what, by whom, when, and how its messages stand. */
export const EmailSendSummary = z.object({
  id: z.string(),
  subject: z.string(),
  senderName: z.string().nullable(),
  requestedAt: z.string(),
  periodName: z.string().nullable(),
  templateName: z.string().nullable(),
  templateVersion: z.number().nullable(),
  redirectTo: z.array(z.string()).nullable(),
  counts,
});
export type EmailSendSummary = z.infer<typeof EmailSendSummary>;

export const EmailSendsAnswer = z.object({ count: z.number(), rows: z.array(EmailSendSummary) });
export type EmailSendsAnswer = z.infer<typeof EmailSendsAnswer>;

export const EmailSendAnswer = EmailSendSummary.extend({ body: z.string() });
export type EmailSendAnswer = z.infer<typeof EmailSendAnswer>;

export const EmailMessageRow = z.object({
  UserId: z.string(),
  name: z.string(),
  /** Where it went (or would go). */
  to: z.array(z.string()),
  status: z.enum(EMAIL_MESSAGE_STATUSES),
  skipReason: z.enum(EMAIL_SKIP_REASONS).nullable(),
  attempts: z.number(),
  /** The SMTP server's last answer. */
  response: z.string().nullable(),
  at: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string().nullable(),
});
export type EmailMessageRow = z.infer<typeof EmailMessageRow>;

export const EmailMessagesQuery = z.strictObject({
  status: z.enum(EMAIL_MESSAGE_STATUSES).optional(),
  take: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export type EmailMessagesQuery = z.infer<typeof EmailMessagesQuery>;

export const EmailMessagesAnswer = z.object({ count: z.number(), rows: z.array(EmailMessageRow) });
export type EmailMessagesAnswer = z.infer<typeof EmailMessagesAnswer>;

/** Mail kept by the embedded SMTP catcher (no SMTP server configured), for admins to read. */
export const CaughtMail = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
});
export type CaughtMail = z.infer<typeof CaughtMail>;
export const CaughtMailAnswer = z.object({
  /** False when mail leaves through a real SMTP server: nothing is kept here. */
  catching: z.boolean(),
  count: z.number(),
  rows: z.array(CaughtMail),
});
export type CaughtMailAnswer = z.infer<typeof CaughtMailAnswer>;
export const CaughtMailQuery = z.strictObject({
  take: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).default(0),
});
