import { createOnce } from './demoCreate.js';
import { deterministicId } from './deterministicId.js';
import type { SeedContext, SeedStep } from './seedStep.js';

const STEP_NAME = 'demo-academic-periods';

/** DESIGN §7's planning cycle; step 6 (department review) is when workgroup bits apply. */
export const DEMO_PROGRESS_STEPS = [
  'Setup',
  'Course offerings',
  'Teaching call',
  'Scheduling',
  'Draft assignments',
  'Department review',
  'Academic affairs approval',
  'Published to faculty',
] as const;

const TERM_TYPES = [
  { key: 'semester', name: 'Semester' },
  { key: 'summer', name: 'Summer session' },
] as const;

export type DemoPeriodKey = 'past' | 'active' | 'next';

/** How far each period's planning has got: the past one is done, the active one is in review. */
const ACTIVE_STEPS: Record<DemoPeriodKey, number> = { past: 8, active: 6, next: 1 };

export function demoPeriodId(ctx: Pick<SeedContext, 'id'>, key: DemoPeriodKey): string {
  return ctx.id(`academicPeriod/${key}`);
}

/** The seed id of a demo academic period, for other steps. */
export function demoAcademicPeriodId(key: DemoPeriodKey): string {
  return deterministicId(`${STEP_NAME}/academicPeriod/${key}`);
}

/** The seed id of a term (fall, spring, summer) of a demo academic period, for other steps. */
export function demoAcademicTermId(key: DemoPeriodKey, term: 'fall' | 'spring' | 'summer'): string {
  return deterministicId(`${STEP_NAME}/academicTerm/${key}/${term}`);
}

/** The seed id of a progress step (1–8) of a demo academic period, for other steps. */
export function demoProgressStepId(key: DemoPeriodKey, stepId: number): string {
  return deterministicId(`${STEP_NAME}/progressStep/${key}/${String(stepId)}`);
}

/** The academic year (starting in August) that `now` falls in. */
export function academicYearOf(now: Date): number {
  return now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/**
 * Three academic periods around the year the demo starts in (past, system-active, next), each
 * with fall, spring and summer terms and the eight progress steps.
 */
export function demoPeriodsStep(now: () => Date = () => new Date()): SeedStep {
  return {
    name: STEP_NAME,
    async run(ctx) {
      for (const type of TERM_TYPES) {
        await createOnce(ctx, 'CreateAcademicTermType', {
          id: ctx.id(`academicTermType/${type.key}`),
          name: type.name,
          slug: type.key,
        });
      }
      const year = academicYearOf(now());
      const periods: [DemoPeriodKey, number][] = [
        ['past', year - 1],
        ['active', year],
        ['next', year + 1],
      ];
      for (const [key, start] of periods) {
        const periodId = demoPeriodId(ctx, key);
        await createOnce(ctx, 'CreateAcademicPeriod', {
          id: periodId,
          name: `${String(start)}–${String(start + 1)}`,
          startDate: `${String(start)}-08-15`,
          endDate: `${String(start + 1)}-08-14`,
          isSystemActive: key === 'active',
          publishedForFaculty: key !== 'next',
        });
        const terms = [
          ['fall', 'Fall', `${String(start)}-08-25`, `${String(start)}-12-15`, 'semester'],
          [
            'spring',
            'Spring',
            `${String(start + 1)}-01-12`,
            `${String(start + 1)}-05-10`,
            'semester',
          ],
          [
            'summer',
            'Summer',
            `${String(start + 1)}-05-26`,
            `${String(start + 1)}-08-07`,
            'summer',
          ],
        ] as const;
        for (const [termKey, termName, startDate, endDate, typeKey] of terms) {
          await createOnce(ctx, 'CreateAcademicTerm', {
            id: ctx.id(`academicTerm/${key}/${termKey}`),
            name: `${termName} ${startDate.slice(0, 4)}`,
            AcademicPeriodId: periodId,
            AcademicTermTypeId: ctx.id(`academicTermType/${typeKey}`),
            startDate,
            endDate,
          });
        }
        for (const [index, stepName] of DEMO_PROGRESS_STEPS.entries()) {
          const stepId = index + 1;
          await createOnce(ctx, 'CreateProgressStep', {
            id: ctx.id(`progressStep/${key}/${String(stepId)}`),
            AcademicPeriodId: periodId,
            stepId,
            name: stepName,
            isActive: stepId <= ACTIVE_STEPS[key],
          });
        }
      }
    },
  };
}
