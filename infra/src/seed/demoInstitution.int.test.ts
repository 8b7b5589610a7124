import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_FEATURE_FLAGS,
  SESSION_COOKIE_NAME,
  administrativeAssignmentTypes,
  createSessionCodec,
  csrfTokenFor,
} from '@allot/shared-events';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from '../embedded/startAllot.js';
import { seededDemoDataDir } from '../testing/demoTemplate.js';
import { demoConfigurationId } from './demoConfiguration.js';
import { demoAcademicPeriodId } from './demoPeriods.js';
import { demoPlan } from './demoPlan.js';
import { demoPreferencePlan } from './demoTeachingPreferences.js';
import { demoInstructorId, demoRoomId, demoSectionId } from './demoTeaching.js';
import { demoUserId } from './demoUsers.js';

/*
 * The demo institution on the embedded start (demo data, real PGlite, real HTTP): its size as the
 * read routes answer it, and its auth context.
 */

const SECRET = 'demo-auth-test-session-secret-of-32-chars!';
const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 60_000 });
let dataDir: string;
let allot: RunningAllot;

beforeAll(async () => {
  // The run's seeded demo institution (seeding itself is demoSeeds' and startAllot's to test).
  dataDir = await seededDemoDataDir('allot-demo-auth-');
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir);
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
      ALLOT_SESSION_SECRET: SECRET,
    }),
  );
  // A hang guard (the whole run's timeout), not a speed check: it waits for the run's seeded template.
}, 600_000);

afterAll(async () => {
  await allot.close();
  await rm(dataDir, { recursive: true, force: true });
});

function headersFor(userId: string, workingUserId = userId) {
  const cookie = codec.encode({ userId, workingUserId });
  const session = codec.decode(cookie);
  if (!session) throw new Error('codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, SECRET),
    'content-type': 'application/json',
  };
}

