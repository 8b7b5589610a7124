import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  academicPeriods,
  locations,
  users,
  type AbilityContext,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { handlerOf } from '../../runner/projection.js';
import type { Occurrence } from './model.js';
import { scheduleOverridesProjection, SCHEDULE_OVERRIDES_TABLE } from './projection.js';
import { scheduleRoutes } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let knex: Knex;
let app: FastifyInstance;
let contract: AnswerContract;
let harness: RouteHarness;

const member = (WorkgroupId: string): AbilityContext => ({
  ...demoContextFor('faculty'),
  roles: [] as RoleSlug[],
  workgroupPermissions: [{ id: WorkgroupId, permission: 0 }],
});
const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  scheduler: demoContextFor('sectionScheduler'),
  business: demoContextFor('businessOfficeAdmin'),
  member: member('wg'),
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  bob: { ...demoContextFor('faculty'), userId: 'bob' },
};

const revisions = new Map<string, bigint>();
function on(streamId: string, type: string, data: unknown, actorId = 'ops-user'): RecordedEvent {
  const revision = revisions.get(streamId) ?? 0n;
  revisions.set(streamId, revision + 1n);
  return recorded(type, data, {
    streamId,
    revision,
    metadata: { actorId, occurredAt: '2026-08-20T09:00:00.000Z' },
  });
}
const person = (id: string) => ({
  id,
  firstName: id.toUpperCase(),
  lastName: 'Teacher',
  displayName: `${id.toUpperCase()} Teacher`,
  email: `${id}@example.edu`,
  username: id,
  isFaculty: true,
  isActive: true,
});
const meeting = (
  id: string,
  days: string[],
  startTime: string,
  endTime: string,
  LocationId: string,
) => ({
  id,
  days,
  startTime,
  endTime,
  startDate: '2026-09-07',
  until: '2026-12-11',
  frequency: 'weekly',
  exceptions: [],
  LocationId,
  description: null,
});
const section = (id: string, WorkgroupId: string, enrollment: number) => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId,
  name: 'Calculus',
  sectionNumber: id.replace('s', '00'),
  enrollment,
  defaultPoints: null,
  points: 3,
  notes: null,
  TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
  allowOverlap: false,
});
const recordedConflict = (
  kind: string,
  SectionId: string,
  meetingId: string,
  otherSectionId: string,
  otherMeetingId: string,
  extra: { UserId?: string; LocationId?: string },
) => ({
  kind,
  severity: 'conflict',
  SectionId,
  meetingId,
  otherSectionId,
  otherMeetingId,
  UserId: extra.UserId ?? null,
  LocationId: extra.LocationId ?? null,
  dates: ['2026-09-07'],
  dateCount: 14,
  message: 'recorded',
});
const assign = (
  SectionId: string,
  id: string,
  UserId: string,
  overriddenConflicts: unknown[] = [],
) =>
  on(`section-${SectionId}`, 'TeachingAssignmentCreated', {
    SectionId,
    id,
    UserId,
    share: null,
    notes: null,
    status: 'proposed',
    overriddenConflicts,
    warnings: [],
  });
const meetingsSet = (id: string, meetings: unknown[], overriddenConflicts: unknown[] = []) =>
  on(`section-${id}`, 'SectionMeetingsSet', { id, meetings, overriddenConflicts, warnings: [] });

beforeAll(async () => {
  const events = [
    ...['ada', 'bob', 'ops-user'].map((u) => on(`user-${u}`, 'UserCreated', person(u))),
    on('academicPeriod-p-1', 'AcademicPeriodCreated', {
      id: 'p-1',
      name: '2026–2027',
      startDate: '2026-08-01',
      endDate: '2027-07-31',
    }),
    on('course-calc', 'CourseCreated', { id: 'calc', courseNumber: 'MATH 101', name: 'Calculus' }),
    on('courseOffering-o-1', 'CourseOfferingCreated', {
      id: 'o-1',
      CourseId: 'calc',
      AcademicPeriodId: 'p-1',
    }),
    on('location-sci', 'LocationCreated', { id: 'sci', code: 'SCI 101', capacity: 20 }),
    on('location-art', 'LocationCreated', { id: 'art', code: 'ART 5', capacity: 100 }),
    on('section-s1', 'SectionCreated', section('s1', 'wg', 10)),
    meetingsSet('s1', [meeting('m1', ['MO', 'WE'], '10:00', '11:00', 'sci')]),
    assign('s1', 'a-ada1', 'ada'),
    assign('s1', 'a-bob1', 'bob'),
    // s2 shares the room on Mondays: overridden when its meetings were set.
    on('section-s2', 'SectionCreated', section('s2', 'wg', 10)),
    meetingsSet(
      's2',
      [meeting('m2', ['MO'], '10:30', '11:30', 'sci')],
      [recordedConflict('locationDoubleBooked', 's2', 'm2', 's1', 'm1', { LocationId: 'sci' })],
    ),
    // bob on both: overridden when assigned.
    assign('s2', 'a-bob2', 'bob', [
      recordedConflict('instructorDoubleBooked', 's2', 'm2', 's1', 'm1', { UserId: 'bob' }),
    ]),
    // s3 (another workgroup) follows s1 on Wednesdays in another building: back-to-back for ada.
    on('section-s3', 'SectionCreated', section('s3', 'wg-other', 10)),
    meetingsSet('s3', [meeting('m3', ['WE'], '11:10', '12:00', 'art')]),
    assign('s3', 'a-ada3', 'ada'),
    // s4 does not fit the room: a conflict nobody overrode (enrollment raised afterwards).
    on('section-s4', 'SectionCreated', section('s4', 'wg', 10)),
    meetingsSet('s4', [meeting('m4', ['TU'], '09:00', '10:00', 'sci')]),
    on('section-s4', 'SectionUpdated', { id: 's4', enrollment: 30 }),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      scheduleOverridesProjection,
      resourceProjection(users),
      resourceProjection(locations),
      resourceProjection(academicPeriods),
    ],
    events,
    viewer: testViewers(contexts, 'p-1'),
    routes: [scheduleRoutes],
    routeOptions: { today: () => '2026-06-01' },
  });
  ({ app, contract, knex } = harness);
});

