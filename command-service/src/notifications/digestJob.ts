import {
  NOTIFICATION_DIGEST_HORIZON_HOURS,
  NOTIFICATION_DIGEST_MAX_ITEMS,
  NOTIFICATION_DIGEST_MIN_GAP_MINUTES,
  NOTIFICATION_KINDS,
  notificationStream,
  type EventStore,
  type NotificationKind,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { MailRefusedError, type Mailer } from '../email/port.js';
import type { JobContext } from '../jobs/port.js';
import { notificationDecider } from './decider.js';

/** One notification a digest tells of, worded as the bell words it. */
export interface DigestItem {
  id: string;
  kind: NotificationKind;
  at: string;
  title: string;
  text: string;
  link: string | null;
}

/** A person with notifications wanted by e-mail and not yet sent, whom e-mail reaches. */
export interface DigestPerson {
  userId: string;
  firstName: string;
  email: string;
  /** Oldest first. */
  items: readonly DigestItem[];
}

/** Where the digest reads what is waiting (the notifications read model). */
export interface NotificationDigestSources {
  /** Everyone with something waiting since `since`, whose profile receives e-mail. */
  pending(since: Date): Promise<DigestPerson[]>;
}

export interface NotificationDigestJobDeps {
  bus: CommandBus;
  store: EventStore;
  sources: NotificationDigestSources;
  mailer: Mailer;
  publicUrl: string;
  /** Developer e-mails: every message goes to these instead (null while the flag is off). */
  developerAddresses(): readonly string[] | null;
  abilityOf(userId: string): Promise<AppAbility | null>;
  now?: () => Date;
}

export interface NotificationDigestResult {
  sent: number;
  failed: number;
  /** People whose last digest went less than an hour ago: theirs waits for the next run. */
  waiting: number;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });

/** The digest's words: each notification, then where to see them and how to choose fewer. */
export function digestMessage(
  person: DigestPerson,
  items: readonly DigestItem[],
  publicUrl: string,
): { subject: string; text: string } {
  const count = items.length;
  const subject =
    count === 1
      ? `Allot: ${items[0]?.title ?? 'a change to your teaching'}`
      : `Allot: ${String(count)} changes to your teaching`;
  const lines = items.map(
    (item) => `- ${item.title} (${when(item.at)} UTC)\n  ${item.text.replaceAll('\n', ' ')}`,
  );
  const base = publicUrl.replace(/\/$/, '');
  const text = [
    `Hello ${person.firstName || 'there'},`,
    '',
    count === 1
      ? 'Since your last message from Allot:'
      : `Since your last message from Allot, ${String(count)} changes:`,
    '',
    ...lines,
    '',
    `See them in Allot: ${base}/myWorkload`,
    `Choose what you hear of by e-mail: Notification settings, in the account menu (${base}/).`,
  ].join('\n');
  return { subject, text };
}

/**
 * The `notificationDigest` job, run every hour (docs/notifications.md): for each person with
 * notifications wanted by e-mail and not yet sent (of the last day, of kinds they may still read),
 * one message listing them, through the e-mail path of Email Instructors; each sent digest is
 * recorded (`NotificationDigestSent`), which marks its notifications sent. A person whose last
 * digest went less than an hour ago waits for the next run; a refused message is tried again then.
 */
export function createNotificationDigestJob(deps: NotificationDigestJobDeps) {
  const now = deps.now ?? (() => new Date());
  return async function notificationDigestJob(
    ctx: JobContext<unknown>,
  ): Promise<NotificationDigestResult> {
    const started = now();
    const since = new Date(started.getTime() - NOTIFICATION_DIGEST_HORIZON_HOURS * 3_600_000);
    const people = await deps.sources.pending(since);
    const result: NotificationDigestResult = { sent: 0, failed: 0, waiting: 0 };
    await ctx.reportProgress({ done: 0, total: people.length });
    for (const [index, person] of people.entries()) {
      if (ctx.signal.aborted) break;
      const { state } = await loadAggregate(
        deps.store,
        notificationDecider,
        notificationStream(person.userId),
      );
      const gap = NOTIFICATION_DIGEST_MIN_GAP_MINUTES * 60_000;
      if (state.lastDigestAt && started.getTime() - Date.parse(state.lastDigestAt) < gap) {
        result.waiting += 1;
        continue;
      }
      // Only kinds the person may still read: nobody learns by e-mail what the bell would hide.
      const ability = await deps.abilityOf(person.userId);
      const items = person.items
        .filter((item) => ability?.can('read', NOTIFICATION_KINDS[item.kind].subject) ?? false)
        .slice(0, NOTIFICATION_DIGEST_MAX_ITEMS);
      if (items.length === 0) continue;
      const { subject, text } = digestMessage(person, items, deps.publicUrl);
      const developers = deps.developerAddresses();
      // Developer e-mails on with nowhere to send them: nothing leaves (as Email Instructors).
      if (developers?.length === 0) continue;
      const to = developers ?? [person.email];
      const body = developers
        ? `[Developer e-mail, meant for ${person.firstName} <${person.email}>]\n\n${text}`
        : text;
      try {
        const delivery = await deps.mailer.send({ to, subject, text: body });
        await deps.bus.execute('RecordNotificationDigest', {
          userId: person.userId,
          ids: items.map((item) => item.id),
          sentAt: started.toISOString(),
          to,
          subject,
          text: body,
          messageId: delivery.messageId,
          response: delivery.response.slice(0, 2000),
        });
        result.sent += 1;
      } catch (err) {
        // Refused now, tried again in an hour; anything else is a fault of ours.
        if (!(err instanceof MailRefusedError)) throw err;
        result.failed += 1;
      }
      await ctx.reportProgress({ done: index + 1, total: people.length });
    }
    return result;
  };
}
