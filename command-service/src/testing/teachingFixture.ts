import type { CommandBus } from '../commandHandling/commandBus.js';

/** The fixture's one term mode: fall, in person. */
export const FALL_IN_PERSON = { AcademicTermId: 'fall', TeachingModeId: 'inPerson' } as const;

/** A weekly meeting on Mondays and Wednesdays through the fixture's fall term. */
export const fallMeeting = (startTime: string, endTime: string, LocationId: string | null) => ({
  id: 'm1',
  days: ['MO', 'WE'],
  startTime,
  endTime,
  startDate: '2026-09-07',
  until: '2026-12-11',
  frequency: 'weekly',
  LocationId,
});

/**
 * What the teaching tests' sections name: workgroup `wg-math`, academic period `period-1`
 * (2026–2027) with its term `fall`, teaching mode `inPerson`, and — unless `offering` is false —
 * course `math-101` (MATH 101) offered as `offering-1` in fall, in person.
 */
export async function seedTeachingBasics(
  bus: CommandBus,
  { offering = true }: { offering?: boolean } = {},
): Promise<void> {
  await bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await bus.execute('CreateAcademicPeriod', {
    id: 'period-1',
    name: '2026–2027',
    startDate: '2026-07-01',
    endDate: '2027-06-30',
  });
  await bus.execute('CreateAcademicTerm', {
    id: 'fall',
    name: 'Fall 2026',
    AcademicPeriodId: 'period-1',
    startDate: '2026-08-20',
    endDate: '2026-12-20',
  });
  await bus.execute('CreateTeachingMode', { id: 'inPerson', name: 'In person', slug: 'in-person' });
  if (!offering) return;
  await bus.execute('CreateCourse', { id: 'math-101', courseNumber: 'MATH 101', name: 'Calculus' });
  await bus.execute('CreateCourseOffering', {
    id: 'offering-1',
    CourseId: 'math-101',
    AcademicPeriodId: 'period-1',
    termModes: [FALL_IN_PERSON],
  });
}