afterAll(() => harness.close());

interface Answer {
  from: string;
  to: string;
  occurrences: Occurrence[];
  rows?: { SectionId: string; coInstructors: { UserId: string; name: string }[] }[];
  message?: string;
}
const get = async (url: string, who?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });
  return { status: res.statusCode, body: res.json<Answer>() };
};
const WEEK = 'AcademicPeriodId=p-1&from=2026-09-07&to=2026-09-13';
const find = (list: Occurrence[], SectionId: string, date: string) =>
  list.find((o) => o.SectionId === SectionId && o.date === date);

describe('GET /api/schedule', () => {
  it('expands a room’s meetings to dated occurrences with their flags', async () => {
    const { status, body } = await get(`/api/schedule?${WEEK}&by=location&LocationId=sci`, 'ops');
    expect(status).toBe(200);
    expect(body.occurrences.map((o) => `${o.SectionId} ${o.date} ${o.startTime}`)).toEqual([
      's1 2026-09-07 10:00',
      's2 2026-09-07 10:30',
      's4 2026-09-08 09:00',
      's1 2026-09-09 10:00',
    ]);
    const monday = find(body.occurrences, 's1', '2026-09-07')!;
    expect(monday.courseNumber).toBe('MATH 101');
    expect(monday.locationCode).toBe('SCI 101');
    expect(monday.instructors.map((i) => i.name).sort()).toEqual(['ADA Teacher', 'BOB Teacher']);
    // Both clashes with s2 are conflicts, each recorded as overridden by whoever did it.
    expect(monday.conflicts.map((c) => c.kind).sort()).toEqual([
      'instructorDoubleBooked',
      'locationDoubleBooked',
    ]);
    expect(monday.conflicts.every((c) => c.otherSection === 'MATH 101 002')).toBe(true);
    expect(monday.overridden).toHaveLength(2);
    expect(monday.overridden[0]!.overridden).toEqual({
      at: '2026-08-20T09:00:00.000Z',
      by: 'ops-user',
      byName: 'OPS-USER Teacher',
    });
    // Wednesday: no clash, but ada has ten minutes to reach ART.
    const wednesday = find(body.occurrences, 's1', '2026-09-09')!;
    expect(wednesday.conflicts).toEqual([]);
    expect(wednesday.warnings.map((w) => [w.kind, w.UserId, w.otherSection])).toEqual([
      ['backToBack', 'ada', 'MATH 101 003'],
    ]);
    // Too many students for the room, and nobody overrode it.
    const tuesday = find(body.occurrences, 's4', '2026-09-08')!;
    expect(tuesday.conflicts.map((c) => [c.kind, c.overridden])).toEqual([['overCapacity', null]]);
    expect(tuesday.overridden).toEqual([]);
  });

  it('shows an instructor’s meetings in every room', async () => {
    const { body } = await get(`/api/schedule?${WEEK}&by=instructor&UserId=ada`, 'scheduler');
    expect(body.occurrences.map((o) => `${o.SectionId} ${o.date}`)).toEqual([
      's1 2026-09-07',
      's1 2026-09-09',
      's3 2026-09-09',
    ]);
    expect(find(body.occurrences, 's3', '2026-09-09')!.warnings[0]!.otherSection).toBe(
      'MATH 101 001',
    );
  });

  it('opens on the period’s default week: the week of its first meeting before it starts', async () => {
    const { status, body } = await get(
      '/api/schedule?AcademicPeriodId=p-1&by=location&LocationId=sci',
      'ops',
    );
    expect(status).toBe(200);
    expect([body.from, body.to]).toEqual(['2026-09-07', '2026-09-13']);
  });

  it('shows workgroup members their workgroups’ sections only, others unnamed', async () => {
    const { status, body } = await get(`/api/schedule?${WEEK}&by=instructor&UserId=ada`, 'member');
    expect(status).toBe(200);
    expect(body.occurrences.map((o) => o.SectionId)).toEqual(['s1', 's1']);
    const wednesday = find(body.occurrences, 's1', '2026-09-09')!;
    expect(wednesday.warnings[0]!.otherSection).toBeNull();
  });

  it('lists the rooms the period’s meetings use, for the room picker', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/schedule/locations?AcademicPeriodId=p-1',
      headers: { 'x-test-user': 'scheduler' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ rows: { id: string; code: string }[] }>().rows).toEqual([
      { id: 'art', code: 'ART 5', capacity: 100 },
      { id: 'sci', code: 'SCI 101', capacity: 20 },
    ]);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/schedule/locations?AcademicPeriodId=p-1',
      headers: { 'x-test-user': 'business' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/schedule/locations',
      headers: { 'x-test-user': 'ops' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses roles that read no sections, and bad queries with 400', async () => {
    expect((await get(`/api/schedule?${WEEK}&by=location&LocationId=sci`, 'business')).status).toBe(
      403,
    );
    expect((await get(`/api/schedule?${WEEK}&by=location&LocationId=sci`)).status).toBe(401);
    const bad = [
      `${WEEK}&by=location`,
      `${WEEK}&by=location&LocationId=sci&UserId=ada`,
      `${WEEK}&by=room&LocationId=sci`,
      'AcademicPeriodId=p-1&from=2026-09-07&by=location&LocationId=sci',
      'AcademicPeriodId=p-1&from=2026-09-07&to=2026-10-19&by=location&LocationId=sci',
      'AcademicPeriodId=p-1&from=2026-09-13&to=2026-09-07&by=location&LocationId=sci',
      'AcademicPeriodId=p-1&from=2026-02-30&to=2026-03-01&by=location&LocationId=sci',
      `${WEEK}&by=location&LocationId=sci&extra=1`,
    ];
    for (const q of bad)
      expect([q, (await get(`/api/schedule?${q}`, 'ops')).status]).toEqual([q, 400]);
    // 42 days is the most.
    const sixWeeks =
      'AcademicPeriodId=p-1&from=2026-09-07&to=2026-10-18&by=location&LocationId=sci';
    expect((await get(`/api/schedule?${sixWeeks}`, 'ops')).status).toBe(200);
  });
});

