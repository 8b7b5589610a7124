import nodemailer from 'nodemailer';
import { MailRefusedError, type MailDelivery, type Mailer, type OutgoingMail } from './port.js';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port or smtps://… (ALLOT_SMTP_URL). */
  url: string;
  /** The sender every message names (ALLOT_MAIL_FROM). */
  from: string;
}

/**
 * Mail through an SMTP server with nodemailer (pooled: a send of thousands reuses connections).
 * A refusal, for all recipients or the server unreachable, is a `MailRefusedError` carrying the
 * server's words; the job records them for the message.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: options.url, pool: true, maxConnections: 2 });
  return {
    async send(mail: OutgoingMail): Promise<MailDelivery> {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: [...mail.to],
          subject: mail.subject,
          text: mail.text,
        });
        if (info.rejected.length > 0 && info.accepted.length === 0) {
          throw new MailRefusedError(info.response || 'The mail server refused every recipient.');
        }
        return { messageId: info.messageId ?? null, response: info.response };
      } catch (err) {
        if (err instanceof MailRefusedError) throw err;
        const e = err as { response?: string; message?: string };
        throw new MailRefusedError(
          e.response ?? e.message ?? 'The mail server could not be reached.',
        );
      }
    },
    close: () => transport.close(),
  };
}
