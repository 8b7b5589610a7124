import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSmtpMailer, MailRefusedError } from '@allot/command-service';
import { createCaughtMailStore } from '@allot/projection-service';
import { loadConfig } from '../config/loadConfig.js';
import { openConnections, type Connections } from './connections.js';
import { startMailCatcher } from './email.js';

/*
 * The embedded mail catcher: with no SMTP server configured, Allot's own SMTP server on loopback
 * takes what nodemailer sends and keeps it, for admins to read in the app.
 */
let dataDir: string;
let connections: Connections;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-catcher-'));
  connections = await openConnections(
    loadConfig({ ALLOT_MODE: 'test', ALLOT_DATA_DIR: dataDir, ALLOT_DB_POOL_SIZE: '2' }),
  );
  catcher = await startMailCatcher(connections.knex);
}, 120_000);

afterAll(async () => {
  await catcher?.close();
  await connections?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('keeps every message sent to it, newest first, with its envelope, subject and text', async () => {
  expect(catcher.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  const mailer = createSmtpMailer({ url: catcher.url, from: 'Allot <allot@localhost>' });
  try {
    const first = await mailer.send({
      to: ['ada@example.edu'],
      subject: 'Your teaching in 2026–2027',
      text: 'Dear Ada,\n\n- MATH 101-001: 3 points (approved)',
    });
    expect(first.response).toMatch(/^250/);
    await mailer.send({
      to: ['dev-one@example.edu', 'dev-two@example.edu'],
      subject: 'Second',
      text: 'Hi',
    });
  } finally {
    mailer.close();
  }
  const kept = await createCaughtMailStore(connections.knex).list(10, 0);
  expect(kept.count).toBe(2);
  expect(kept.rows.map((m) => [m.subject, m.to, m.from])).toEqual([
    ['Second', ['dev-one@example.edu', 'dev-two@example.edu'], 'allot@localhost'],
    ['Your teaching in 2026–2027', ['ada@example.edu'], 'allot@localhost'],
  ]);
  expect(kept.rows[1]?.text).toBe('Dear Ada,\n\n- MATH 101-001: 3 points (approved)');
});

test('a mail server that cannot be reached is a refusal in words, not a crash', async () => {
  const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'allot@localhost' });
  try {
    await expect(mailer.send({ to: ['a@example.edu'], subject: 'x', text: 'y' })).rejects.toThrow(
      MailRefusedError,
    );
  } finally {
    mailer.close();
  }
});
