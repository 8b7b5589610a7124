import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  NotificationPreferencesAnswer,
  NotificationsAnswer,
  users,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { notificationsProjection } from './projection.js';
import { notificationReadRoutes } from './routes.js';
import { createNotificationDigestReader } from './digestReader.js';

/*
 * A faculty member hears of their own teaching: an assignment proposed, approved, changed,
 * withdrawn or removed, and new meeting times of a section they teach — in words, live, as they
 * chose in their settings, never of what they did themselves, and only while they may read it.
 */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('faculty');
const contexts: Record<string, AbilityContext> = {
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  bob: { ...demoContextFor('faculty'), userId: 'bob' },
  cy: {
    ...demoContextFor('faculty'),
    userId: 'cy',
    featureFlags: { ...featureFlags, myTeachingAssignmentsEnabled: false },
  },
};

const revisions = new Map<string, bigint>();
let minute = 0;
function on(streamId: string, type: string, data: unknown, actorId: string | null = 'chair') {
  const revision = revisions.get(streamId) ?? 0n;
  revisions.set(streamId, revision + 1n);
  minute += 1;
  const at = new Date(Date.UTC(2026, 10, 28, 9, minute));
  return recorded(type, data, {
    streamId,
    revision,
    createdAt: at,
    metadata: { actorId, occurredAt: at.toISOString() },
  });
}
const section = (id: string, sectionNumber: string) => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId: 'wg',
  name: 'Calculus I',
  sectionNumber,
  enrollment: 10,
  defaultPoints: null,
  points: 3,
  notes: null,
  TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
  allowOverlap: false,
});
const meeting = (startTime: string, endTime: string) => ({
  id: 'm1',
  days: ['MO'],
  startTime,
  endTime,
  startDate: '2026-09-07',
  until: '2026-12-11',
  frequency: 'weekly',
  exceptions: [],
  LocationId: null,
  description: null,
});
const assign = (SectionId: string, id: string, UserId: string, actor = 'chair') =>
  on(
    `section-${SectionId}`,
    'TeachingAssignmentCreated',
    {
      SectionId,
      id,
      UserId,
      share: null,
      notes: null,
      status: 'proposed',
      overriddenConflicts: [],
      warnings: [],
    },
    actor,
  );
const changed = (SectionId: string, id: string, data: Record<string, unknown>) =>
  on(`section-${SectionId}`, 'TeachingAssignmentChanged', { SectionId, id, ...data });
const person = (id: string, receive: boolean) =>
  on(`user-${id}`, 'UserCreated', {
    id,
    firstName: id,
    lastName: 'Teacher',
    email: `${id}@example.edu`,
    username: id,
    isFaculty: true,
    isActive: true,
    FacultyProfile: { receiveAssignments: receive },
  });

const setup: RecordedEvent[] = [
  // Ada turns off "meetings" in Allot but keeps it by e-mail; Bob turns off proposals altogether.
  on(
    'notifications-ada',
    'NotificationPreferencesSet',
    {
      userId: 'ada',
      appOff: ['meetingsChanged'],
      emailOff: [],
    },
    'ada',
  ),
  on(
    'notifications-bob',
    'NotificationPreferencesSet',
    {
      userId: 'bob',
      appOff: ['assignmentProposed'],
      emailOff: ['assignmentProposed'],
    },
    'bob',
  ),
  person('ada', true),
  person('bob', false),
  on('course-calc', 'CourseCreated', { id: 'calc', courseNumber: 'MATH 101', name: 'Calculus' }),
  on('courseOffering-o-1', 'CourseOfferingCreated', {
    id: 'o-1',
    CourseId: 'calc',
    AcademicPeriodId: 'p-1',
  }),
  on('section-s1', 'SectionCreated', section('s1', '001')),
  on('section-s2', 'SectionCreated', section('s2', '002')),
  on('section-s1', 'SectionMeetingsSet', {
    id: 's1',
    meetings: [meeting('10:00', '11:00')],
    overriddenConflicts: [],
    warnings: [],
  }),
  assign('s1', 'a1', 'ada'),
  assign('s1', 'b1', 'bob'),
  changed('s1', 'a1', { status: 'approved', previousStatus: 'proposed' }),
  changed('s1', 'a1', { status: 'approved', previousStatus: 'approved', share: 60 }),
  on('section-s1', 'SectionMeetingsSet', {
    id: 's1',
    meetings: [meeting('12:00', '13:00')],
    overriddenConflicts: [],
    warnings: [],
  }),
  assign('s2', 'b2', 'bob'),
  // What bob does himself, and what no person did, tells nobody.
  on(
    'section-s2',
    'TeachingAssignmentChanged',
    { SectionId: 's2', id: 'b2', status: 'withdrawn', previousStatus: 'proposed', reason: 'Mine' },
    'bob',
  ),
  assign('s2', 'a2', 'ada', 'ada'),
  on('section-s2', 'TeachingAssignmentDeleted', { SectionId: 's2', id: 'a2', UserId: 'ada' }, null),
];

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [notificationsProjection, sectionsProjection, resourceProjection(users)],
    events: setup,
    viewer: testViewers(contexts, 'p-1'),
    routes: [notificationReadRoutes],
  });
});

afterAll(() => harness.close());

const mine = async (who: string) => {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/notifications/mine',
    headers: { 'x-test-user': who },
  });
  expect(response.statusCode).toBe(200);
  return NotificationsAnswer.parse(response.json());
};
const titles = (answer: NotificationsAnswer) => answer.items.map((n) => [n.title, n.text, n.link]);

