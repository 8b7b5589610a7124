// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  academicPeriods,
  academicTerms,
  courseOfferings,
  type ResourceRecord,
} from '@allot/shared-events';
import { openNativeTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { openWriterNode, type WriterNode } from '../testing/writerNode.js';
import { loadRecord } from './loadRecord.js';

/*
 * Rules between a record and those under it, when the writes arrive at the same moment on
 * native PostgreSQL. Each writer is a node of its own (connection, event store, indexes). A
 * parent narrowing its bound races children written inside the old bound: whatever wins, no
 * child may end up outside its parent.
 */
const WRITERS = 10;
let db: TestDatabase;
let setup: WriterNode;
let writers: WriterNode[] = [];

const node = (max: number) => openWriterNode(db, max);

/** Runs every command at the same moment, each on its own node; answers the status of each. */
async function together(commands: [string, object][]): Promise<number[]> {
  const outcomes = await Promise.allSettled(
    commands.map(([name, payload], i) => (writers[i] ?? setup).bus.execute(name, payload)),
  );
  return outcomes.map((o) =>
    o.status === 'fulfilled' ? 200 : ((o.reason as { statusCode?: number }).statusCode ?? 500),
  );
}

beforeAll(async () => {
  db = await openNativeTestDatabase();
  setup = await node(2);
  writers = await Promise.all(Array.from({ length: WRITERS + 1 }, () => node(1)));
  await setup.bus.execute('CreateTeachingMode', {
    id: 'inPerson',
    name: 'In person',
    slug: 'in-person',
  });
  await setup.bus.execute('CreateTeachingMode', { id: 'online', name: 'Online', slug: 'online' });
  await setup.bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await setup.bus.execute('CreateCourse', {
    id: 'math-101',
    courseNumber: 'MATH 101',
    name: 'Calculus',
  });
}, 120_000);

afterAll(async () => {
  for (const n of [setup, ...writers]) await n.close();
  await db.close();
});

const ROUNDS = 4;

describe('a parent and its children written at the same moment', () => {
  it('a period narrowed while terms are created in the part it gives up: no term ends up outside', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const periodId = `period-${round}`;
      await setup.bus.execute('CreateAcademicPeriod', {
        id: periodId,
        name: `Year ${round}`,
        startDate: '2026-07-01',
        endDate: '2027-06-30',
      });
      const statuses = await together([
        ['UpdateAcademicPeriod', { id: periodId, startDate: '2026-07-01', endDate: '2027-05-31' }],
        ...Array.from({ length: WRITERS }, (_, i): [string, object] => [
          'CreateAcademicTerm',
          {
            id: `${periodId}-summer-${i}`,
            name: `Summer ${i}`,
            AcademicPeriodId: periodId,
            startDate: '2027-06-01',
            endDate: '2027-06-20',
          },
        ]),
      ]);
      expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
      const period = (await loadRecord(setup.store, academicPeriods, periodId)) as ResourceRecord;
      const terms = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          loadRecord(setup.store, academicTerms, `${periodId}-summer-${i}`),
        ),
      );
      const outside = terms.filter((t) => t !== null && String(t.endDate) > String(period.endDate));
      expect(outside).toEqual([]);
      // Either the period kept its summer and terms were made, or it gave it up and none were.
      const made = terms.filter((t) => t !== null).length;
      expect(made).toBe(statuses[0] === 200 ? 0 : WRITERS);
    }
  });

  it('an offering dropping a term mode while sections are created on it: no section is left on it', async () => {
    await setup.bus.execute('CreateAcademicPeriod', {
      id: 'offering-period',
      name: 'Offering year',
      startDate: '2026-07-01',
      endDate: '2027-06-30',
    });
    await setup.bus.execute('CreateAcademicTerm', {
      id: 'fall',
      name: 'Fall 2026',
      AcademicPeriodId: 'offering-period',
      startDate: '2026-08-20',
      endDate: '2026-12-20',
    });
    const inPerson = { AcademicTermId: 'fall', TeachingModeId: 'inPerson' };
    const online = { AcademicTermId: 'fall', TeachingModeId: 'online' };
    for (let round = 0; round < ROUNDS; round++) {
      const offeringId = `offering-${round}`;
      // One offering per course and period.
      await setup.bus.execute('CreateCourse', {
        id: `course-${round}`,
        courseNumber: `MATH ${200 + round}`,
        name: 'Analysis',
      });
      await setup.bus.execute('CreateCourseOffering', {
        id: offeringId,
        CourseId: `course-${round}`,
        AcademicPeriodId: 'offering-period',
        termModes: [inPerson, online],
      });
      const statuses = await together([
        ['UpdateCourseOffering', { id: offeringId, termModes: [inPerson] }],
        ...Array.from({ length: WRITERS }, (_, i): [string, object] => [
          'CreateSection',
          {
            id: `${offeringId}-s${i}`,
            CourseOfferingId: offeringId,
            WorkgroupId: 'wg-math',
            name: 'Calculus',
            sectionNumber: `W${String(i).padStart(2, '0')}`,
            TermMode: online,
          },
        ]),
      ]);
      expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
      const offering = (await loadRecord(
        setup.store,
        courseOfferings,
        offeringId,
      )) as ResourceRecord;
      const keepsOnline = (offering.termModes as { TeachingModeId: string }[]).some(
        (m) => m.TeachingModeId === 'online',
      );
      expect(keepsOnline).toBe(statuses[0] !== 200);
      const created = statuses.slice(1).filter((s) => s === 200).length;
      // Sections on the online mode exist only while the offering still lists it.
      const onDroppedMode = keepsOnline ? 0 : created;
      expect(onDroppedMode).toBe(0);
    }
  });
});