async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${allot.url}${url}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the demo institution at scale, through the read routes', () => {
  const count = async (url: string) => {
    const answer = await getJson(url, headersFor(demoUserId('admin')));
    expect(answer.status).toBe(200);
    return answer.body.count as number;
  };
  const filter = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('has ≥ 8 workgroups, ≥ 300 courses, ≥ 900 sections this period and ≥ 150 instructors', async () => {
    expect(await count('/api/workgroups?take=1')).toBeGreaterThanOrEqual(8);
    expect(await count('/api/courses?take=1')).toBeGreaterThanOrEqual(300);
    const period = demoAcademicPeriodId('active');
    expect(
      await count(`/api/courseOfferings?take=1&filter=${filter({ AcademicPeriodId: period })}`),
    ).toBe(demoPlan().offerings.length);
    const sections = await count(`/api/sections?take=1&AcademicPeriodId=${period}`);
    expect(sections).toBe(demoPlan().sections.length);
    expect(sections).toBeGreaterThanOrEqual(900);
    expect(
      await count(`/api/users?take=1&filter=${filter({ isFaculty: true })}`),
    ).toBeGreaterThanOrEqual(150);
    const assignments = demoPlan().sections.flatMap((s) => s.assignments).length;
    expect(await count(`/api/sectionAssignments?take=1&AcademicPeriodId=${period}`)).toBe(
      assignments,
    );
  });

  it('has ≥ 150 instructors with preferences, in every state of the lifecycle', async () => {
    const period = demoAcademicPeriodId('active');
    const planned = demoPreferencePlan();
    const stated = planned.filter((p) => p.outcome !== 'none' && p.preferences.length > 0);
    expect(stated.length).toBeGreaterThanOrEqual(150);
    const submitted = await count(
      `/api/preferenceSubmissions?take=1&AcademicPeriodId=${period}&status=submitted`,
    );
    expect(submitted).toBe(planned.filter((p) => p.outcome === 'submitted').length);
    const drafts = await count(
      `/api/preferenceSubmissions?take=1&AcademicPeriodId=${period}&status=draft`,
    );
    expect(drafts).toBe(planned.filter((p) => p.outcome === 'draft').length);
    expect(
      await count(`/api/preferenceSubmissions?take=1&AcademicPeriodId=${period}&status=notStarted`),
    ).toBeGreaterThan(0);
    const preferences = await count(`/api/teachingPreferences?take=1&AcademicPeriodId=${period}`);
    expect(preferences).toBe(
      planned.filter((p) => p.outcome !== 'none').reduce((n, p) => n + p.preferences.length, 0),
    );
  });

  it('credits chairs, directors, committees and advising in workloads; nobody away teaches then', async () => {
    const admin = headersFor(demoUserId('admin'));
    const plan = demoPlan();
    const period = demoAcademicPeriodId('active');
    expect(await count(`/api/administrativeAssignments?take=1`)).toBe(
      plan.administrativeAssignments.length,
    );
    const idOf = (username: string) => {
      const instructor = plan.instructors.find((i) => i.username === username);
      if (!instructor) throw new Error(`no instructor ${username}`);
      return demoInstructorId(instructor);
    };
    const workloadOf = async (username: string) => {
      const answer = await getJson(`/api/instructorWorkloads/${idOf(username)}`, admin);
      expect(answer.status).toBe(200);
      return answer.body as {
        teaching: number;
        administrative: number;
        assigned: number;
        sectionAssignments: { SectionId: string }[];
        administrativeAssignments: { points: number; AdministrativeAssignmentTypeId: string }[];
      };
    };
    const chairType = demoConfigurationId(administrativeAssignmentTypes, 'department-chair');
    for (const chair of plan.chairs.values()) {
      const workload = await workloadOf(chair);
      expect(workload.administrativeAssignments).toContainEqual(
        expect.objectContaining({ AdministrativeAssignmentTypeId: chairType, points: 3 }),
      );
      expect(workload.administrative).toBe(plan.administrativePoints.get(chair));
      expect(workload.teaching).toBeCloseTo(plan.assignedPoints.get(chair) ?? 0, 2);
      expect(workload.assigned).toBeCloseTo(workload.teaching + workload.administrative, 2);
    }
    const spring = new Set(
      plan.sections.filter((s) => s.term === 'spring').map((s) => demoSectionId(s.key)),
    );
    const away = plan.administrativeAssignments.filter((w) => w.takesWholeTerm);
    expect(away.length).toBeGreaterThan(0);
    for (const w of away) {
      const workload = await workloadOf(w.username);
      expect(workload.sectionAssignments.length).toBeGreaterThan(0);
      expect(workload.sectionAssignments.filter((a) => spring.has(a.SectionId))).toEqual([]);
    }
    // My Admin Assignments is not empty for the demo account mgarcia.
    const mine = await getJson(
      `/api/administrativeAssignments/mine?filter=${filter({ AcademicPeriodId: period })}`,
      headersFor(demoUserId('mgarcia')),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.rows).toEqual([
      expect.objectContaining({ typeName: 'Committee Service', points: 1 }),
    ]);
  });

  it('shows a planned section with its meetings, room and instructor', async () => {
    const planned = demoPlan().sections.find(
      (s) => s.assignments.length === 1 && s.meetings.length === 2,
    );
    expect(planned).toBeDefined();
    if (!planned) return;
    const answer = await getJson(
      `/api/sections/${demoSectionId(planned.key)}`,
      headersFor(demoUserId('admin')),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      sectionNumber: planned.sectionNumber,
      name: planned.name,
      enrollment: planned.enrollment,
      assignments: [expect.objectContaining({ status: planned.assignments[0]?.status })],
    });
    const meetings = answer.body.meetings as { id: string; days: string[]; LocationId: string }[];
    expect(meetings.map((m) => [m.id, m.days, m.LocationId])).toEqual(
      planned.meetings.map((m) => [m.id, m.days, demoRoomId(m.room ?? '')]),
    );
  });
});

