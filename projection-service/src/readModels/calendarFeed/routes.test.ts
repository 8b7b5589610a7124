import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ical, { type VEvent } from 'node-ical';
import {
  CalendarFeedAnswer,
  defineAbilityFor,
  locations,
  users,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { settingsProjection } from '../settings/projection.js';
import type { ResourceViewer } from '../../http/viewer.js';
import { calendarFeedsProjection } from './projection.js';
import {
  calendarFeedRoutes,
  calendarFeedStatusRoutes,
  type CalendarFeedRouteOptions,
} from './routes.js';

/*
 * The calendar feed read back as a calendar app reads it (node-ical): the person's own meetings,
 * recurring in the institution's zone with holidays left out, course, room, co-instructors and
 * whether the teaching is confirmed; any address that does not work now answers 404 alike.
 */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('faculty');
const contexts: Record<string, AbilityContext> = {
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  bob: { ...demoContextFor('faculty'), userId: 'bob' },
  cy: {
    ...demoContextFor('faculty'),
    userId: 'cy',
    featureFlags: { ...featureFlags, myScheduleEnabled: false },
  },
  reporting: { ...demoContextFor('reportingUser'), userId: 'reporting' },
};
/** Who is active now: dee left the university after making her address. */
const viewerOf = (userId: string): Promise<ResourceViewer | null> => {
  const context = contexts[userId];
  return Promise.resolve(
    context ? { userId, ability: defineAbilityFor(context), workingAcademicPeriodId: 'p-1' } : null,
  );
};

const token = (seed: string) => createHash('sha256').update(seed).digest('base64url');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const tokens = {
  ada: token('ada'),
  adaNew: token('ada2'),
  bob: token('bob'),
  cy: token('cy'),
  dee: token('dee'),
};

const revisions = new Map<string, bigint>();
function on(streamId: string, type: string, data: unknown): RecordedEvent {
  const revision = revisions.get(streamId) ?? 0n;
  revisions.set(streamId, revision + 1n);
  return recorded(type, data, {
    streamId,
    revision,
    metadata: { actorId: 'ops', occurredAt: '2026-08-20T09:00:00.000Z' },
  });
}
const person = (id: string, displayName: string) => ({
  id,
  firstName: displayName.split(' ')[0],
  lastName: displayName.split(' ')[1],
  displayName,
  email: `${id}@example.edu`,
  username: id,
  isFaculty: true,
  isActive: true,
});
const section = (id: string, sectionNumber: string, name: string) => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId: 'wg',
  name,
  sectionNumber,
  enrollment: 10,
  defaultPoints: null,
  points: 3,
  notes: null,
  TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
  allowOverlap: false,
});
const meetingsSet = (id: string, meetings: unknown[]) =>
  on(`section-${id}`, 'SectionMeetingsSet', {
    id,
    meetings,
    overriddenConflicts: [],
    warnings: [],
  });
const assign = (SectionId: string, id: string, UserId: string) =>
  on(`section-${SectionId}`, 'TeachingAssignmentCreated', {
    SectionId,
    id,
    UserId,
    share: null,
    notes: null,
    status: 'proposed',
    overriddenConflicts: [],
    warnings: [],
  });
const feedIssued = (userId: string, secret: string) =>
  on(`calendarFeed-${userId}`, 'CalendarFeedIssued', { userId, tokenSha256: sha256(secret) });

