import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { RecordedEvent } from '@allot/shared-events';
import type { Knex } from 'knex';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTION_LIST_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from './projection.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, sectionsProjection);
  await harness.migrate();
  await harness.migrate(); // idempotent
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

/**
 * Rows with their stored answer parsed: its keys come in the order the state had them, which is
 * the order of the events in memory and PostgreSQL's own order once read back.
 */
function withParsedViews(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((r) =>
    typeof r.view === 'string' ? { ...r, view: JSON.parse(r.view) as unknown } : r,
  );
}

/** Events of one section stream, revisions 0, 1, 2, … as the store numbers them. */
function stream(id: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId: `section-${id}`, revision: revision++ });
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
const assigned = (SectionId: string, id: string, UserId: string, share: number | null = null) => ({
  SectionId,
  id,
  UserId,
  share,
  notes: null,
  status: 'proposed',
  overriddenConflicts: [],
  warnings: [],
});

test('searches the list through a trigram index (pg_trgm, in PGlite as on a server)', async () => {
  const found = await knex.raw<{ rows: { indexdef: string }[] }>(
    'SELECT indexdef FROM pg_indexes WHERE schemaname = ? AND indexname = ?',
    [db.schema, `${harness.ctx.physicalName(SECTION_LIST_TABLE)}_search`],
  );
  expect(found.rows[0]?.indexdef).toContain('gin_trgm_ops');
});

test('keeps each section with its assignments and coverage, and notifies assignment changes', async () => {
  const e = stream('s1');
  const notifications = await harness.apply([
    e('SectionCreated', created('s1')),
    e('TeachingAssignmentCreated', assigned('s1', 'a1', 'ada', 50)),
    e('TeachingAssignmentCreated', assigned('s1', 'a2', 'bob')),
    e('TeachingAssignmentChanged', {
      SectionId: 's1',
      id: 'a1',
      status: 'approved',
      previousStatus: 'proposed',
      approval: { level: 'workgroup', by: 'u1', at: '2026-09-01T10:00:00.000Z' },
    }),
  ]);
  expect(notifications.map((n) => [n.event, n.rooms, n.payload])).toEqual([
    ['teachingAssignmentCreated', ['all'], { SectionId: 's1', id: 'a1', status: 'proposed' }],
    ['teachingAssignmentCreated', ['all'], { SectionId: 's1', id: 'a2', status: 'proposed' }],
    ['teachingAssignmentChanged', ['all'], { SectionId: 's1', id: 'a1', status: 'approved' }],
    // The section's own creation, once per batch (sectionsChanged.test.ts).
    [
      'sectionsChanged',
      ['all'],
      { SectionIds: ['s1'], AcademicPeriodId: null, WorkgroupId: 'wg-math' },
    ],
  ]);
  const row = await knex(harness.ctx.table(SECTIONS_TABLE)).where({ id: 's1' }).first();
  expect(row).toMatchObject({
    workgroup_id: 'wg-math',
    deleted: false,
    coverage: { status: 'covered', shareTotal: 100, assignedPoints: 4, variance: 0 },
  });
  expect(row.state.assignments.a1).toMatchObject({ UserId: 'ada', status: 'approved', share: 50 });
  const rows: { id: string; user_id: string; status: string; workgroup_id: string }[] = await knex(
    harness.ctx.table(SECTION_ASSIGNMENTS_TABLE),
  )
    .where({ section_id: 's1' })
    .orderBy('id');
  expect(rows.map((r) => [r.id, r.user_id, r.status, r.workgroup_id])).toEqual([
    ['a1', 'ada', 'approved', 'wg-math'],
    ['a2', 'bob', 'proposed', 'wg-math'],
  ]);
});

test('a re-delivered or older event changes nothing', async () => {
  const e = stream('s2');
  const first = e('SectionCreated', created('s2'));
  const second = e('SectionUpdated', { id: 's2', points: 6 });
  await harness.apply([first, second]);
  const before = await knex(harness.ctx.table(SECTIONS_TABLE)).where({ id: 's2' }).first();
  expect(await harness.apply([first, second])).toEqual([]);
  expect(await knex(harness.ctx.table(SECTIONS_TABLE)).where({ id: 's2' }).first()).toEqual(before);
  expect(before.coverage).toMatchObject({ status: 'uncovered', variance: -6 });
});

