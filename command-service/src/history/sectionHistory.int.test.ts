import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  defineAbilityFor,
  SectionAsOfAnswer,
  SectionHistoryAnswer,
  type AbilityContext,
  type RoleSlug,
} from '@allot/shared-events';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import type { AppRule } from '../authorization/ability.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { answerOf } from '../testing/answerContract.js';

let db: TestStore;
let t: TestApp;
let opsId = '';
let adaId = '';

function rulesOf(context: AbilityContext): readonly AppRule[] {
  return defineAbilityFor(context).rules;
}
const as = (role: RoleSlug, userId: string) => rulesOf({ ...demoContextFor(role), userId });

const section = {
  id: 's1',
  CourseOfferingId: 'o1',
  WorkgroupId: 'wg-math',
  name: 'Calculus I',
  sectionNumber: '001',
  enrollment: 30,
  defaultPoints: 4,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
};
const meeting = {
  id: 'm1',
  days: ['MO', 'WE'],
  startTime: '09:00',
  endTime: '09:50',
  startDate: '2026-09-01',
  until: '2026-12-15',
  frequency: 'weekly',
};

beforeAll(async () => {
  db = await openTestStore();
  const rules: Record<string, readonly AppRule[]> = { root: as('admin', 'root') };
  t = await buildTestApp(db.store, rules);
  const create = async (body: object) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/users',
        payload: body,
        headers: t.signedIn('root'),
      })
    ).json().id as string;
  opsId = await create({
    firstName: 'Olga',
    lastName: 'Ops',
    email: 'olga@example.edu',
    username: 'olga',
  });
  adaId = await create({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.edu',
    username: 'ada',
  });
  rules[opsId] = as('academicOpsAdmin', opsId);
  rules.faculty = as('faculty', 'faculty');
  rules.mathMember = rulesOf({
    ...demoContextFor('faculty'),
    userId: 'mathMember',
    roles: [],
    workgroupPermissions: [{ id: 'wg-math', permission: 0 }],
  });
  rules.physicsMember = rulesOf({
    ...demoContextFor('faculty'),
    userId: 'physicsMember',
    roles: [],
    workgroupPermissions: [{ id: 'wg-physics', permission: 0 }],
  });
  const by = (actorId: string) => ({ actorId, occurredAt: '2026-08-01T10:00:00.000Z' });
  // The records the section names, so its history can name them (each from its own stream).
  const record = async (stream: string, type: string, data: object) =>
    db.store.appendToStream(stream, [{ type, data, metadata: by(opsId) }]);
  await record('course-c1', 'CourseCreated', {
    id: 'c1',
    courseNumber: 'MATH 101',
    name: 'Calculus I',
  });
  await record('academicPeriod-p1', 'AcademicPeriodCreated', {
    id: 'p1',
    name: '2026–27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await record('courseOffering-o1', 'CourseOfferingCreated', {
    id: 'o1',
    CourseId: 'c1',
    AcademicPeriodId: 'p1',
    termModes: [],
  });
  await record('workgroup-wg-math', 'WorkgroupCreated', { id: 'wg-math', name: 'Mathematics' });
  await record('academicTerm-t1', 'AcademicTermCreated', {
    id: 't1',
    name: 'Fall 2026',
    AcademicPeriodId: 'p1',
    startDate: '2026-08-20',
    endDate: '2026-12-15',
  });
  await record('teachingMode-m1', 'TeachingModeCreated', {
    id: 'm1',
    name: 'In person',
    slug: 'in-person',
  });
  await record('location-l1', 'LocationCreated', { id: 'l1', code: 'SCI 101', capacity: 40 });
  await db.store.appendToStream('section-s1', [
    { type: 'SectionCreated', data: section, metadata: by(opsId) },
    {
      type: 'SectionMeetingsSet',
      data: {
        id: 's1',
        meetings: [{ ...meeting, LocationId: 'l1' }],
        overriddenConflicts: [],
        warnings: [],
      },
      metadata: by(opsId),
    },
    {
      type: 'TeachingAssignmentCreated',
      data: {
        SectionId: 's1',
        id: 'a1',
        UserId: adaId,
        share: null,
        notes: null,
        status: 'proposed',
        overriddenConflicts: [],
        warnings: [],
      },
      metadata: by(opsId),
    },
    {
      type: 'TeachingAssignmentChanged',
      data: {
        SectionId: 's1',
        id: 'a1',
        status: 'approved',
        previousStatus: 'proposed',
        approval: { level: 'workgroup', by: opsId, at: '2026-08-02T10:00:00.000Z' },
      },
      metadata: by(opsId),
    },
    { type: 'SectionUpdated', data: { id: 's1', enrollment: 35 }, metadata: by(opsId) },
    {
      type: 'SectionUpdated',
      data: { id: 's1', TermMode: { AcademicTermId: 't1', TeachingModeId: 'm1' } },
      metadata: by(opsId),
    },
    {
      type: 'TeachingAssignmentDeleted',
      data: { SectionId: 's1', id: 'a1', UserId: adaId },
      metadata: by(opsId),
    },
  ]);
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const get = (url: string, headers: Record<string, string>) =>
  t.request({ method: 'GET', url, headers });

