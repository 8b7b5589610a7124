// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { courseOfferings } from '@allot/shared-events';
import { openNativeTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { abilityFromRules, systemAbility } from '../authorization/ability.js';
import { rulesOf } from '../testing/rules.js';
import { FALL_IN_PERSON, seedTeachingBasics } from '../testing/teachingFixture.js';
import { openWriterNode, type WriterNode } from '../testing/writerNode.js';
import { createRecords } from './createRecords.js';

/*
 * Records of one kind created in one step (a clone's offerings): checked as their create command
 * checks them, what is out of the ordinary left to that command, and a unique pair held when two
 * writers (nodes of their own on native PostgreSQL) create it at the same moment.
 */
let db: TestDatabase;
let setup: WriterNode;
let nodes: WriterNode[] = [];

const meta = (correlationId: string) => ({
  actorId: 'cloner',
  onBehalfOfId: null,
  correlationId,
  causationId: correlationId,
  now: new Date(),
});
const offering = (
  id: string,
  CourseId: string,
  termModes: { AcademicTermId: string; TeachingModeId: string }[] = [FALL_IN_PERSON],
) => ({
  id,
  CourseId,
  AcademicPeriodId: 'period-1',
  termModes,
});

beforeAll(async () => {
  db = await openNativeTestDatabase();
  setup = await openWriterNode(db, 2);
  nodes = await Promise.all([openWriterNode(db, 2), openWriterNode(db, 2)]);
  await seedTeachingBasics(setup.bus, { offering: false });
  for (const n of [101, 102, 103, 104, 105]) {
    await setup.bus.execute('CreateCourse', {
      id: `math-${n}`,
      courseNumber: `MATH ${n}`,
      name: `Mathematics ${n}`,
    });
  }
  await setup.bus.execute('CreateAcademicPeriod', {
    id: 'period-2',
    name: '2027–2028',
    startDate: '2027-07-01',
    endDate: '2028-06-30',
  });
  await setup.bus.execute('CreateAcademicTerm', {
    id: 'fall-2027',
    name: 'Fall 2027',
    AcademicPeriodId: 'period-2',
    startDate: '2027-08-20',
    endDate: '2027-12-20',
  });
}, 120_000);

afterAll(async () => {
  for (const n of [setup, ...nodes]) await n.close();
  await db.close();
});

describe('records of one kind created in one step', () => {
  it('creates what its command would, and leaves to the command what it would refuse', async () => {
    const outcome = await createRecords(
      setup.store,
      courseOfferings,
      [
        offering('o-1', 'math-101'),
        offering('o-2', 'math-102'),
        // A course that does not exist, and a term of another period: the command's 422s.
        offering('o-3', 'math-999'),
        offering('o-4', 'math-103', [{ AcademicTermId: 'fall-2027', TeachingModeId: 'inPerson' }]),
        // The pair o-1 holds.
        offering('o-5', 'math-101'),
      ],
      { ability: systemAbility(), meta: meta('clone-a') },
    );
    expect(outcome).toEqual({ created: ['o-1', 'o-2'], existing: [], left: ['o-3', 'o-4', 'o-5'] });
    const [created] = await setup.store.readStream(courseOfferings.streamId('o-1'));
    expect(created).toMatchObject({
      type: courseOfferings.eventTypes.created,
      data: { id: 'o-1', CourseId: 'math-101', termModes: [FALL_IN_PERSON] },
      metadata: { correlationId: 'clone-a', actorId: 'cloner' },
    });
    // Each left one, through its command: refused in its own words, nothing written.
    for (const left of [offering('o-3', 'math-999'), offering('o-5', 'math-101')]) {
      await expect(setup.bus.execute('CreateCourseOffering', left)).rejects.toMatchObject({
        statusCode: 422,
      });
    }

    // Again (a second run): found there, nothing written twice.
    const again = await createRecords(setup.store, courseOfferings, [offering('o-1', 'math-101')], {
      ability: systemAbility(),
      meta: meta('clone-b'),
    });
    expect(again.created).toEqual([]);
    expect([...again.existing, ...again.left]).toEqual(['o-1']);
    expect(await setup.store.readStream(courseOfferings.streamId('o-1'))).toHaveLength(1);
  });

  it('leaves everything to the command for one who may not create offerings', async () => {
    const faculty = abilityFromRules(rulesOf('faculty', 'ada'));
    const outcome = await createRecords(
      setup.store,
      courseOfferings,
      [offering('o-6', 'math-104')],
      { ability: faculty, meta: meta('clone-c') },
    );
    expect(outcome).toEqual({ created: [], existing: [], left: ['o-6'] });
    await expect(
      setup.bus.execute('CreateCourseOffering', offering('o-6', 'math-104'), { ability: faculty }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('of two writers creating one course in one period at the same moment, one has it', async () => {
    const outcomes = await Promise.all(
      nodes.map((node, i) =>
        createRecords(node.store, courseOfferings, [offering(`race-${i}`, 'math-105')], {
          ability: systemAbility(),
          meta: meta(`race-${i}`),
        }),
      ),
    );
    expect(outcomes.flatMap((o) => o.created)).toHaveLength(1);
    expect(outcomes.flatMap((o) => o.left)).toHaveLength(1);
  });
});
