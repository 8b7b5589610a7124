// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  openNativeTestDatabase,
  readAllSettled,
  type TestDatabase,
} from '@allot/shared-events/testing';
import { openWriterNode, type WriterNode } from '../testing/writerNode.js';
import { FALL_IN_PERSON, fallMeeting, seedTeachingBasics } from '../testing/teachingFixture.js';

/*
 * Double booking under concurrency on a native PostgreSQL server. Each writer is a node of its
 * own: its own connection, its own event store and so its own schedule index, as separate
 * command-service processes would be. Twenty commands that clash with each other arrive at once;
 * exactly one may be accepted.
 */
const WRITERS = 20;
let db: TestDatabase;
let setup: WriterNode;
let writers: WriterNode[] = [];

const node = (max: number) => openWriterNode(db, max);

const TermMode = FALL_IN_PERSON;
const meeting = fallMeeting;

async function createSections(prefix: string, count: number, at: (i: number) => object) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  for (const [i, id] of ids.entries()) {
    await setup.bus.execute('CreateSection', {
      id,
      CourseOfferingId: 'offering-1',
      WorkgroupId: 'wg-math',
      name: 'Calculus',
      sectionNumber: `${prefix}${String(i).padStart(3, '0')}`,
      TermMode,
      enrollment: 20,
    });
    await setup.bus.execute('SetMeetings', { id, meetings: [at(i)] });
  }
  return ids;
}

/** Runs each writer's command at the same moment; answers how many were accepted and refused. */
async function race(command: string, payloadOf: (i: number) => object) {
  const outcomes = await Promise.allSettled(
    writers.map((w, i) => w.bus.execute(command, payloadOf(i))),
  );
  const refusedWith = outcomes.flatMap((o) =>
    o.status === 'rejected' ? [(o.reason as { statusCode?: number }).statusCode ?? 500] : [],
  );
  return {
    accepted: outcomes.filter((o) => o.status === 'fulfilled').length,
    refusedWith,
    winner: outcomes.findIndex((o) => o.status === 'fulfilled'),
  };
}

beforeAll(async () => {
  db = await openNativeTestDatabase();
  setup = await node(2);
  writers = await Promise.all(Array.from({ length: WRITERS }, () => node(1)));
  const bus = setup.bus;
  await seedTeachingBasics(bus);
  for (const name of ['newbie', 'other']) {
    await bus.execute('CreateUser', {
      id: name,
      firstName: name,
      lastName: 'Instructor',
      email: `${name}@example.edu`,
      username: name,
      isFaculty: true,
    });
  }
  for (const room of ['hall', ...Array.from({ length: WRITERS }, (_, i) => `room-${i}`)]) {
    await bus.execute('CreateLocation', { id: room, code: `SSH ${room}`, capacity: 50 });
  }
}, 120_000);

afterAll(async () => {
  for (const n of [setup, ...writers]) await n.close();
  await db.close();
});

describe('double booking when the commands arrive at the same moment', () => {
  it('of 20 sections at one time assigned one instructor at once, exactly one is accepted', async () => {
    const sections = await createSections('A', WRITERS, () => meeting('09:00', '10:00', null));
    const result = await race('AssignInstructor', (i) => ({
      id: sections[i],
      assignmentId: `assign-${i}`,
      UserId: 'newbie',
    }));
    expect(result.accepted).toBe(1);
    expect(result.refusedWith).toEqual(Array.from({ length: WRITERS - 1 }, () => 422));

    // What the log holds agrees: one section has the instructor.
    const assigned = await readAllSettled(setup.store, {
      filter: { eventTypes: ['TeachingAssignmentCreated'] },
    });
    expect(assigned.filter((e) => (e.data as { UserId: string }).UserId === 'newbie')).toHaveLength(
      1,
    );

    // An override still goes through, and the clash it overrode is recorded with it.
    const loser = sections[result.winner === 0 ? 1 : 0] ?? '';
    await writers[3]?.bus.execute('AssignInstructor', {
      id: loser,
      assignmentId: 'assign-override',
      UserId: 'newbie',
      override: true,
    });
    const written = (await setup.store.readStream(`section-${loser}`)).at(-1);
    expect(written).toMatchObject({
      type: 'TeachingAssignmentCreated',
      data: {
        UserId: 'newbie',
        overriddenConflicts: [expect.objectContaining({ kind: 'instructorDoubleBooked' })],
      },
    });
  });

  it('of 20 sections moved into one room and time at once, exactly one is accepted', async () => {
    const sections = await createSections('B', WRITERS, (i) =>
      meeting('13:00', '14:00', `room-${i}`),
    );
    const result = await race('SetMeetings', (i) => ({
      id: sections[i],
      meetings: [meeting('15:00', '16:00', 'hall')],
    }));
    expect(result.accepted).toBe(1);
    expect(result.refusedWith).toEqual(Array.from({ length: WRITERS - 1 }, () => 422));
  });

  it('commands that do not clash all go through, however many arrive at once', async () => {
    // Twenty sections at twenty different hours, all given the same instructor at once.
    const sections = await createSections('C', WRITERS, (i) =>
      meeting(`${String(i + 2).padStart(2, '0')}:00`, `${String(i + 2).padStart(2, '0')}:30`, null),
    );
    const result = await race('AssignInstructor', (i) => ({
      id: sections[i],
      assignmentId: `fits-${i}`,
      UserId: 'other',
    }));
    expect(result.refusedWith).toEqual([]);
    expect(result.accepted).toBe(WRITERS);
  });
});