describe('GET /api/history/sections/:id', () => {
  it('answers the section’s events with field changes, and the assignment each one concerns', async () => {
    const answer = await get('/api/history/sections/s1', t.signedIn(opsId));
    expect(answer.statusCode).toBe(200);
    // The read contract (shared-events' SectionHistoryAnswer), on a real answer.
    answerOf(SectionHistoryAnswer, answer.json());
    const rows = answer.json().rows as {
      type: string;
      by: { displayName: string } | null;
      assignment: { id: string; instructor: { displayName: string } } | null;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    expect(rows.map((r) => r.type)).toEqual([
      'SectionCreated',
      'SectionMeetingsSet',
      'TeachingAssignmentCreated',
      'TeachingAssignmentChanged',
      'SectionUpdated',
      'SectionUpdated',
      'TeachingAssignmentDeleted',
    ]);
    expect(rows[0]?.by?.displayName).toBe('Olga Ops');
    expect(rows[0]?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'sectionNumber', from: null, to: '001' }),
      ]),
    );
    expect(rows[1]?.changes).toEqual([
      expect.objectContaining({
        field: 'meetings',
        from: [],
        to: [{ ...meeting, LocationId: 'l1' }],
      }),
    ]);
    expect(rows[2]).toMatchObject({
      assignment: { id: 'a1', instructor: { displayName: 'Ada Lovelace' } },
      changes: expect.arrayContaining([
        expect.objectContaining({ field: 'status', from: null, to: 'proposed' }),
      ]),
    });
    expect(rows[3]?.changes).toEqual([
      expect.objectContaining({ field: 'status', from: 'proposed', to: 'approved' }),
      expect.objectContaining({ field: 'approval', from: null, to: 'workgroup' }),
    ]);
    expect(rows[4]?.changes).toEqual([
      expect.objectContaining({ field: 'enrollment', from: 30, to: 35 }),
    ]);
    expect(rows[6]).toMatchObject({
      assignment: { instructor: { displayName: 'Ada Lovelace' } },
      changes: [],
    });
  });

  it('names what the section refers to and lists meetings as added and removed', async () => {
    const { rows } = (await get('/api/history/sections/s1', t.signedIn(opsId))).json() as {
      rows: { changes: { field: string; label: string; display: unknown }[] }[];
    };
    const change = (row: number, field: string) =>
      rows[row]?.changes.find((c) => c.field === field);
    expect(change(0, 'CourseOfferingId')).toMatchObject({
      label: 'Course offering',
      display: { kind: 'text', from: '(empty)', to: 'MATH 101 Calculus I · 2026–27' },
    });
    expect(change(0, 'WorkgroupId')).toMatchObject({
      label: 'Workgroup',
      display: { kind: 'text', from: '(empty)', to: 'Mathematics' },
    });
    expect(change(1, 'meetings')).toMatchObject({
      label: 'Meetings',
      display: {
        kind: 'list',
        added: ['Mon Wed 09:00–09:50 weekly, 2026-09-01 to 2026-12-15 · SCI 101'],
        removed: [],
      },
    });
    expect(change(3, 'status')).toMatchObject({
      label: 'Status',
      display: { kind: 'text', from: 'Proposed', to: 'Approved' },
    });
    expect(change(3, 'approval')).toMatchObject({
      display: { kind: 'text', from: '(empty)', to: 'Workgroup' },
    });
    expect(change(5, 'TermMode')).toMatchObject({
      label: 'Term mode',
      display: { kind: 'text', from: '(empty)', to: 'Fall 2026 · In person' },
    });
    // No text shown holds a machine name, an id or JSON.
    const shown = JSON.stringify(rows.flatMap((r) => r.changes.map((c) => [c.label, c.display])));
    expect(shown).not.toMatch(
      /\b(c1|p1|o1|t1|m1|l1|wg-math|AcademicTermId|CourseOfferingId)\b|\\"\{/,
    );
  });

  it('lets members of the section’s workgroup read it; refuses others (403), no session (401); unknown id 404', async () => {
    expect((await get('/api/history/sections/s1', t.signedIn('mathMember'))).statusCode).toBe(200);
    expect((await get('/api/history/sections/s1', t.signedIn('physicsMember'))).statusCode).toBe(
      403,
    );
    expect((await get('/api/history/sections/s1', t.signedIn('faculty'))).statusCode).toBe(403);
    expect((await get('/api/history/sections/s1', {})).statusCode).toBe(401);
    expect((await get('/api/history/sections/nope', t.signedIn(opsId))).statusCode).toBe(404);
    expect((await get('/api/history/sections/%20', t.signedIn(opsId))).statusCode).toBe(400);
  });
});