test('deletes mark the section and its assignments, and a moved workgroup follows to the assignments', async () => {
  const e = stream('s3');
  await harness.apply([
    e('SectionCreated', created('s3')),
    e('TeachingAssignmentCreated', assigned('s3', 'a3', 'ada')),
    e('SectionUpdated', { id: 's3', WorkgroupId: 'wg-physics' }),
  ]);
  const assignments = () =>
    knex(harness.ctx.table(SECTION_ASSIGNMENTS_TABLE)).where({ id: 'a3' }).first();
  expect(await assignments()).toMatchObject({ workgroup_id: 'wg-physics', deleted: false });
  await harness.apply([
    e('TeachingAssignmentDeleted', { SectionId: 's3', id: 'a3', UserId: 'ada' }),
  ]);
  expect(await assignments()).toMatchObject({ deleted: true });
  await harness.apply([e('SectionDeleted', { id: 's3' })]);
  expect(await knex(harness.ctx.table(SECTIONS_TABLE)).where({ id: 's3' }).first()).toMatchObject({
    deleted: true,
  });
});

test('a malformed event stops the projection', async () => {
  const e = stream('s4');
  await expect(harness.apply([e('SectionCreated', { id: 's4' })])).rejects.toThrow();
});

/** Events of any stream, revisions 0, 1, 2, … */
function anyStream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}

/** A course, its offering, two instructors and a section with both, then renames of each. */
function catalogStory(): RecordedEvent[] {
  const course = anyStream('course-c9');
  const offering = anyStream('courseOffering-o9');
  const ada = anyStream('user-u-ada');
  const bob = anyStream('user-u-bob');
  const s = stream('s9');
  return [
    ada('UserCreated', {
      id: 'u-ada',
      firstName: 'Ada',
      lastName: 'King',
      displayName: 'Ada King',
      email: 'a@x.edu',
      username: 'ada',
    }),
    bob('UserCreated', {
      id: 'u-bob',
      firstName: 'Bob',
      lastName: 'Stone',
      displayName: 'Bob Stone',
      email: 'b@x.edu',
      username: 'bob',
    }),
    course('CourseCreated', {
      id: 'c9',
      courseNumber: 'CHEM 101',
      name: 'Chemistry',
      sectionCreditHours: 3,
    }),
    offering('CourseOfferingCreated', { id: 'o9', CourseId: 'c9', AcademicPeriodId: 'p1' }),
    s('SectionCreated', { ...created('s9'), CourseOfferingId: 'o9', defaultPoints: null }),
    s('TeachingAssignmentCreated', assigned('s9', 'a9', 'u-ada', 50)),
    s('TeachingAssignmentCreated', assigned('s9', 'a10', 'u-bob', 50)),
    course('CourseUpdated', { id: 'c9', name: 'General Chemistry', sectionCreditHours: 4 }),
    ada('UserUpdated', { id: 'u-ada', displayName: 'Ada Lovelace' }),
    offering('CourseOfferingUpdated', { id: 'o9', AcademicPeriodId: 'p2' }),
    s('TeachingAssignmentChanged', {
      SectionId: 's9',
      id: 'a10',
      status: 'withdrawn',
      previousStatus: 'proposed',
      reason: null,
    }),
  ];
}

test('rows carry the course, period and instructor names, and follow their renames', async () => {
  await harness.apply(catalogStory());
  const row = await knex(harness.ctx.table(SECTIONS_TABLE)).where({ id: 's9' }).first();
  expect(row).toMatchObject({
    course_id: 'c9',
    course_number: 'CHEM 101',
    course_name: 'General Chemistry',
    academic_period_id: 'p2',
    // No points of its own: the course's credit hours, after their change.
    points: 4,
    coverage_status: 'partial',
    coverage_variance: -2,
    search: 'chem 101 general chemistry calculus i 001',
  });
  const rows: Record<string, unknown>[] = await knex(harness.ctx.table(SECTION_ASSIGNMENTS_TABLE))
    .where({ section_id: 's9' })
    .orderBy('id');
  expect(rows.map((r) => [r.id, r.user_name, r.status, r.share_percent, r.points])).toEqual([
    ['a10', 'Bob Stone', 'withdrawn', 0, 0],
    ['a9', 'Ada Lovelace', 'proposed', 50, 2],
  ]);
  expect(
    rows.every((r) => r.academic_period_id === 'p2' && r.course_name === 'General Chemistry'),
  ).toBe(true);
  // The stored answer follows the renames too (Ada was renamed after her assignment was made).
  const view = JSON.parse(String(row.view)) as Record<string, unknown>;
  expect(view).toMatchObject({
    id: 's9',
    CourseId: 'c9',
    AcademicPeriodId: 'p2',
    courseNumber: 'CHEM 101',
    courseName: 'General Chemistry',
    sectionPoints: 4,
    assignedPoints: 2,
    coverage: { status: 'partial', variance: -2 },
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  });
  expect(
    (view.assignments as { id: string; instructorName: string }[]).map((a) => [
      a.id,
      a.instructorName,
    ]),
  ).toEqual([
    ['a9', 'Ada Lovelace'],
    ['a10', 'Bob Stone'],
  ]);
  const listed = await knex(harness.ctx.table(SECTION_LIST_TABLE)).where({ id: 's9' }).first();
  expect(listed).toMatchObject({
    academic_period_id: 'p2',
    course_name: 'General Chemistry',
    points: 4,
    coverage_status: 'partial',
    search: 'chem 101 general chemistry calculus i 001',
  });
});