beforeAll(async () => {
  harness = await openRouteHarness<Omit<CalendarFeedRouteOptions, 'knex' | 'tables'>>({
    projections: [
      sectionsProjection,
      resourceProjection(users),
      resourceProjection(locations),
      settingsProjection,
      calendarFeedsProjection,
    ],
    events: [
      on('settings', 'SettingChanged', { machineName: 'time_zone', value: 'America/Chicago' }),
      ...[person('ada', 'Ada Lovelace'), person('bob', 'Bob Noyce'), person('cy', 'Cy Young')].map(
        (p) => on(`user-${p.id}`, 'UserCreated', p),
      ),
      on('course-calc', 'CourseCreated', {
        id: 'calc',
        courseNumber: 'MATH 101',
        name: 'Calculus',
      }),
      on('courseOffering-o-1', 'CourseOfferingCreated', {
        id: 'o-1',
        CourseId: 'calc',
        AcademicPeriodId: 'p-1',
      }),
      on('location-sci', 'LocationCreated', { id: 'sci', code: 'SCI 101', capacity: 20 }),
      // s1: ada and bob, Mondays and Wednesdays, no class on Labor Day, approved for ada.
      on('section-s1', 'SectionCreated', section('s1', '001', 'Calculus I')),
      meetingsSet('s1', [
        {
          id: 'm1',
          days: ['MO', 'WE'],
          startTime: '10:00',
          endTime: '11:15',
          startDate: '2026-08-31',
          until: '2026-12-11',
          frequency: 'weekly',
          exceptions: ['2026-09-07'],
          LocationId: 'sci',
          description: 'Bring the problem sets.',
        },
      ]),
      assign('s1', 'a-ada1', 'ada'),
      assign('s1', 'a-bob1', 'bob'),
      on('section-s1', 'TeachingAssignmentChanged', {
        SectionId: 's1',
        id: 'a-ada1',
        status: 'approved',
        previousStatus: 'proposed',
      }),
      // s2: ada alone, every other Friday for six meetings, still proposed.
      on('section-s2', 'SectionCreated', section('s2', '002', 'Calculus I')),
      meetingsSet('s2', [
        {
          id: 'm2',
          days: ['FR'],
          startTime: '14:00',
          endTime: '15:00',
          startDate: '2026-09-04',
          occurrences: 6,
          frequency: 'biweekly',
          exceptions: [],
          LocationId: null,
          description: null,
        },
      ]),
      assign('s2', 'a-ada2', 'ada'),
      // s3: bob's alone, and a withdrawn assignment of ada's on it.
      on('section-s3', 'SectionCreated', section('s3', '003', 'Calculus II')),
      meetingsSet('s3', [
        {
          id: 'm3',
          days: ['TU'],
          startTime: '09:00',
          endTime: '10:00',
          startDate: '2026-09-01',
          until: '2026-12-08',
          frequency: 'weekly',
          exceptions: [],
          LocationId: 'sci',
          description: null,
        },
      ]),
      assign('s3', 'a-bob3', 'bob'),
      assign('s3', 'a-ada3', 'ada'),
      on('section-s3', 'TeachingAssignmentChanged', {
        SectionId: 's3',
        id: 'a-ada3',
        status: 'withdrawn',
        previousStatus: 'proposed',
      }),
      feedIssued('ada', tokens.ada),
      feedIssued('bob', tokens.bob),
      feedIssued('cy', tokens.cy),
      feedIssued('dee', tokens.dee),
    ],
    viewer: testViewers(contexts, 'p-1'),
    routes: [calendarFeedRoutes, calendarFeedStatusRoutes],
    routeOptions: { viewerOf, now: () => new Date('2026-09-15T12:00:00Z') },
  });
});

afterAll(() => harness.close());

const feed = (secret: string, suffix = '.ics') =>
  harness.app.inject({ method: 'GET', url: `/api/calendarFeed/${secret}${suffix}` });
/** A property's text, with or without parameters. */
const textOf = (value: VEvent['description']): string =>
  typeof value === 'string' ? value : (value?.val ?? '');
const eventsOf = (text: string): VEvent[] =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

