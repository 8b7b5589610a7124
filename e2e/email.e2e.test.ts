import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { api } from './api.js';
import { demoDataDir, startAllotProcess, type AllotProcess } from './allotProcess.js';
import { seriousFindings } from './axe.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// Email Instructors on an Allot of this file's own, whose mail leaves through a real SMTP server
// the test runs (smtp-server): an academic operations admin writes to Biology's instructors with
// assignments, inserts merge fields, previews one recipient's message, sends it — the server
// refuses one address — reads who failed and why, and retries once the address works; faculty
// and approvers are refused. Developer e-mails are off here, so each message reaches its person.
const files = browserForFile();
const TEST_MS = 300_000;
const received: { to: string[]; subject: string; text: string }[] = [];
const refused = new Set<string>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onRcptTo(address, _session, callback) {
    if (!refused.has(address.address.toLowerCase())) {
      callback();
      return;
    }
    const err = new Error('Mailbox unavailable: user over quota') as Error & {
      responseCode: number;
    };
    err.responseCode = 552;
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
let allot: AllotProcess;
let dataDir: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  dataDir = await demoDataDir('allot-e2e-email-');
  allot = await startAllotProcess({
    dataDir,
    env: {
      ALLOT_DEMO_DATA: 'on',
      ALLOT_SMTP_URL: `smtp://127.0.0.1:${String(port)}`,
      ALLOT_FEATURE_DEV_EMAILS_ENABLED: 'off',
    },
  });
}, TEST_MS);