describe('GET /api/schedule/mine and /api/sharedTeaching/mine', () => {
  it('answers the session user’s own meetings; a query parameter cannot name another user', async () => {
    const mine = await get(`/api/schedule/mine?${WEEK}`, 'bob');
    expect(mine.status).toBe(200);
    expect(mine.body.occurrences.map((o) => `${o.SectionId} ${o.date}`)).toEqual([
      's1 2026-09-07',
      's2 2026-09-07',
      's1 2026-09-09',
    ]);
    expect((await get(`/api/schedule/mine?${WEEK}&UserId=ada`, 'bob')).status).toBe(400);
    expect((await get(`/api/schedule/mine?${WEEK}&by=instructor`, 'bob')).status).toBe(400);
    expect((await get(`/api/schedule/mine?${WEEK}`, 'ops')).status).toBe(403);
    expect((await get(`/api/schedule/mine?${WEEK}`)).status).toBe(401);
  });

  it('lists the sections the user teaches with others, and with whom', async () => {
    const ada = await get('/api/sharedTeaching/mine', 'ada');
    expect(ada.status).toBe(200);
    expect(ada.body.rows!.map((r) => [r.SectionId, r.coInstructors.map((c) => c.name)])).toEqual([
      ['s1', ['BOB Teacher']],
    ]);
    const bob = await get('/api/sharedTeaching/mine', 'bob');
    expect(bob.body.rows!.map((r) => r.SectionId)).toEqual(['s1']);
    expect((await get('/api/sharedTeaching/mine?UserId=ada', 'bob')).status).toBe(400);
    expect((await get('/api/sharedTeaching/mine', 'scheduler')).status).toBe(403);
  });
});

