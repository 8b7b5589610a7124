import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { RecordedEvent } from '@allot/shared-events';
import type { Knex } from 'knex';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { MAX_SECTION_IDS, SECTIONS_CHANGED } from './changed.js';
import { sectionsProjection } from './projection.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, sectionsProjection);
  await harness.migrate();
  await harness.apply([
    recorded(
      'CourseOfferingCreated',
      { id: 'o1', CourseId: 'c1', AcademicPeriodId: 'p1' },
      { streamId: 'courseOffering-o1', revision: 0n },
    ),
  ]);
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

/** Events of one section stream by one actor, revisions 0, 1, 2, … as the store numbers them. */
function stream(id: string, actorId = 'u-ops') {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, {
      streamId: `section-${id}`,
      revision: revision++,
      metadata: { actorId, occurredAt: '2026-11-22T02:00:00.000Z' },
    });
}

const created = (id: string, WorkgroupId = 'wg-math') => ({
  id,
  CourseOfferingId: 'o1',
  WorkgroupId,
  name: 'Calculus I',
  sectionNumber: '001',
  enrollment: 30,
  defaultPoints: 4,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
});
const meeting = (startTime: string, endTime: string) => ({
  id: 'm1',
  days: ['MO', 'WE'],
  startTime,
  endTime,
  startDate: '2026-09-07',
  until: '2026-12-18',
  frequency: 'weekly',
});
const flags = { overriddenConflicts: [], warnings: [] };

const announced = (notifications: { event: string }[]) =>
  notifications.filter((n) => n.event === SECTIONS_CHANGED);

test('a meeting move announces sectionsChanged with the section, its period and workgroup', async () => {
  const e = stream('s1');
  await harness.apply([
    e('SectionCreated', created('s1')),
    e('SectionMeetingsSet', { id: 's1', meetings: [meeting('09:00', '10:00')], ...flags }),
  ]);
  const notifications = await harness.apply([
    e('SectionMeetingMoved', { id: 's1', meeting: meeting('11:00', '12:00'), ...flags }),
  ]);
  expect(notifications).toEqual([
    {
      event: 'sectionsChanged',
      rooms: ['all'],
      payload: { SectionIds: ['s1'], AcademicPeriodId: 'p1', WorkgroupId: 'wg-math' },
      actorId: 'u-ops',
    },
  ]);
  // A re-delivered move changed nothing, so it announces nothing.
  expect(
    await harness.apply([
      recorded(
        'SectionMeetingMoved',
        { id: 's1', meeting: meeting('11:00', '12:00'), ...flags },
        { streamId: 'section-s1', revision: 2n },
      ),
    ]),
  ).toEqual([]);
});

test('updates and deletes announce it too; assignment events keep only their own spec events', async () => {
  const e = stream('s2');
  await harness.apply([e('SectionCreated', created('s2'))]);
  expect(announced(await harness.apply([e('SectionUpdated', { id: 's2', name: 'Calc' })]))).toEqual(
    [expect.objectContaining({ payload: expect.objectContaining({ SectionIds: ['s2'] }) })],
  );
  const assignment = await harness.apply([
    e('TeachingAssignmentCreated', {
      SectionId: 's2',
      id: 'a1',
      UserId: 'ada',
      share: null,
      notes: null,
      status: 'proposed',
      ...flags,
    }),
  ]);
  expect(assignment.map((n) => n.event)).toEqual(['teachingAssignmentCreated']);
  expect(announced(await harness.apply([e('SectionDeleted', { id: 's2' })]))).toHaveLength(1);
});

test('one batch announces once per period, workgroup and actor', async () => {
  const math = stream('s3');
  const math2 = stream('s4');
  const physics = stream('s5');
  const other = stream('s6', 'u-other');
  const notifications = await harness.apply([
    math('SectionCreated', created('s3')),
    math('SectionUpdated', { id: 's3', enrollment: 40 }),
    math2('SectionCreated', created('s4')),
    physics('SectionCreated', created('s5', 'wg-physics')),
    other('SectionCreated', created('s6')),
  ]);
  expect(notifications.map((n) => [n.payload, n.actorId])).toEqual([
    [{ SectionIds: ['s3', 's4'], AcademicPeriodId: 'p1', WorkgroupId: 'wg-math' }, 'u-ops'],
    [{ SectionIds: ['s5'], AcademicPeriodId: 'p1', WorkgroupId: 'wg-physics' }, 'u-ops'],
    [{ SectionIds: ['s6'], AcademicPeriodId: 'p1', WorkgroupId: 'wg-math' }, 'u-other'],
  ]);
});

test('an import of many sections names none of them: the client refreshes every history', async () => {
  const events = Array.from({ length: MAX_SECTION_IDS + 1 }, (_, i) =>
    stream(`bulk-${String(i)}`)('SectionCreated', created(`bulk-${String(i)}`)),
  );
  expect((await harness.apply(events)).map((n) => n.payload)).toEqual([
    { SectionIds: null, AcademicPeriodId: 'p1', WorkgroupId: 'wg-math' },
  ]);
});