describe('GET /api/history/sections/:id/asOf', () => {
  beforeAll(async () => {
    const on = (day: string) => ({ actorId: opsId, occurredAt: `2026-08-${day}T10:00:00.000Z` });
    await db.store.appendToStream('section-s2', [
      {
        type: 'SectionCreated',
        data: { ...section, id: 's2', enrollment: 20 },
        metadata: on('01'),
      },
      { type: 'SectionUpdated', data: { id: 's2', enrollment: 45 }, metadata: on('10') },
      {
        type: 'TeachingAssignmentCreated',
        data: {
          SectionId: 's2',
          id: 'a2',
          UserId: adaId,
          share: null,
          notes: null,
          status: 'proposed',
          overriddenConflicts: [],
          warnings: [],
        },
        metadata: on('15'),
      },
    ]);
  });
  const asOf = (at: string, who = opsId) =>
    get(`/api/history/sections/s2/asOf?at=${encodeURIComponent(at)}`, t.signedIn(who));

  it('replays the section up to the moment asked', async () => {
    const early = await asOf('2026-08-05T00:00:00Z');
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({
      revision: 0,
      section: { enrollment: 20 },
      assignments: [],
    });
    const later = await asOf('2026-08-12T00:00:00+02:00');
    expect(later.json()).toMatchObject({
      revision: 1,
      section: { enrollment: 45 },
      assignments: [],
    });
    const now = await asOf('2026-09-01T00:00:00Z');
    // The read contract (shared-events' SectionAsOfAnswer), on a real answer.
    answerOf(SectionAsOfAnswer, now.json());
    expect(now.json()).toMatchObject({
      assignments: [{ id: 'a2', UserId: adaId, status: 'proposed' }],
    });
  });

  it('answers 404 before the section existed, 400 for a bad moment, 403 to another workgroup', async () => {
    const before = await asOf('2026-07-01T00:00:00Z');
    expect(before.statusCode).toBe(404);
    // Said in words: no section id, no raw instant.
    expect(before.json().message).toBe(
      'The section did not exist yet at that moment: choose a later one.',
    );
    expect((await asOf('yesterday')).statusCode).toBe(400);
    expect((await asOf('2026-08-05T00:00:00Z', 'physicsMember')).statusCode).toBe(403);
    expect((await asOf('2026-08-05T00:00:00Z', 'mathMember')).statusCode).toBe(200);
  });
});