describe('the schedule overrides read model', () => {
  const rows = async () =>
    (await knex(
      await harness.tables.table(scheduleOverridesProjection.name, SCHEDULE_OVERRIDES_TABLE),
    )
      .select('section_id', 'kind', 'assignment_id')
      .orderBy(['section_id', 'kind'])) as {
      section_id: string;
      kind: string;
      assignment_id: string | null;
    }[];

  it('handles only the assignment events that can change an override', () => {
    const handles = handlerOf(scheduleOverridesProjection);
    const created = (overriddenConflicts: unknown[]) =>
      recorded('TeachingAssignmentCreated', {
        SectionId: 's9',
        id: 'a-9',
        UserId: 'bob',
        overriddenConflicts,
      });
    const changed = (status: string) =>
      recorded('TeachingAssignmentChanged', { SectionId: 's9', id: 'a-9', status });
    expect(handles(created([]))).toBe(false);
    expect(
      handles(created([recordedConflict('instructorDoubleBooked', 's9', 'm9', 's1', 'm1', {})])),
    ).toBe(true);
    expect(handles(changed('approved'))).toBe(false);
    expect(handles(changed('withdrawn'))).toBe(true);
    expect(handles(recorded('TeachingAssignmentDeleted', { SectionId: 's9', id: 'a-9' }))).toBe(
      true,
    );
    expect(handles(recorded('SectionDeleted', { id: 's9' }))).toBe(true);
    expect(handles(recorded('SectionUpdated', { id: 's9' }))).toBe(false);
  });

  it('ignores re-delivered events and drops an override with its withdrawn assignment', async () => {
    const before = await rows();
    expect(before).toEqual([
      { section_id: 's2', kind: 'instructorDoubleBooked', assignment_id: 'a-bob2' },
      { section_id: 's2', kind: 'locationDoubleBooked', assignment_id: null },
    ]);
    // The same assignment event again (same revision): nothing changes.
    const again = recorded(
      'TeachingAssignmentCreated',
      {
        SectionId: 's2',
        id: 'a-bob2',
        UserId: 'bob',
        share: null,
        notes: null,
        status: 'proposed',
        overriddenConflicts: [
          recordedConflict('instructorDoubleBooked', 's2', 'm2', 's1', 'm1', { UserId: 'bob' }),
        ],
        warnings: [],
      },
      { streamId: 'section-s2', revision: 2n },
    );
    await harness.apply([again]);
    expect(await rows()).toEqual(before);
    await harness.apply([
      on('section-s2', 'TeachingAssignmentChanged', {
        SectionId: 's2',
        id: 'a-bob2',
        status: 'withdrawn',
        previousStatus: 'proposed',
        reason: null,
      }),
    ]);
    expect(await rows()).toEqual([
      { section_id: 's2', kind: 'locationDoubleBooked', assignment_id: null },
    ]);
    const { body } = await get(`/api/schedule?${WEEK}&by=location&LocationId=sci`, 'ops');
    expect(find(body.occurrences, 's2', '2026-09-07')!.conflicts.map((c) => c.kind)).toEqual([
      'locationDoubleBooked',
    ]);
    // Moving the meeting replaces what was recorded for it.
    await harness.apply([
      on('section-s2', 'SectionMeetingMoved', {
        id: 's2',
        meeting: meeting('m2', ['FR'], '10:30', '11:30', 'sci'),
        overriddenConflicts: [],
        warnings: [],
      }),
    ]);
    expect(await rows()).toEqual([]);
    const after = await get(`/api/schedule?${WEEK}&by=location&LocationId=sci`, 'ops');
    expect(find(after.body.occurrences, 's2', '2026-09-11')!.conflicts).toEqual([]);
    expect(find(after.body.occurrences, 's1', '2026-09-07')!.conflicts).toEqual([]);
  });

  it('applies a batch in order: records cleared for many sections at once, then new ones kept', async () => {
    const conflict = recordedConflict('locationDoubleBooked', 's9', 'm9', 's1', 'm1', {
      LocationId: 'sci',
    });
    const held = recordedConflict('instructorDoubleBooked', 's9', 'm9', 's1', 'm1', {
      UserId: 'ada',
    });
    await harness.apply([
      meetingsSet('s8', [], [{ ...conflict, SectionId: 's8', meetingId: 'm8' }]),
      meetingsSet('s9', [], [conflict]),
    ]);
    expect((await rows()).filter((r) => ['s8', 's9'].includes(r.section_id))).toHaveLength(2);
    // One batch: both cleared (one statement), then an assignment's override recorded for s9.
    await harness.apply([
      meetingsSet('s8', []),
      meetingsSet('s9', []),
      assign('s9', 'a-ada9', 'ada', [held]),
    ]);
    expect((await rows()).filter((r) => ['s8', 's9'].includes(r.section_id))).toEqual([
      { section_id: 's9', kind: 'instructorDoubleBooked', assignment_id: 'a-ada9' },
    ]);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/schedule',
      'GET /api/schedule/locations',
      'GET /api/schedule/mine',
      'GET /api/sharedTeaching/mine',
    ]);
  });
});
