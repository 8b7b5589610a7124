import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  SESSION_COOKIE_NAME,
  createSessionCodec,
  csrfTokenFor,
  type ReportExportAnswer,
} from '@allot/shared-events';
import { REALTIME_PATH } from '@allot/projection-service';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from './startAllot.js';

/*
 * Report exports through the whole embedded app (real PGlite, real HTTP, the in-process jobs
 * runner, socket.io): started by a reporting user, made by the job the start defines, its
 * progress in the owner's room, its file downloaded by the owner and by nobody else.
 */
const SECRET = 'report-export-test-session-secret-0123456789';
const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 60 * 60 * 1000 });

let dataDir: string;
let allot: RunningAllot;

function cookieOf(userId: string): string {
  return `${SESSION_COOKIE_NAME}=${codec.encode({ userId, workingUserId: userId })}`;
}

function signedIn(userId: string): Record<string, string> {
  const cookie = codec.encode({ userId, workingUserId: userId });
  const session = codec.decode(cookie);
  if (!session) throw new Error('the codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, SECRET),
  };
}

async function call(method: string, url: string, as: string, body?: unknown) {
  const response = await fetch(`${allot.url}${url}`, {
    method,
    headers:
      body === undefined ? signedIn(as) : { ...signedIn(as), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response;
}

const user = (id: string, firstName: string, roles: string[]) => ({
  id,
  firstName,
  lastName: 'Tester',
  email: `${id}@example.edu`,
  username: id,
  isFaculty: roles.length === 0,
  Roles: roles.map((slug) => ({ slug })),
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-exports-'));
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir, { recursive: true });
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'off',
      ALLOT_DEMO_IDP: 'off',
      ALLOT_FEATURE_EXPORTS_ENABLED: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: path.join(dataDir, 'data'),
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_SESSION_SECRET: SECRET,
      LOG_LEVEL: 'silent',
    }),
  );
  await allot.bus.execute('CreateUser', user('rep', 'Rita', ['reportingUser']));
  await allot.bus.execute('CreateUser', user('other', 'Otto', ['reportingUser']));
  for (let i = 0; i < 30; i++) {
    await allot.bus.execute(
      'CreateUser',
      user(`f${String(i).padStart(2, '0')}`, `F${String(i)}`, []),
    );
  }
  const head = await allot.store.committedHeadPosition();
  if (head && !(await allot.runner.waitFor(head, undefined, 60_000))) {
    throw new Error('projections did not catch up');
  }
}, 300_000);

afterAll(async () => {
  await allot.close();
  await rm(dataDir, { recursive: true, force: true });
});

function socketOf(userId: string): Promise<Socket> {
  const socket = connectClient(allot.url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: cookieOf(userId) },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

interface Report {
  jobId: string;
  name: string;
  state: string;
  progress: unknown;
}

test('an export runs as a job: progress to its owner, a file only its owner downloads', async () => {
  const mine = await socketOf('rep');
  const theirs = await socketOf('other');
  const heard: Report[] = [];
  const overheard: Report[] = [];
  mine.on('jobProgress', (message: { payload: Report }) => heard.push(message.payload));
  theirs.on('jobProgress', (message: { payload: Report }) => overheard.push(message.payload));
  try {
    const started = await call('POST', '/api/reportExports', 'rep', {
      reportType: 'Users',
      format: 'csv',
      query: { columns: ['name', 'email'], sorts: [{ column: 'email', direction: 'asc' }] },
      name: 'Everyone',
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };

    let exported: ReportExportAnswer | null = null;
    for (let i = 0; i < 300; i++) {
      const response = await call('GET', `/api/reportExports/${id}`, 'rep');
      exported = (await response.json()) as ReportExportAnswer;
      if (exported.status !== 'queued' && exported.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(exported).toMatchObject({
      status: 'done',
      rowCount: 32,
      totalRows: 32,
      owner: { id: 'rep' },
    });
    // The owner's list names the owner; the job's end reached the owner's socket, nobody else's.
    for (let i = 0; i < 100 && !heard.some((r) => r.state === 'completed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(heard.map((r) => r.jobId)).toEqual(heard.map(() => id));
    expect(heard.at(-1)).toMatchObject({
      name: 'reportExport',
      state: 'completed',
      progress: { exportId: id, written: 32, total: 32 },
    });
    expect(overheard).toEqual([]);

    const file = await call('GET', `/api/reportExports/${id}/file`, 'rep');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('filename="Everyone.csv"');
    const lines = (await file.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,E-mail');
    expect(lines).toHaveLength(33);
    expect(lines).toContain('Rita Tester,rep@example.edu');

    expect((await call('GET', `/api/reportExports/${id}/file`, 'other')).status).toBe(404);
    expect((await call('DELETE', `/api/reportExports/${id}`, 'other')).status).toBe(404);
    expect((await call('DELETE', `/api/reportExports/${id}`, 'rep')).status).toBe(200);
    expect((await call('GET', `/api/reportExports/${id}/file`, 'rep')).status).toBe(404);
  } finally {
    mine.disconnect();
    theirs.disconnect();
  }
});

test('people without exports are refused', async () => {
  const response = await call('POST', '/api/reportExports', 'f01', {
    reportType: 'Users',
    format: 'xlsx',
  });
  expect(response.status).toBe(403);
  expect((await call('GET', '/api/reportExports', 'f01')).status).toBe(403);
});