describe('the demo institution’s auth context', () => {
  it('answers seeded users with their roles, workgroup bits and the active period’s step 6', async () => {
    expect((await getJson('/api/auth')).body).toMatchObject({
      authenticatedUserId: null,
      FeatureFlags: DEMO_FEATURE_FLAGS,
    });
    const admin = demoUserId('admin');
    expect((await getJson('/api/auth', headersFor(admin))).body).toMatchObject({
      authenticatedUserId: admin,
      displayName: 'Ada Admin',
      Roles: [{ slug: 'admin' }],
      progressStepId: 6,
      version: '2025.4.0',
    });
    const faculty = demoUserId('faculty');
    expect((await getJson('/api/auth', headersFor(faculty))).body).toMatchObject({
      Roles: [{ slug: 'faculty' }],
      workgroupPermissions: [expect.objectContaining({ permission: 3 })],
    });
    expect((await getJson('/api/status')).body).toEqual({
      version: '2025.4.0',
      mode: 'test',
      featureFlags: DEMO_FEATURE_FLAGS,
    });
  });

  it('lets the demo admin masquerade as a faculty member, whose context then applies', async () => {
    const admin = demoUserId('admin');
    const faculty = demoUserId('mgarcia');
    const response = await fetch(`${allot.url}/api/users/masquerade`, {
      method: 'POST',
      headers: headersFor(admin),
      body: JSON.stringify({ id: faculty }),
    });
    expect(response.status).toBe(200);
    const cookie = /allot_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect((await getJson('/api/auth', { cookie })).body).toMatchObject({
      authenticatedUserId: admin,
      workingUserId: faculty,
      Roles: [{ slug: 'faculty' }],
    });
  });

  it('merges a duplicate into its master: one event, memberships and settings move', async () => {
    const admin = demoUserId('admin');
    const master = demoUserId('mgarcia');
    const duplicate = demoUserId('jchen');
    const settingId = '0d9a3b1e-5c2f-4a7b-9e1d-3f6a8c2b4e71';
    await allot.bus.execute('CreateUserSetting', {
      id: settingId,
      UserId: duplicate,
      value: 'light',
    });
    await waitForProjections();

    const response = await fetch(`${allot.url}/api/users/merge`, {
      method: 'POST',
      headers: headersFor(admin),
      body: JSON.stringify({ masterId: master, duplicateId: duplicate }),
    });
    expect(response.status).toBe(200);
    await waitForProjections();

    const events = await allot.store.readAll();
    expect(events.filter((e) => e.type === 'UsersMerged').map((e) => e.data)).toEqual([
      { masterId: master, duplicateId: duplicate },
    ]);
    expect(events.filter((e) => e.type === 'UserSettingUpdated').map((e) => e.data)).toEqual([
      { id: settingId, UserId: master },
    ]);
    // In Mathematics the master held assign (2) and the duplicate approve (1).
    const context = (await getJson('/api/auth', headersFor(master))).body;
    expect(context.workgroupPermissions).toEqual([expect.objectContaining({ permission: 3 })]);
    expect((await getJson('/api/auth', headersFor(duplicate))).body).toMatchObject({
      workgroupPermissions: [],
    });
  });
});

describe('API keys on the embedded start', () => {
  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const admin = demoUserId('admin');
    const created = await fetch(`${allot.url}/api/apiKeys`, {
      method: 'POST',
      headers: headersFor(admin),
      body: JSON.stringify({ name: 'reporting export' }),
    });
    expect(created.status).toBe(201);
    const { key, apiKeyId } = (await created.json()) as { key: string; apiKeyId: string };
    const bearer = { authorization: `Bearer ${key}` };
    expect((await getJson('/api/auth', bearer)).body).toMatchObject({ authenticatedUserId: admin });

    await waitForProjections();
    const listed = await getJson('/api/apiKeys', headersFor(admin));
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(apiKeyId);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(-43));

    // No body, so no content-type (an empty JSON body is a 400).
    const { cookie, 'x-csrf-token': csrf } = headersFor(admin);
    const revoked = await fetch(`${allot.url}/api/apiKeys/${apiKeyId}`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(revoked.status).toBe(200);
    expect((await getJson('/api/auth/me', bearer)).status).toBe(401);
  });
});

async function waitForProjections() {
  const head = await allot.store.committedHeadPosition();
  if (head) await allot.runner.waitFor(head, undefined, 15_000);
}
