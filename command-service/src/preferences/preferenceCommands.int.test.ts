import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { preferencesDecider, preferenceStreamId } from '@allot/shared-events';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';

let db: TestStore;
let bus: CommandBus;

beforeAll(async () => {
  db = await openTestStore();
  bus = createCommandBus({ store: db.store });
  await bus.execute('CreateAcademicPeriod', {
    id: 'period-1',
    name: 'period-1',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await bus.execute('CreateCourse', { id: 'course-1', courseNumber: 'MATH 101', name: 'Calc' });
  await bus.execute('CreateUser', {
    id: 'ada',
    firstName: 'Ada',
    lastName: 'Instructor',
    email: 'ada@example.edu',
    username: 'ada',
  });
});

afterAll(async () => {
  await db.close();
});

describe('the preferences aggregate on the write side', () => {
  it('knows when it was submitted: the time its submission occurred', async () => {
    const owner = { UserId: 'ada', AcademicPeriodId: 'period-1' };
    await bus.execute(
      'AddTeachingPreference',
      { ...owner, id: 'p1', level: 'preferred', CourseId: 'course-1' },
      { actorId: 'ada' },
    );
    const submittedAt = new Date('2026-03-02T09:15:00.000Z');
    await bus.execute('SubmitTeachingPreferences', owner, { actorId: 'ada', now: submittedAt });

    const { state } = await loadAggregate(
      db.store,
      preferencesDecider,
      preferenceStreamId('ada', 'period-1'),
    );
    expect(state.status).toBe('submitted');
    expect(state.submittedAt).toBe(submittedAt.toISOString());
  });
});
