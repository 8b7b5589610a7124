// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { FALL_IN_PERSON, seedTeachingBasics } from '../testing/teachingFixture.js';

/*
 * A command decides on the schedule index, which reads the log only as far as every older
 * transaction on the server has ended. On a busy server (here: one transaction held open) a write
 * committed a moment ago is then not in the index yet; a refusal on that stale copy would refuse
 * what the person just made possible. The refusal is checked against the stream itself.
 */
let db: TestStore;
let bus: CommandBus;
let holder: pg.Client;

const meetingIn = (LocationId: string | null) => ({
  id: 'm1',
  days: ['MO', 'WE'],
  startTime: '09:00',
  endTime: '10:00',
  startDate: '2026-09-07',
  until: '2026-12-11',
  frequency: 'weekly',
  LocationId,
});
const faculty = (id: string) => ({
  id,
  firstName: id,
  lastName: 'Instructor',
  email: `${id}@example.edu`,
  username: id,
  isFaculty: true,
});

/** Runs `work` while another transaction, begun before it, holds the server's snapshot back. */
async function whileHeldBack<T>(work: () => Promise<T>): Promise<T> {
  await holder.query('BEGIN');
  await holder.query('SELECT pg_current_xact_id()');
  try {
    return await work();
  } finally {
    await holder.query('ROLLBACK');
  }
}

beforeAll(async () => {
  db = await openNativeTestStore(4);
  bus = createCommandBus({ store: db.store });
  holder = new pg.Client({ connectionString: process.env.ALLOT_TEST_DATABASE_URL });
  await holder.connect();
  await seedTeachingBasics(bus);
  await bus.execute('CreateLocation', { id: 'small', code: 'SCI 101', capacity: 20 });
  await bus.execute('CreateSection', {
    id: 'section',
    CourseOfferingId: 'offering-1',
    WorkgroupId: 'wg-math',
    name: 'Calculus',
    sectionNumber: '001',
    TermMode: FALL_IN_PERSON,
    enrollment: 30,
  });
  // The index has read the section (with its 30 students) before what follows.
  await bus.execute('SetMeetings', { id: 'section', meetings: [meetingIn(null)] });
});

afterAll(async () => {
  await holder?.end();
  await db?.close();
});

describe('a command right after a write, while the server holds its snapshot back', () => {
  it('decides on the section as just changed, not on the index’s older copy', async () => {
    await whileHeldBack(async () => {
      // 30 students do not fit a room of 20 — the index still holds that section.
      await expect(
        bus.execute('SetMeetings', { id: 'section', meetings: [meetingIn('small')] }),
      ).rejects.toThrow(/seats 20, fewer than the section's 30 students/);
      await bus.execute('UpdateSection', { id: 'section', enrollment: 10 });
      await bus.execute('SetMeetings', { id: 'section', meetings: [meetingIn('small')] });
    });
    expect((await db.events('section-section')).at(-1)).toMatchObject({
      type: 'SectionMeetingsSet',
      data: { meetings: [expect.objectContaining({ LocationId: 'small' })] },
    });
  });

  it('assigns an instructor created a moment ago; still refuses one who does not exist', async () => {
    await whileHeldBack(async () => {
      await bus.execute('CreateUser', faculty('newcomer'));
      await bus.execute('AssignInstructor', {
        id: 'section',
        assignmentId: 'a-newcomer',
        UserId: 'newcomer',
      });
      await expect(
        bus.execute('AssignInstructor', {
          id: 'section',
          assignmentId: 'a-nobody',
          UserId: 'nobody',
        }),
      ).rejects.toThrow('This instructor does not exist.');
    });
    expect((await db.events('section-section')).at(-1)).toMatchObject({
      type: 'TeachingAssignmentCreated',
    });
  });
});
