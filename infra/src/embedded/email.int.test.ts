import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import {
  EmailMessagesAnswer,
  EmailPreviewAnswer,
  EmailRecipientsAnswer,
  EmailSendAnswer,
  type EmailJobResult,
} from '@allot/shared-events';
import { demoAcademicPeriodId } from '../seed/demoPeriods.js';
import { demoDepartmentId } from '../seed/demoTeaching.js';
import { startDemoAllot } from '../testing/demoAllot.js';

/*
 * Email Instructors through the whole embedded app on the demo, with mail leaving through a real
 * SMTP server run by the test (smtp-server): a filtered group, a preview, the send as a job with
 * one recipient refused by the server and then retried, the events and the refusals of §6.
 */
interface Received {
  to: string[];
  subject: string;
  text: string;
}
const received: Received[] = [];
/** Addresses the test's SMTP server refuses (550), until the test lets them through. */
const refused = new Set<string>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refused.has(address.address.toLowerCase())) {
      const err = new Error('Mailbox unavailable: no such user here') as Error & {
        responseCode: number;
      };
      err.responseCode = 550;
      callback(err);
      return;
    }
    callback();
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

let demo: Awaited<ReturnType<typeof startDemoAllot>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  demo = await startDemoAllot('allot-email-', {
    ALLOT_SMTP_URL: `smtp://127.0.0.1:${String(port)}`,
    ALLOT_MAIL_FROM: 'Allot <planning@example.edu>',
    ALLOT_FEATURE_DEV_EMAILS_ENABLED: 'off',
    ALLOT_DEV_EMAILS: 'dev-one@example.edu, dev-two@example.edu',
  });
}, 300_000);