describe('GET /api/calendarFeed/<secret>.ics', () => {
  it('answers the person’s own meetings as recurring events in the institution’s zone', async () => {
    const response = await feed(tokens.ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago');
    const events = eventsOf(response.body).sort((a, b) => a.uid.localeCompare(b.uid));
    expect(events.map((e) => e.uid)).toEqual(['s1.m1@allot', 's2.m2@allot']);

    const [weekly, biweekly] = events as [VEvent, VEvent];
    expect(weekly.summary).toBe('MATH 101 001 Calculus I');
    expect(weekly.location).toBe('SCI 101');
    expect(weekly.status).toBe('CONFIRMED');
    expect(weekly.description).toBe(
      'Section 001 of MATH 101 Calculus\nYour assignment: Approved\nTaught with: Bob Noyce\nBring the problem sets.',
    );
    // 10:00 in Chicago (daylight time, UTC−5) is 15:00 UTC.
    expect(weekly.start.toISOString()).toBe('2026-08-31T15:00:00.000Z');
    expect(weekly.end?.toISOString()).toBe('2026-08-31T16:15:00.000Z');
    expect(weekly.start.tz).toBe('America/Chicago');
    const dates = weekly.rrule?.all().map((d) => d.toISOString().slice(0, 10)) ?? [];
    expect(dates.slice(0, 4)).toEqual(['2026-08-31', '2026-09-02', '2026-09-07', '2026-09-09']);
    expect(dates.at(-1)).toBe('2026-12-09');
    // Labor Day, at the meeting's own time in its zone.
    const skipped = new Set(Object.values(weekly.exdate ?? {}).map((d) => d.toISOString()));
    expect([...skipped]).toEqual(['2026-09-07T15:00:00.000Z']);

    expect(biweekly.status).toBe('TENTATIVE');
    expect(biweekly.location).toBeUndefined();
    expect(biweekly.description).toBe(
      'Section 002 of MATH 101 Calculus\nYour assignment: Proposed',
    );
    expect(biweekly.rrule?.options.interval).toBe(2);
    expect(biweekly.rrule?.all()).toHaveLength(6);
  });

  it('writes UNTIL in UTC and a DTSTAMP with its Z, as RFC 5545 asks of a zoned start', async () => {
    const { body } = await feed(tokens.ada);
    expect(body).toContain(
      'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;WKST=MO;UNTIL=20261212T055959Z',
    );
    expect(body).toContain('EXDATE;TZID=America/Chicago:20260907T100000');
    expect(body).toContain('DTSTAMP:20260915T120000Z');
  });

  it('shows another person only their own teaching, co-teachers named', async () => {
    const events = eventsOf((await feed(tokens.bob)).body);
    expect(events.map((e) => [e.uid, textOf(e.description).split('\n')[1]]).sort()).toEqual([
      ['s1.m1@allot', 'Your assignment: Proposed'],
      ['s3.m3@allot', 'Your assignment: Proposed'],
    ]);
    expect(events.find((e) => e.uid === 's1.m1@allot')?.description).toContain(
      'Taught with: Ada Lovelace',
    );
  });

  it('gives floating times, as written, while no time zone is set', async () => {
    await harness.apply([
      on('settings', 'SettingChanged', { machineName: 'time_zone', value: '' }),
    ]);
    const { body } = await feed(tokens.ada);
    expect(body).not.toContain('VTIMEZONE');
    expect(body).toContain('DTSTART:20260831T100000\r\n');
    expect(body).toContain('EXDATE:20260907T100000');
    expect(body).toContain('UNTIL=20261211T235959');
    await harness.apply([
      on('settings', 'SettingChanged', { machineName: 'time_zone', value: 'America/Chicago' }),
    ]);
  });

  it('answers 404 alike for an address that does not work', async () => {
    const refused = [
      await feed(tokens.cy), // no schedule of their own (My Schedule turned off)
      await feed(tokens.dee), // no longer active
      await feed(token('never made')),
      await feed(tokens.ada, '.txt'),
      await feed('not-a-secret'),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('There is no calendar at this address.');
    }
  });

  it('stops answering an address once it is reset or the feed is turned off', async () => {
    await harness.apply([feedIssued('ada', tokens.adaNew)]);
    expect((await feed(tokens.ada)).statusCode).toBe(404);
    expect((await feed(tokens.adaNew)).statusCode).toBe(200);
    await harness.apply([on('calendarFeed-bob', 'CalendarFeedStopped', { userId: 'bob' })]);
    expect((await feed(tokens.bob)).statusCode).toBe(404);
  });
});

describe('GET /api/calendarFeed/mine', () => {
  const mine = (who?: string) =>
    harness.app.inject({
      method: 'GET',
      url: '/api/calendarFeed/mine',
      headers: who ? { 'x-test-user': who } : {},
    });

  it('tells whether the person’s feed is on, and since when', async () => {
    const on = await mine('ada');
    expect(on.statusCode).toBe(200);
    expect(CalendarFeedAnswer.parse(on.json())).toEqual({
      active: true,
      issuedAt: '2026-08-20T09:00:00.000Z',
    });
    expect((await mine('bob')).json()).toEqual({ active: false, issuedAt: null });
  });

  it('refuses someone without a schedule of their own, and answers 401 signed out', async () => {
    expect((await mine('reporting')).statusCode).toBe(403);
    expect((await mine()).statusCode).toBe(401);
  });
});
