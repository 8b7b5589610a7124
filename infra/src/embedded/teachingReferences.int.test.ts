import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  SESSION_COOKIE_NAME,
  academicPeriods,
  academicTerms,
  courseOfferings,
  courses,
  createSessionCodec,
  csrfTokenFor,
  teachingModes,
  users,
  workgroups,
} from '@allot/shared-events';
import { createTableResolver } from '@allot/projection-service';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from './startAllot.js';

/*
 * Teaching data through the whole embedded app (real database, real HTTP, no demo data): what
 * sections and preferences name cannot be deleted (422, nothing changes), and a user merge hands
 * the duplicate's teaching data to the master in the read models.
 */

const SECRET = 'teaching-references-test-session-secret-0123456789';
const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 60 * 60 * 1000 });

let dataDir: string;
let allot: RunningAllot;

const id = {
  admin: randomUUID(),
  ops: randomUUID(),
  master: randomUUID(),
  duplicate: randomUUID(),
  period: randomUUID(),
  term: randomUUID(),
  inPerson: randomUUID(),
  online: randomUUID(),
  unusedMode: randomUUID(),
  algebra: randomUUID(),
  calculus: randomUUID(),
  unusedCourse: randomUUID(),
  offering: randomUUID(),
  workgroup: randomUUID(),
  section: randomUUID(),
};

function signedIn(userId: string): Record<string, string> {
  const cookie = codec.encode({ userId, workingUserId: userId });
  const session = codec.decode(cookie);
  if (!session) throw new Error('the codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, SECRET),
  };
}

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${allot.url}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // Tests read answers loosely.
  const answer: any = text ? JSON.parse(text) : null; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: answer };
}

async function settled(): Promise<void> {
  const head = await allot.store.committedHeadPosition();
  if (head && !(await allot.runner.waitFor(head, undefined, 20_000))) {
    throw new Error('projections did not catch up');
  }
}

const user = (userId: string, username: string, roles: string[]) =>
  allot.bus.execute(users.commandNames.create, {
    id: userId,
    firstName: username,
    lastName: 'Test',
    email: `${username}@example.edu`,
    username,
    Roles: roles.map((slug) => ({ slug })),
    isFaculty: roles.includes('faculty'),
  });

/** Rows of a read model's table, by logical name (the projection's active generation). */
async function rows(projection: string, table: string, where: Record<string, unknown>) {
  const physical = await createTableResolver(allot.knex).table(projection, table);
  return allot.knex(physical).where(where).select();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-teaching-references-'));
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir);
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_SESSION_SECRET: SECRET,
      ALLOT_FEATURE_USER_MERGE_ENABLED: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
    }),
  );
  const { bus } = allot;
  await user(id.admin, 'admin', ['admin']);
  await user(id.ops, 'ops', ['academicOpsAdmin']);
  await user(id.master, 'master', ['faculty']);
  await user(id.duplicate, 'duplicate', ['faculty']);
  await bus.execute(academicPeriods.commandNames.create, {
    id: id.period,
    name: '2026–27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await bus.execute(academicTerms.commandNames.create, {
    id: id.term,
    name: 'Fall',
    AcademicPeriodId: id.period,
    startDate: '2026-09-01',
    endDate: '2026-12-20',
  });
  for (const [modeId, slug] of [
    [id.inPerson, 'in-person'],
    [id.online, 'online'],
    [id.unusedMode, 'hybrid'],
  ] as const) {
    await bus.execute(teachingModes.commandNames.create, { id: modeId, name: slug, slug });
  }
  for (const [courseId, number] of [
    [id.algebra, 'MATH 101'],
    [id.calculus, 'MATH 201'],
    [id.unusedCourse, 'MATH 301'],
  ] as const) {
    await bus.execute(courses.commandNames.create, {
      id: courseId,
      courseNumber: number,
      name: number,
    });
  }
  await bus.execute(workgroups.commandNames.create, { id: id.workgroup, name: 'Mathematics' });
  await bus.execute(courseOfferings.commandNames.create, {
    id: id.offering,
    CourseId: id.algebra,
    AcademicPeriodId: id.period,
    termModes: [{ AcademicTermId: id.term, TeachingModeId: id.inPerson }],
  });
  await bus.execute('CreateSection', {
    id: id.section,
    CourseOfferingId: id.offering,
    WorkgroupId: id.workgroup,
    name: 'Algebra',
    sectionNumber: '01',
    TermMode: { AcademicTermId: id.term, TeachingModeId: id.inPerson },
  });
  await bus.execute('AssignInstructor', {
    id: id.section,
    assignmentId: randomUUID(),
    UserId: id.duplicate,
  });
  // Faculty write their own preferences: the duplicate prefers calculus, online.
  await bus.execute(
    'AddTeachingPreference',
    {
      id: randomUUID(),
      UserId: id.duplicate,
      AcademicPeriodId: id.period,
      level: 'preferred',
      CourseId: id.calculus,
      TeachingModeId: id.online,
    },
    { actorId: id.duplicate },
  );
  await settled();
}, 300_000);