afterAll(async () => {
  await allot?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test(
  'an academic operations admin e-mails a filtered group, previews, sends, and retries the one that failed',
  async () => {
    const { page, problems } = await files.open('academicOpsAdmin', '/emailInstructors', {
      base: allot.url,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'Email Instructors', level: 1 }).waitFor();
    await page.getByLabel('Workgroup').selectOption({ label: 'Biology' });
    await page.getByLabel('Assignments').selectOption({ label: 'With assignments in the period' });
    const summary = page.getByText(/^\d+ instructors match; \d+ will receive the message/);
    await summary.waitFor();
    const recipients = page.getByRole('table', { name: 'Recipients' });
    const names = (await recipients.getByRole('rowheader').allTextContents()).map((n) => n.trim());
    expect(names.length).toBeGreaterThan(1);

    // The addresses, to make the server refuse the second one.
    const found = await api<{
      rows: { name: string; email: string | null; skipped: string | null }[];
    }>(
      page,
      'GET',
      `/api/email/recipients?WorkgroupId=${encodeURIComponent(
        await page.getByLabel('Workgroup').inputValue(),
      )}&AcademicPeriodId=${encodeURIComponent(
        await page.getByLabel('Academic period').inputValue(),
      )}&assignments=with&take=200`,
    );
    const receiving = found.body.rows.filter((r) => r.skipped === null && r.email);
    const unlucky = receiving[1]!;
    refused.add(unlucky.email!.toLowerCase());

    await page.getByRole('textbox', { name: 'Subject' }).fill('Your teaching next term');
    const body = page.getByRole('textbox', { name: 'Message' });
    await body.fill('Dear ');
    await page.getByRole('button', { name: 'Insert a merge field' }).click();
    await page.getByRole('menuitem', { name: /^First name/ }).click();
    await body.press('End');
    await body.pressSequentially(',\n\nThese are your sections:\n');
    await page.getByRole('button', { name: 'Insert a merge field' }).click();
    await page.getByRole('menuitem', { name: /^Their teaching assignments/ }).click();
    await body.press('End');
    await body.pressSequentially('\n\nPlease check them in Allot: ');
    await page.getByRole('button', { name: 'Insert a merge field' }).click();
    await page.getByRole('menuitem', { name: /^Link to My Workload/ }).click();
    expect(await body.inputValue()).toMatch(
      /^Dear \{\{firstName\}\},\n\nThese are your sections:\n\{\{assignments\}\}\n\nPlease check them in Allot: \{\{myWorkloadLink\}\}$/,
    );

    // Save it as a template (version 1), then preview the first recipient's copy.
    await page.getByRole('button', { name: 'Save as a new template…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Term check');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Version 1', { exact: true }).waitFor();

    await page.getByLabel('Recipient', { exact: true }).selectOption({ label: names[0]! });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('article', { name: 'Preview of the message' });
    await preview.getByText(`Dear ${names[0]!.split(' ')[0]!},`, { exact: false }).waitFor();
    expect(await preview.getByLabel('Text of the message').textContent()).toMatch(/^- [A-Z]+ \d+/m);
    expect(await seriousFindings(page, '/emailInstructors (write)', 'dark')).toEqual([]);
    await shoot(page, 'email-write-dark');

    await page.getByRole('button', { name: /^Send to \d+ instructors…$/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(`${receiving.length - 1} sent; 1 failed`, { exact: false }).waitFor({
      timeout: 120_000,
    });
    expect(received.map((m) => m.to[0]).sort()).toEqual(
      receiving
        .filter((r) => r !== unlucky)
        .map((r) => r.email)
        .sort(),
    );

    // Who failed, and the server's words; then retry once the address works again.
    await page.getByRole('button', { name: 'Show the messages' }).click();
    const messages = page.getByRole('table', { name: 'Messages' });
    const failedRow = messages.getByRole('row').filter({ hasText: unlucky.name });
    await failedRow.getByText('Failed', { exact: true }).waitFor();
    await failedRow.getByText(/552.*user over quota/).waitFor();
    expect(await seriousFindings(page, '/emailInstructors (sent)', 'dark')).toEqual([]);
    await shoot(page, 'email-sent-dark');
    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/emailInstructors (sent)', 'light')).toEqual([]);
    await shoot(page, 'email-sent-light');
    await showTheme(page, 'dark');

    refused.clear();
    await page.getByRole('button', { name: 'Retry the 1 failed' }).click();
    await page.getByText('1 sent.', { exact: true }).waitFor({ timeout: 60_000 });
    expect(received.filter((m) => m.to[0] === unlucky.email)).toHaveLength(1);
    await page.getByRole('button', { name: 'Done' }).click();
    await failedRow.getByText('Sent', { exact: true }).waitFor();
    await failedRow.getByText(/attempt 2/).waitFor();
    await failedRow.getByRole('button', { name: `Read the message to ${unlucky.name}` }).click();
    const message = page.getByRole('dialog');
    await message.getByText(`Dear ${unlucky.name.split(' ')[0]!},`, { exact: false }).waitFor();
    // Closed by its button: an Escape pressed before the dialog holds the focus would be lost.
    await message.getByRole('button', { name: 'Close' }).first().click();
    await message.waitFor({ state: 'detached' });

    // The Sent list says who sent it, from which template version.
    await page.getByRole('button', { name: 'All e-mails sent' }).click();
    const sent = page.getByRole('table', { name: 'E-mails sent' });
    await sent.getByText('Term check, version 1').waitFor();
    await sent.getByText(`${receiving.length} sent`).waitFor();
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'faculty and approvers are refused Email Instructors and its calls',
  async () => {
    for (const role of ['faculty', 'academicAffairsApprover']) {
      const { page } = await files.open(role, '/emailInstructors', { base: allot.url });
      await page.getByRole('heading', { name: 'Unauthorized', level: 1 }).waitFor();
      expect((await api(page, 'GET', '/api/email/sends')).status).toBe(403);
      expect(
        (
          await api(page, 'POST', '/api/email/sends', {
            filter: { AcademicPeriodId: 'x' },
            draft: { subject: 'Hi', body: 'Hello' },
          })
        ).status,
      ).toBe(403);
    }
  },
  TEST_MS,
);
