import { createOnce } from './demoCreate.js';
import { deterministicId } from '@allot/shared-events';
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

/** The name of the academic period whose fall starts in `start` ("2026–2027"). */
export function demoPeriodName(start: number): string {
  return `${String(start)}–${String(start + 1)}`;
}

export interface DemoTerm {
  key: 'fall' | 'spring' | 'summer';
  /** As Allot shows it: "Fall 2026", "Spring 2027". */
  name: string;
  startDate: string;
  endDate: string;
  type: (typeof TERM_TYPES)[number]['key'];
}

/** The terms of the period whose fall starts in `start`, with their names and dates. */
export function demoTermsOf(start: number): DemoTerm[] {
  const next = start + 1;
  const term = (key: DemoTerm['key'], label: string, startDate: string, endDate: string) => ({
    key,
    name: `${label} ${startDate.slice(0, 4)}`,
    startDate,
    endDate,
    type: key === 'summer' ? ('summer' as const) : ('semester' as const),
  });
  return [
    term('fall', 'Fall', `${String(start)}-08-25`, `${String(start)}-12-15`),
    term('spring', 'Spring', `${String(next)}-01-12`, `${String(next)}-05-10`),
    term('summer', 'Summer', `${String(next)}-05-26`, `${String(next)}-08-07`),
  ];
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
          name: demoPeriodName(start),
          startDate: `${String(start)}-08-15`,
          endDate: `${String(start + 1)}-08-14`,
          isSystemActive: key === 'active',
          publishedForFaculty: key !== 'next',
        });
        for (const term of demoTermsOf(start)) {
          await createOnce(ctx, 'CreateAcademicTerm', {
            id: ctx.id(`academicTerm/${key}/${term.key}`),
            name: term.name,
            AcademicPeriodId: periodId,
            AcademicTermTypeId: ctx.id(`academicTermType/${term.type}`),
            startDate: term.startDate,
            endDate: term.endDate,
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