afterAll(async () => {
  await allot.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('deleting what teaching data names', () => {
  it('refuses a course a section is of and a mode a preference names (422), changing nothing', async () => {
    // Courses are academic ops' (admin only reads them), configuration lists admin's.
    const ops = signedIn(id.ops);
    const admin = signedIn(id.admin);
    const before = await allot.store.committedHeadPosition();
    const course = await call('DELETE', `/api/courses/${id.algebra}`, ops);
    expect(course).toEqual({
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'This course is used by 1 course offering and 1 section. Deactivate it instead.',
        usedBy: [
          { resource: 'courseOfferings', count: 1 },
          { resource: 'sections', count: 1 },
        ],
      },
    });
    const mode = await call('DELETE', `/api/teachingModes/${id.online}`, admin);
    expect(mode.status).toBe(422);
    expect(mode.body).toMatchObject({
      message: 'This teaching mode is used by 1 teaching preference. Deactivate it instead.',
      usedBy: [{ resource: 'teachingPreferences', count: 1 }],
    });
    // The section's own mode: named by the offering's term modes and by the section.
    expect((await call('DELETE', `/api/teachingModes/${id.inPerson}`, admin)).body).toMatchObject({
      usedBy: [
        { resource: 'courseOfferings', count: 1 },
        { resource: 'sections', count: 1 },
      ],
    });
    expect(await allot.store.committedHeadPosition()).toEqual(before);
    expect((await call('GET', `/api/courses/${id.algebra}`, ops)).status).toBe(200);
  });

  it('deletes a course and a mode nothing names', async () => {
    expect((await call('DELETE', `/api/courses/${id.unusedCourse}`, signedIn(id.ops))).status).toBe(
      200,
    );
    const admin = signedIn(id.admin);
    expect((await call('DELETE', `/api/teachingModes/${id.unusedMode}`, admin)).status).toBe(200);
  });
});

describe('merging a user with teaching data', () => {
  it("hands the duplicate's assignment, preferences and notes to the master in the read models", async () => {
    const admin = signedIn(id.admin);
    const note = await call('POST', '/api/notes', admin, {
      notableType: 'facultyProfile',
      notableId: id.duplicate,
      text: 'Also listed as a second account.',
    });
    expect(note.status).toBe(201);
    await settled();
    const usedBy = async (userId: string) =>
      (
        (await call('DELETE', `/api/users/${userId}`, admin)).body as {
          usedBy: { resource: string; count: number }[];
        }
      ).usedBy
        .map((u) => [u.resource, u.count])
        .sort();
    // Named by an assignment, a preference and a note: not deletable as it is.
    expect(await usedBy(id.duplicate)).toEqual([
      ['notes', 1],
      ['sectionAssignments', 1],
      ['teachingPreferences', 1],
    ]);
    const merged = await call('POST', '/api/users/merge', admin, {
      masterId: id.master,
      duplicateId: id.duplicate,
    });
    expect(merged.status).toBe(200);
    await settled();

    const assignments = await rows('sections', 'section_assignments', { section_id: id.section });
    expect(assignments.map((a: { user_id: string }) => a.user_id)).toEqual([id.master]);
    const preferences = await rows('preferences', 'teaching_preferences', {
      period_id: id.period,
    });
    expect(preferences).toEqual([
      expect.objectContaining({ user_id: id.master, course_id: id.calculus }),
    ]);
    // Nothing of teaching names the duplicate any more: the master holds it all.
    expect(await usedBy(id.master)).toEqual([
      ['notes', 1],
      ['sectionAssignments', 1],
      ['teachingPreferences', 1],
    ]);
    expect((await call('DELETE', `/api/users/${id.duplicate}`, admin)).status).toBe(200);
  });

  it("lists the merge in both users' histories, also once the duplicate is deleted", async () => {
    const admin = signedIn(id.admin);
    const history = async (userId: string) => {
      const answer = await call('GET', `/api/history/users/${userId}`, admin);
      expect(answer.status).toBe(200);
      return answer.body.rows as { type: string }[];
    };
    const merge = expect.objectContaining({
      type: 'UsersMerged',
      by: expect.objectContaining({ id: id.admin }),
      changes: [
        expect.objectContaining({ field: 'masterId', from: null, to: id.master }),
        expect.objectContaining({ field: 'duplicateId', from: null, to: id.duplicate }),
      ],
    });
    // The duplicate (deleted by the test above): created, merged, deleted, in that order.
    expect((await history(id.duplicate)).map((r) => r.type)).toEqual([
      'UserCreated',
      'UsersMerged',
      'UserDeleted',
    ]);
    expect((await history(id.duplicate))[1]).toEqual(merge);
    // The master: its own events, then the merge into it.
    const master = await history(id.master);
    expect(master[0]?.type).toBe('UserCreated');
    expect(master.filter((r) => r.type === 'UsersMerged')).toEqual([merge]);
    expect(master.at(-1)).toEqual(merge);
  });
});