test('a replay builds the same rows whatever the batch size', async () => {
  const events = catalogStory();
  const fresh = async (batchSize: number) => {
    const other = await openTestDatabase();
    const otherKnex = knexFor(other);
    try {
      const h = projectionHarness(otherKnex, other.schema, sectionsProjection);
      await h.migrate();
      for (let i = 0; i < events.length; i += batchSize) {
        await h.apply(events.slice(i, i + batchSize));
      }
      const read = async (logical: string) =>
        withParsedViews(
          (await otherKnex(h.ctx.table(logical)).orderBy('id')) as Record<string, unknown>[],
        );
      return {
        sections: await read(SECTIONS_TABLE),
        list: await read(SECTION_LIST_TABLE),
        assignments: await read(SECTION_ASSIGNMENTS_TABLE),
      };
    } finally {
      await otherKnex.destroy();
      await other.close();
    }
  };
  const whole = await fresh(events.length);
  expect(whole.sections).toHaveLength(1);
  expect(await fresh(1)).toEqual(whole);
});

/** A planning story across sections, each event a minute after the one before. */
function busyStory(): RecordedEvent[] {
  const s1 = stream('b1');
  const s2 = stream('b2');
  const course = anyStream('course-cb');
  const events = [
    ...catalogStory(),
    s1('SectionCreated', { ...created('b1'), CourseOfferingId: 'o9' }),
    s2('SectionCreated', { ...created('b2'), CourseOfferingId: 'o9' }),
    s1('TeachingAssignmentCreated', assigned('b1', 'ba1', 'u-ada')),
    s1('SectionUpdated', { id: 'b1', enrollment: 31 }),
    s2('TeachingAssignmentCreated', assigned('b2', 'ba2', 'u-bob', 60)),
    s2('TeachingAssignmentCreated', assigned('b2', 'ba3', 'u-ada', 40)),
    s1('TeachingAssignmentChanged', {
      SectionId: 'b1',
      id: 'ba1',
      notes: 'Evening class',
      status: 'proposed',
      previousStatus: 'proposed',
    }),
    course('CourseCreated', {
      id: 'cb',
      courseNumber: 'BIO 1',
      name: 'Bio',
      sectionCreditHours: 2,
    }),
    s2('SectionUpdated', { id: 'b2', enrollment: 12 }),
    s2('TeachingAssignmentDeleted', { SectionId: 'b2', id: 'ba3', UserId: 'u-ada' }),
    s1('SectionUpdated', { id: 'b1', enrollment: 33 }),
    s1('TeachingAssignmentReassigned', {
      SectionId: 'b1',
      id: 'ba1',
      UserId: 'u-bob',
      previousUserId: 'u-ada',
    }),
    s2('SectionDeleted', { id: 'b2' }),
    s1('SectionUpdated', { id: 'b1', name: 'Calculus I (evening)' }),
  ];
  return events.map((event, i) => {
    const at = new Date(Date.UTC(2026, 8, 1, 8, i)).toISOString();
    return { ...event, metadata: { ...event.metadata, occurredAt: at } };
  });
}

test('a batch writes the same rows as its events one at a time (times included)', async () => {
  const other = await openTestDatabase();
  const otherKnex = knexFor(other);
  try {
    const single = projectionHarness(knex, db.schema, sectionsProjection);
    const batched = projectionHarness(otherKnex, other.schema, sectionsProjection);
    await batched.migrate();
    // Fresh ids: the shared harness above already holds the catalog story's rows.
    const story = busyStory().map((e) => ({
      ...e,
      streamId: `${e.streamId}-eq`,
      data: JSON.parse(JSON.stringify(e.data).replace(/"(s9|b1|b2|a9|a10|ba\d)"/g, '"$1-eq"')),
    }));
    await single.migrate();
    for (const event of story) await single.apply([event]);
    await batched.apply(story);
    // Replayed whole again, nothing changes (each row is guarded by its stream revision).
    await batched.apply(story);
    const rowsOf = async (k: Knex, ctx: typeof single.ctx, table: string) =>
      withParsedViews(
        (await k(ctx.table(table)).whereLike('id', '%-eq').orderBy('id')) as Record<
          string,
          unknown
        >[],
      );
    for (const table of [SECTIONS_TABLE, SECTION_LIST_TABLE, SECTION_ASSIGNMENTS_TABLE]) {
      const one = await rowsOf(knex, single.ctx, table);
      expect(one.length).toBeGreaterThan(1);
      expect(await rowsOf(otherKnex, batched.ctx, table)).toEqual(one);
    }
  } finally {
    await otherKnex.destroy();
    await other.close();
  }
});