describe('notifications of one’s own teaching', () => {
  it('tell a faculty member of their assignments in words, newest first, linked to their pages', async () => {
    expect(titles(await mine('ada'))).toEqual([
      ['Your assignment to MATH 101 001 changed', 'Your share is now 60 %.', '/myWorkload'],
      ['Your assignment to MATH 101 001 is approved', 'Calculus I', '/myWorkload'],
      ['You are proposed to teach MATH 101 001', 'Calculus I', '/myWorkload'],
    ]);
  });

  it('tell every teacher of a section of its new times, as each chose', async () => {
    const bob = await mine('bob');
    expect(titles(bob)).toEqual([
      ['MATH 101 001 meets at new times or places', 'See My Schedule.', '/mySchedule'],
    ]);
    expect(bob.unread).toBe(1);
  });

  it('are kept for the e-mail digest when wanted only by e-mail', async () => {
    const rows = (await harness
      .knex(await harness.tables.table(notificationsProjection.name, 'notifications'))
      .select('user_id', 'kind', 'shown', 'email')
      .where({ kind: 'meetingsChanged' })
      .orderBy('user_id')) as { user_id: string; kind: string; shown: boolean; email: boolean }[];
    expect(rows).toEqual([
      { user_id: 'ada', kind: 'meetingsChanged', shown: false, email: true },
      { user_id: 'bob', kind: 'meetingsChanged', shown: true, email: true },
    ]);
  });

  it('say a withdrawal and a removal, with the reason, to whom they concern', async () => {
    const [withdrawn] = await harness
      .apply([
        changed('s1', 'b1', {
          status: 'withdrawn',
          previousStatus: 'proposed',
          reason: 'Too many hours',
        }),
        on('section-s1', 'TeachingAssignmentDeleted', { SectionId: 's1', id: 'a1', UserId: 'ada' }),
      ])
      .then((told) => [told.get(notificationsProjection.name) ?? []]);
    expect(withdrawn?.map((n) => n.rooms).sort()).toEqual([['user:ada'], ['user:bob']]);
    expect(titles(await mine('bob'))[0]).toEqual([
      'Your assignment to MATH 101 001 was withdrawn',
      'Reason: Too many hours',
      '/myWorkload',
    ]);
    expect(titles(await mine('ada'))[0]).toEqual([
      'You no longer teach MATH 101 001',
      'The assignment was removed.',
      '/myWorkload',
    ]);
  });

  it('are not shown while the reader may not read their own teaching', async () => {
    await harness.apply([assign('s2', 'c2', 'cy')]);
    expect((await mine('cy')).items).toEqual([]);
  });
});

describe('GET /api/notifications/preferences', () => {
  const preferences = (who?: string) =>
    harness.app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: who ? { 'x-test-user': who } : {},
    });

  it('answers the person’s own settings and whether e-mail reaches them', async () => {
    expect(NotificationPreferencesAnswer.parse((await preferences('ada')).json())).toEqual({
      appOff: ['meetingsChanged'],
      emailOff: [],
      receivesEmail: true,
    });
    expect((await preferences('bob')).json()).toEqual({
      appOff: ['assignmentProposed'],
      emailOff: ['assignmentProposed'],
      receivesEmail: false,
    });
    expect((await preferences('cy')).json()).toEqual({
      appOff: [],
      emailOff: [],
      receivesEmail: false,
    });
  });

  it('answers 401 signed out', async () => {
    expect((await preferences()).statusCode).toBe(401);
  });
});

describe('the e-mail digest’s reader', () => {
  const reader = () => createNotificationDigestReader(harness.knex, harness.tables);

  it('answers what waits for e-mail, worded, oldest first, of those e-mail reaches', async () => {
    const pending = await reader().pending(new Date('2026-11-28T00:00:00Z'));
    // Bob's profile does not receive e-mail; Ada's does, and wants everything by e-mail.
    expect(pending.map((p) => [p.userId, p.firstName, p.email])).toEqual([
      ['ada', 'ada', 'ada@example.edu'],
    ]);
    expect(pending[0]?.items.map((i) => i.title)).toEqual([
      'You are proposed to teach MATH 101 001',
      'Your assignment to MATH 101 001 is approved',
      'Your assignment to MATH 101 001 changed',
      'MATH 101 001 meets at new times or places',
      'You no longer teach MATH 101 001',
    ]);
  });

  it('leaves out what a digest told of, and what is older than asked', async () => {
    const [ada] = await reader().pending(new Date('2026-11-28T00:00:00Z'));
    const told = (ada?.items ?? []).slice(0, 2).map((i) => i.id);
    await harness.apply([
      on(
        'notifications-ada',
        'NotificationDigestSent',
        {
          userId: 'ada',
          ids: told,
          sentAt: '2026-11-28T10:00:00.000Z',
          to: ['ada@example.edu'],
          subject: 'Allot: 2 changes to your teaching',
          text: '…',
          messageId: '<1@allot>',
          response: '250 OK',
        },
        null,
      ),
    ]);
    const [after] = await reader().pending(new Date('2026-11-28T00:00:00Z'));
    expect(after?.items.map((i) => i.id)).toEqual((ada?.items ?? []).slice(2).map((i) => i.id));
    expect(await reader().pending(new Date('2026-11-29T00:00:00Z'))).toEqual([]);
  });
});