afterAll(async () => {
  await demo?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const period = demoAcademicPeriodId('active');
const biology = demoDepartmentId('biology');
const filter = { AcademicPeriodId: period, WorkgroupId: biology, assignments: 'with' };
const draft = {
  subject: 'Your teaching in {{periodName}}',
  body: 'Dear {{firstName}},\n\nYou teach:\n{{assignments}}\n\nWorkload: {{workload}}.\nSee {{myWorkloadLink}}',
};

async function jobResult(jobId: string): Promise<EmailJobResult> {
  for (let i = 0; i < 600; i += 1) {
    const status = await demo.allot.jobs.status(jobId);
    if (status?.state === 'completed') return status.result as EmailJobResult;
    if (status?.state === 'failed') throw new Error(status.error);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the e-mail job did not finish');
}

describe('e-mailing instructors', () => {
  let recipients: EmailRecipientsAnswer;

  it('finds the instructors a filter names, with who receives mail', async () => {
    const query = new URLSearchParams({ ...filter, take: '200' });
    const answer = await demo.call('GET', `/api/email/recipients?${query}`, 'academicOpsAdmin');
    expect(answer).toMatchObject({ status: 200 });
    recipients = EmailRecipientsAnswer.parse(answer.body);
    expect(recipients.count).toBeGreaterThan(1);
    expect(recipients.receiving).toBe(recipients.rows.filter((r) => !r.skipped).length);
    const all = await demo.call(
      'GET',
      `/api/email/recipients?${new URLSearchParams({ AcademicPeriodId: period, take: '1' })}`,
      'admin',
    );
    // The workgroup narrows the period's whole faculty.
    expect(all.body.count).toBeGreaterThan(recipients.count);
  });

  it('previews one recipient’s message with their merge fields filled', async () => {
    const first = recipients.rows[0]!;
    const answer = await demo.call('POST', '/api/email/preview', 'academicOpsAdmin', {
      AcademicPeriodId: period,
      UserId: first.UserId,
      draft,
    });
    expect(answer.status).toBe(200);
    const preview = EmailPreviewAnswer.parse(answer.body);
    expect(preview.to).toEqual([first.email]);
    expect(preview.subject).toMatch(/^Your teaching in \S/);
    expect(preview.text).toMatch(/^Dear \S+,/);
    expect(preview.text).toMatch(/^- [A-Z]+ \d+/m);
    expect(preview.text).toMatch(/Workload: [\d.]+ of [\d.]+ points assigned/);
    expect(preview.text).toContain('/myWorkload');
    expect(preview.text).not.toContain('{{');
  });

  it('sends to the group through the SMTP server, records who failed, and retries them', async () => {
    const receiving = recipients.rows.filter((r) => !r.skipped);
    const unlucky = receiving[1]!;
    refused.add(unlucky.email!.toLowerCase());
    const started = await demo.call('POST', '/api/email/sends', 'academicOpsAdmin', {
      filter,
      draft,
    });
    expect(started.status).toBe(202);
    const { id, jobId } = started.body as { id: string; jobId: string };
    expect(await jobResult(jobId)).toEqual({
      sent: receiving.length - 1,
      failed: 1,
      stopped: false,
    });
    expect(received.map((m) => m.to[0]).sort()).toEqual(
      receiving
        .filter((r) => r !== unlucky)
        .map((r) => r.email)
        .sort(),
    );
    const mine = received.find((m) => m.to[0] === receiving[0]!.email)!;
    expect(mine.subject).toMatch(/^Your teaching in \S/);
    expect(mine.text).toContain(`Dear ${receiving[0]!.name.split(' ')[0]}`);

    await demo.settled();
    const send = EmailSendAnswer.parse(
      (await demo.call('GET', `/api/email/sends/${id}`, 'admin')).body,
    );
    expect(send.counts).toMatchObject({ sent: receiving.length - 1, failed: 1, queued: 0 });
    expect(send.senderName).toBeTruthy();
    const failed = EmailMessagesAnswer.parse(
      (await demo.call('GET', `/api/email/sends/${id}/messages?status=failed`, 'admin')).body,
    );
    expect(failed.rows).toEqual([
      expect.objectContaining({ UserId: unlucky.UserId, status: 'failed', attempts: 1 }),
    ]);
    expect(failed.rows[0]!.response).toMatch(/550.*Mailbox unavailable/);

    // The events say who sent what to whom, under the send's id.
    const events = await demo.allot.store.readStream(`emailSend-${id}`);
    expect(events.map((e) => e.type)).toEqual([
      'EmailSendRequested',
      ...Array.from({ length: receiving.length }, (): unknown =>
        expect.stringMatching(/^EmailMessage/),
      ),
    ]);
    expect(events.every((e) => e.metadata.correlationId === id)).toBe(true);

    refused.clear();
    const retry = await demo.call('POST', `/api/email/sends/${id}/retry`, 'academicOpsAdmin');
    expect(retry.status).toBe(202);
    expect(retry.body.retried).toBe(1);
    expect(await jobResult(retry.body.jobId as string)).toEqual({
      sent: 1,
      failed: 0,
      stopped: false,
    });
    expect(received.filter((m) => m.to[0] === unlucky.email)).toHaveLength(1);
    await demo.settled();
    const after = EmailSendAnswer.parse(
      (await demo.call('GET', `/api/email/sends/${id}`, 'admin')).body,
    );
    expect(after.counts).toMatchObject({ sent: receiving.length, failed: 0 });
    // Nothing failed now: a retry has nothing to send.
    const again = await demo.call('POST', `/api/email/sends/${id}/retry`, 'academicOpsAdmin');
    expect(again.status).toBe(422);
  });

  it('sends every message to the developer addresses while developer e-mails are on', async () => {
    const on = await demo.call('PUT', '/api/settings/devEmailsEnabled', 'admin', { value: 'true' });
    expect(on.status).toBe(200);
    try {
      const first = recipients.rows.find((r) => !r.skipped)!;
      const preview = await demo.call('POST', '/api/email/preview', 'admin', {
        AcademicPeriodId: period,
        UserId: first.UserId,
        draft,
      });
      expect(preview.body).toMatchObject({
        to: ['dev-one@example.edu', 'dev-two@example.edu'],
        redirectedFrom: first.email,
      });
      received.length = 0;
      const started = await demo.call('POST', '/api/email/sends', 'admin', { filter, draft });
      expect(started.status).toBe(202);
      const result = await jobResult(started.body.jobId as string);
      expect(result.failed).toBe(0);
      expect(received.length).toBe(result.sent);
      for (const mail of received) {
        expect(mail.to).toEqual(['dev-one@example.edu', 'dev-two@example.edu']);
        expect(mail.text).toMatch(/^\[Developer e-mail, meant for .+ <.+@.+>\]/);
      }
    } finally {
      await demo.call('PUT', '/api/settings/devEmailsEnabled', 'admin', { value: 'false' });
    }
  });

  it('never mails someone whose profile turns e-mail off, and says why', async () => {
    const person = recipients.rows.find((r) => !r.skipped)!;
    const user = await demo.call('GET', `/api/users/${person.UserId}`, 'admin');
    const changed = await demo.call('PUT', `/api/users/${person.UserId}`, 'admin', {
      FacultyProfile: { ...user.body.FacultyProfile, receiveAssignments: false },
    });
    expect(changed.status).toBe(200);
    await demo.settled();
    const query = new URLSearchParams({ ...filter, q: person.name, take: '5' });
    const found = await demo.call('GET', `/api/email/recipients?${query}`, 'admin');
    expect(found.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ UserId: person.UserId, skipped: 'optedOut' }),
      ]),
    );
    received.length = 0;
    const started = await demo.call('POST', '/api/email/sends', 'admin', { filter, draft });
    expect(started.status).toBe(202);
    await jobResult(started.body.jobId as string);
    expect(received.some((m) => m.to.includes(person.email!))).toBe(false);
    await demo.settled();
    const skipped = await demo.call(
      'GET',
      `/api/email/sends/${started.body.id as string}/messages?status=skipped`,
      'admin',
    );
    expect(skipped.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          UserId: person.UserId,
          status: 'skipped',
          skipReason: 'optedOut',
        }),
      ]),
    );
  });

  it('refuses a draft with an unknown merge field, and a send nobody receives', async () => {
    const bad = await demo.call('POST', '/api/email/sends', 'admin', {
      filter,
      draft: { ...draft, body: 'Hello {{nickname}}' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('{{nickname}} is not a merge field Allot knows.');
    const unknownPeriod = await demo.call('POST', '/api/email/sends', 'admin', {
      filter: { ...filter, AcademicPeriodId: 'no-such-period' },
      draft,
    });
    expect(unknownPeriod.status).toBe(404);
  });

  it('stops only a sending that runs, and only for who started it', async () => {
    expect((await demo.call('POST', '/api/email/jobs/no-such-job/stop', 'admin')).status).toBe(404);
    // A finished job of another kind is no sending.
    const jobs = await demo.call('POST', '/api/email/jobs/email-none-0/stop', 'academicOpsAdmin');
    expect(jobs.status).toBe(404);
    expect((await demo.call('POST', '/api/email/jobs/x/stop', 'faculty')).status).toBe(403);
  });

  it('refuses everyone but admins and academic operations (§6 Email)', async () => {
    for (const role of ['faculty', 'academicAffairsApprover', 'reportingUser']) {
      expect((await demo.call('POST', '/api/email/sends', role, { filter, draft })).status).toBe(
        403,
      );
      expect(
        (await demo.call('GET', `/api/email/recipients?AcademicPeriodId=${period}`, role)).status,
      ).toBe(403);
      expect((await demo.call('GET', '/api/email/sends', role)).status).toBe(403);
    }
  });
});
