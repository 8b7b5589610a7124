import { openPgliteTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { RecordedEvent } from '@allot/shared-events';
import type { Knex } from 'knex';
import { knexFor, projectionHarness, recorded } from '../readModels/testing/readModelDb.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from './sectionsProjection.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;

beforeAll(async () => {
  db = await openPgliteTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, sectionsProjection);
  await harness.migrate();
  await harness.migrate(); // idempotent
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

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
