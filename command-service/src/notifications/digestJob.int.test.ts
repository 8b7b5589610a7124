// @allot-needs postgres
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import {
  defineAbilityFor,
  notificationStream,
  type AbilityContext,
  type EventStore,
} from '@allot/shared-events';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { createSmtpMailer } from '../email/smtpMailer.js';
import type { JobContext } from '../jobs/port.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import {
  createNotificationDigestJob,
  type DigestPerson,
  type NotificationDigestJobDeps,
} from './digestJob.js';

/*
 * The hourly digest through a real SMTP server (smtp-server, on loopback) and the event store on
 * PostgreSQL: one message per person listing what waits, recorded as sent; nothing more to anyone
 * within the hour; kinds the person may no longer read left out; a refused address tried again
 * next time; developer e-mails redirected.
 */
let db: TestStore;
let store: EventStore;
const received: { to: string[]; subject: string; text: string }[] = [];
const refused = new Set<string>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onRcptTo(address, _session, callback) {
    if (!refused.has(address.address)) {
      callback();
      return;
    }
    const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
    err.responseCode = 550;
    callback(err);
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      })
      .catch((err: Error) => callback(err));
  },
});
let mailer: ReturnType<typeof createSmtpMailer>;

const contexts: Record<string, AbilityContext> = {
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  bob: { ...demoContextFor('faculty'), userId: 'bob' },
  // Cy's My Workload is turned off: assignment news is not for him, meeting news still is.
  cy: {
    ...demoContextFor('faculty'),
    userId: 'cy',
    featureFlags: {
      ...demoContextFor('faculty').featureFlags,
      myTeachingAssignmentsEnabled: false,
    },
  },
};
let people: DigestPerson[];
const item = (id: string, kind: DigestPerson['items'][number]['kind'], title: string) => ({
  id,
  kind,
  at: '2026-11-28T09:05:00.000Z',
  title,
  text: 'Calculus I',
  link: '/myWorkload',
});

beforeAll(async () => {
  db = await openNativeTestStore(4);
  store = db.store;
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${String(port)}`, from: 'allot@example.edu' });
});

afterAll(async () => {
  mailer.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.close();
});

beforeEach(() => {
  received.length = 0;
  refused.clear();
  people = [
    {
      userId: 'ada',
      firstName: 'Ada',
      email: 'ada@example.edu',
      items: [
        item('n1', 'assignmentProposed', 'You are proposed to teach MATH 101 001'),
        item('n2', 'assignmentApproved', 'Your assignment to MATH 101 001 is approved'),
      ],
    },
    {
      userId: 'cy',
      firstName: 'Cy',
      email: 'cy@example.edu',
      items: [
        item('n3', 'assignmentProposed', 'You are proposed to teach MATH 101 002'),
        item('n4', 'meetingsChanged', 'MATH 101 002 meets at new times or places'),
      ],
    },
  ];
});

function runAt(instant: string, extra: Partial<NotificationDigestJobDeps> = {}) {
  const job = createNotificationDigestJob({
    bus: createCommandBus({ store }),
    store,
    sources: { pending: () => Promise.resolve(people) },
    mailer,
    publicUrl: 'https://allot.example.edu',
    developerAddresses: () => null,
    abilityOf: (userId) => {
      const context = contexts[userId];
      return Promise.resolve(context ? defineAbilityFor(context) : null);
    },
    now: () => new Date(instant),
    ...extra,
  });
  const ctx: JobContext<unknown> = {
    id: 'digest',
    data: {},
    ownerId: 'notificationDigest',
    reportProgress: () => Promise.resolve(),
    signal: new AbortController().signal,
  };
  return job(ctx);
}
const digests = async (userId: string) =>
  (await db.events(notificationStream(userId))).filter((e) => e.type === 'NotificationDigestSent');

describe('the hourly notification digest', () => {
  it('sends each person one message of what waits, and records it', async () => {
    expect(await runAt('2026-11-28T10:00:00.000Z')).toEqual({ sent: 2, failed: 0, waiting: 0 });
    const ada = received.find((m) => m.to.includes('ada@example.edu'));
    expect(ada?.subject).toBe('Allot: 2 changes to your teaching');
    expect(ada?.text).toContain('Hello Ada,');
    expect(ada?.text).toContain(
      '- You are proposed to teach MATH 101 001 (Nov 28, 2026, 9:05 AM UTC)\n  Calculus I',
    );
    expect(ada?.text).toContain('See them in Allot: https://allot.example.edu/myWorkload');
    const [recorded] = await digests('ada');
    expect(recorded?.data).toMatchObject({
      userId: 'ada',
      ids: ['n1', 'n2'],
      sentAt: '2026-11-28T10:00:00.000Z',
      to: ['ada@example.edu'],
      subject: 'Allot: 2 changes to your teaching',
    });
    expect(recorded?.metadata.actorId).toBe('system');
    // Cy may no longer read his assignments: only the meeting news goes, as the subject says.
    const cy = received.find((m) => m.to.includes('cy@example.edu'));
    expect(cy?.subject).toBe('Allot: MATH 101 002 meets at new times or places');
    expect(cy?.text).not.toContain('proposed');
    expect((await digests('cy')).map((e) => (e.data as { ids: string[] }).ids)).toEqual([['n4']]);
  });

  it('sends nobody a second message within the hour', async () => {
    expect(await runAt('2026-11-28T10:30:00.000Z')).toEqual({ sent: 0, failed: 0, waiting: 2 });
    expect(received).toEqual([]);
    expect(await digests('ada')).toHaveLength(1);
  });

  it('tries a refused address again next time, recording nothing now', async () => {
    people = [{ ...people[0]!, userId: 'bob', email: 'bob@example.edu' }];
    refused.add('bob@example.edu');
    expect(await runAt('2026-11-28T11:00:00.000Z')).toEqual({ sent: 0, failed: 1, waiting: 0 });
    expect(await digests('bob')).toEqual([]);
    refused.clear();
    expect(await runAt('2026-11-28T12:00:00.000Z')).toEqual({ sent: 1, failed: 0, waiting: 0 });
    expect(await digests('bob')).toHaveLength(1);
  });

  it('sends to the developer addresses instead while developer e-mails are on', async () => {
    people = [people[0]!];
    const result = await runAt('2026-11-28T13:00:00.000Z', {
      developerAddresses: () => ['developers@example.edu'],
    });
    expect(result.sent).toBe(1);
    expect(received.map((m) => m.to)).toEqual([['developers@example.edu']]);
    expect(received[0]?.text).toMatch(/^\[Developer e-mail, meant for Ada <ada@example.edu>\]/);
  });
});

describe('one digest an hour, when two runs record at once', () => {
  it('records exactly one of two digests to the same person sent at the same moment', async () => {
    const bus = createCommandBus({ store });
    const digest = (sentAt: string) => ({
      userId: 'dee',
      ids: ['n9'],
      sentAt,
      to: ['dee@example.edu'],
      subject: 'Allot: a change',
      text: '…',
      messageId: null,
      response: '250 OK',
    });
    const outcomes = await Promise.allSettled([
      bus.execute('RecordNotificationDigest', digest('2026-11-28T14:00:00.000Z')),
      bus.execute('RecordNotificationDigest', digest('2026-11-28T14:00:01.000Z')),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await digests('dee')).toHaveLength(1);
  });
});
