import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import {
  positionToToken,
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  resolveReportQuery,
  type QueryableReportType,
  type RecordedEvent,
  type ReportQuery,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import { knexFor, projectionHarness } from '../testing/readModelDb.js';
import { planHistoryProjection } from '../planHistory/projection.js';
import { createReportQuery } from './query.js';
import { history, PERIOD } from '../planHistory/testing/history.js';

/**
 * The plan's history against its oracle: a report as of a position must equal the same report
 * over a history fed only the events up to that position (DESIGN §8: "a replay up to P is the
 * test oracle"), whatever batches the runner cut the log into.
 */

interface Db {
  db: TestDatabase;
  knex: Knex;
  harness: ReturnType<typeof projectionHarness>;
  reports: ReturnType<typeof createReportQuery>;
}

async function openDb(): Promise<Db> {
  const db = await openTestDatabase();
  const knex = knexFor(db);
  const harness = projectionHarness(knex, db.schema, planHistoryProjection);
  await harness.migrate();
  return { db, knex, harness, reports: createReportQuery(knex, harness.tables) };
}

let full: Db;
let oracle: Db;

beforeAll(async () => {
  [full, oracle] = await Promise.all([openDb(), openDb()]);
});

afterAll(async () => {
  for (const d of [full, oracle]) {
    await d.knex.destroy();
    await d.db.close();
  }
});

/** The runner cuts the log into batches of any size; so does the test. */
async function applyInBatches(target: Db, events: RecordedEvent[], sizes: number[]) {
  let i = 0;
  let n = 0;
  while (i < events.length) {
    const size = sizes[n++ % sizes.length] as number;
    await target.harness.apply(events.slice(i, i + size));
    i += size;
  }
}

async function everyRow(
  target: Db,
  type: QueryableReportType,
  asOf: ReportQuery['asOf'],
): Promise<unknown> {
  const definition = REPORT_DEFINITIONS[type];
  const query = resolveReportQuery(type, {
    columns: definition.columns.map((c) => c.key),
    pageSize: 500,
    groupBy: definition.defaultGroupBy ?? null,
  });
  if (!query.ok) throw new Error(JSON.stringify(query.issues));
  const answer = await target.reports.run(type, query.value, { AcademicPeriodId: PERIOD, asOf });
  return { rows: answer.rows, count: answer.count, groups: answer.groups, totals: answer.totals };
}

const TYPES = QUERYABLE_REPORT_TYPES;
/** One history for every test: positions are given out once, as the store does. */
const events = history(42);

test('a report as of any position equals the report over the log replayed up to it', async () => {
  await applyInBatches(full, events, [1, 7, 3, 25, 2]);
  // Re-delivering a batch changes nothing (the runner may, after a crash before its checkpoint).
  await full.harness.apply(events.slice(-5));
  const cuts = [20, 44, 66, events.length];
  let fed = 0;
  for (const cut of cuts) {
    await applyInBatches(oracle, events.slice(fed, cut), [4, 1, 9]);
    fed = cut;
    const position = positionToToken((events[cut - 1] as RecordedEvent).position);
    for (const type of TYPES) {
      const asOf = await everyRow(full, type, { position });
      const replayed = await everyRow(oracle, type, null);
      expect({ type, cut, ...(asOf as object) }).toEqual({ type, cut, ...(replayed as object) });
    }
  }
  // The plan now equals the plan as of the last event.
  for (const type of TYPES) {
    expect(await everyRow(full, type, null)).toEqual(
      await everyRow(full, type, {
        position: positionToToken((events.at(-1) as RecordedEvent).position),
      }),
    );
  }
});

test('as of an instant reads the plan at the last event recorded by then', async () => {
  const cut = events.findIndex((e) => e.createdAt.getTime() > Date.UTC(2026, 2, 1, 8, 40));
  const position = positionToToken((events[cut - 1] as RecordedEvent).position);
  for (const type of ['Sections', 'TeachingAssignments'] as const) {
    expect(await everyRow(full, type, { at: '2026-03-01T08:40:30Z' })).toEqual(
      await everyRow(full, type, { position }),
    );
  }
});

test('sections read as people do: names, points from the course, coverage and instructors', async () => {
  const query = resolveReportQuery('Sections', {
    columns: [
      'courseNumber',
      'sectionNumber',
      'workgroup',
      'term',
      'points',
      'coverage',
      'instructors',
      'meetings',
    ],
    filters: { workgroup: 'bio', coverage: ['covered', 'partial', 'over', 'uncovered'] },
    sorts: [{ column: 'points', direction: 'desc' }],
    groupBy: 'workgroup',
  });
  if (!query.ok) throw new Error('invalid');
  const answer = await full.reports.run('Sections', query.value, { AcademicPeriodId: PERIOD });
  expect(answer.count).toBeGreaterThan(0);
  expect(answer.groups).toEqual([
    expect.objectContaining({ value: 'Biology', label: 'Biology', count: answer.count }),
  ]);
  expect(answer.rows.map((row) => row.meetings)).toContainEqual(expect.stringContaining('SSH 120'));
  for (const row of answer.rows) {
    expect(row.workgroup).toBe('Biology');
    expect(row.term).toBe('Fall');
    expect(['uncovered', 'partial', 'covered', 'over']).toContain(row.coverage);
    expect(typeof row.points).toBe('number');
  }
  const points = answer.rows.map((r) => r.points as number);
  expect(points).toEqual([...points].sort((a, b) => b - a));
  expect(answer.totals.points).toBeCloseTo(
    points.reduce((s, p) => s + p, 0),
    2,
  );
});

test('a filter on text ignores case and treats % and _ as letters', async () => {
  const query = resolveReportQuery('Users', { columns: ['name'], filters: { name: '%' } });
  if (!query.ok) throw new Error('invalid');
  const answer = await full.reports.run('Users', query.value, { AcademicPeriodId: null });
  expect(answer.count).toBe(0);
  const ada = resolveReportQuery('Users', { columns: ['name'], filters: { name: 'ADA' } });
  if (!ada.ok) throw new Error('invalid');
  const found = await full.reports.run('Users', ada.value, { AcademicPeriodId: null });
  expect(found.rows.map((r) => r.name)).toEqual(['Ada Lovelace']);
});

test("an instructor's teaching record reads every period, grouped by period", async () => {
  const query = resolveReportQuery('TeachingAssignments', {
    columns: ['period', 'courseNumber', 'instructor', 'points'],
    sorts: [{ column: 'period', direction: 'desc' }],
    groupBy: 'period',
    pageSize: 500,
  });
  if (!query.ok) throw new Error('invalid');
  const mine = await full.reports.run('TeachingAssignments', query.value, {
    AcademicPeriodId: null,
    allPeriods: true,
    UserId: 'u1',
  });
  const everyone = await full.reports.run('TeachingAssignments', query.value, {
    AcademicPeriodId: PERIOD,
  });
  expect(mine.count).toBeGreaterThan(0);
  expect(mine.count).toBeLessThan(everyone.count);
  expect(new Set(mine.rows.map((r) => r.instructor))).toEqual(new Set(['Ada Lovelace']));
  expect(mine.groups).toEqual([expect.objectContaining({ value: '2026–27', count: mine.count })]);
  expect(mine.AcademicPeriodId).toBeNull();
});

test('split groups count and sum the rows of each value inside each group, whatever the page', async () => {
  const ask = (page: number) => {
    const query = resolveReportQuery('Sections', {
      columns: ['workgroup', 'coverage', 'points'],
      groupBy: 'workgroup',
      splitBy: 'coverage',
      page,
      pageSize: 500,
    });
    if (!query.ok) throw new Error(JSON.stringify(query.issues));
    return full.reports.run('Sections', query.value, { AcademicPeriodId: PERIOD });
  };
  const all = await ask(0);
  expect(all.count).toBeGreaterThan(1);
  expect(all.rows).toHaveLength(all.count);
  const expected = new Map<string, { count: number; points: number }>();
  for (const row of all.rows) {
    const key = `${String(row.workgroup)}|${String(row.coverage)}`;
    const seen = expected.get(key) ?? { count: 0, points: 0 };
    expected.set(key, { count: seen.count + 1, points: seen.points + Number(row.points) });
  }
  const answered = new Map<string, { count: number; points: number }>();
  for (const group of all.groups ?? []) {
    expect(group.splits?.reduce((n, split) => n + split.count, 0)).toBe(group.count);
    for (const split of group.splits ?? []) {
      answered.set(`${String(group.value)}|${String(split.value)}`, {
        count: split.count,
        points: split.sums.points ?? 0,
      });
    }
  }
  expect([...answered.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, want] of expected) {
    expect(answered.get(key)?.count).toBe(want.count);
    expect(answered.get(key)?.points).toBeCloseTo(want.points, 2);
  }
  // A page past the last row still answers the count, the totals and the groups.
  const past = await ask(5);
  expect(past.rows).toEqual([]);
  expect(past.count).toBe(all.count);
  expect(past.groups).toEqual(all.groups);
  expect(past.totals).toEqual(all.totals);
});

test('a split needs a grouping and a column that can be grouped', () => {
  expect(resolveReportQuery('Sections', { splitBy: 'coverage' }).ok).toBe(false);
  expect(resolveReportQuery('Sections', { groupBy: 'workgroup', splitBy: 'nothing' }).ok).toBe(
    false,
  );
});

test("an instructor's workgroup is the one they teach the most in when they belong to none", async () => {
  // The history's workgroups have no members: every instructor's workgroup comes from teaching.
  const query = resolveReportQuery('InstructorWorkloads', {
    columns: ['name', 'workgroup', 'teaching'],
    pageSize: 500,
  });
  if (!query.ok) throw new Error(JSON.stringify(query.issues));
  const answer = await full.reports.run('InstructorWorkloads', query.value, {
    AcademicPeriodId: PERIOD,
  });
  const teaching = answer.rows.filter((row) => Number(row.teaching) > 0);
  expect(teaching.length).toBeGreaterThan(0);
  for (const row of teaching) expect(['Biology', 'Chemistry']).toContain(row.workgroup);
  for (const row of answer.rows.filter((r) => Number(r.teaching) === 0)) {
    expect(row.workgroup).toBeNull();
  }
});

test('columns a page computes for its own rows read the same as when every row computes them', async () => {
  const ask = async (sortOn: string) => {
    const query = resolveReportQuery('Sections', {
      columns: ['sectionNumber', 'instructors', 'meetings'],
      sorts: [{ column: sortOn, direction: 'asc' }],
      pageSize: 500,
    });
    if (!query.ok) throw new Error(JSON.stringify(query.issues));
    const answer = await full.reports.run('Sections', query.value, { AcademicPeriodId: PERIOD });
    return new Map(answer.rows.map((row) => [row.id, [row.instructors, row.meetings]]));
  };
  // Sorted on the section number, instructors and meetings are computed for the page only;
  // sorted on them, for every row before the sort.
  const late = await ask('sectionNumber');
  expect(late.size).toBeGreaterThan(1);
  expect([...late.values()].some(([instructors]) => instructors !== null)).toBe(true);
  expect(await ask('instructors')).toEqual(late);
  expect(await ask('meetings')).toEqual(late);
});
