import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createSmtpMailer, type EmailOptions } from '@allot/command-service';
import {
  createCaughtMailStore,
  createEmailRecipientReader,
  createNotificationDigestReader,
  createTableResolver,
  migrateCaughtMail,
} from '@allot/projection-service';
import type { AllotConfig } from '../config/loadConfig.js';

export interface ComposedEmail {
  options: EmailOptions;
  /** True when the embedded catcher keeps the mail (no SMTP server configured). */
  catching: boolean;
  close(): Promise<void>;
}

/** Caught mail's largest message: far above any message to instructors. */
const MAX_CAUGHT_BYTES = 5 * 1024 * 1024;

/**
 * A local SMTP server inside Allot (smtp-server) that keeps every message it is sent in the
 * caught-mail table, where admins read it (Email Instructors → Caught mail). On loopback only,
 * without authentication or TLS: nothing outside this process reaches it.
 */
export async function startMailCatcher(
  knex: Knex,
): Promise<{ url: string; close(): Promise<void> }> {
  await migrateCaughtMail(knex);
  const mailbox = createCaughtMailStore(knex);
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_CAUGHT_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) =>
          mailbox.keep({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            // The parser ends the text with the message's last line break.
            text: (parsed.text ?? '').replace(/\r?\n$/, ''),
          }),
        )
        .then(() => callback())
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * E-mail to instructors across the two services (docs/email.md): recipients read from the read
 * models, mail leaving through ALLOT_SMTP_URL, or through the embedded catcher when none is set.
 */
export async function composeEmail(config: AllotConfig, knex: Knex): Promise<ComposedEmail> {
  const catcher = config.smtpUrl ? null : await startMailCatcher(knex);
  const mailer = createSmtpMailer({
    url: config.smtpUrl ?? catcher?.url ?? '',
    from: config.mailFrom,
  });
  const tables = createTableResolver(knex);
  const reader = createEmailRecipientReader(knex, tables);
  return {
    options: {
      sources: { period: reader.period, recipients: reader.recipients, facts: reader.facts },
      digests: createNotificationDigestReader(knex, tables),
      mailer,
      publicUrl: config.publicUrl,
      developerAddresses: config.developerEmails,
    },
    catching: catcher !== null,
    async close() {
      mailer.close();
      await catcher?.close();
    },
  };
}
