import { DomainRuleError } from '@allot/command-service';
import { assignmentTypes, teachingModes } from '@allot/shared-events';
import { demoConfigurationId } from './demoConfiguration.js';
import { demoPlan, type DemoInstructor, type PlannedSection } from './demoPlan.js';
import { demoAcademicPeriodId, demoAcademicTermId } from './demoPeriods.js';
import { runInLanes } from './seedConcurrency.js';
import { SEED_CONCURRENCY, demoCourseId, demoInstructorId } from './demoTeaching.js';
import type { SeedContext, SeedStep } from './seedStep.js';
import { deterministicId } from '@allot/shared-events';

const STEP = 'demo-teaching-preferences';

/** What one faculty member states (deterministic from their place in the plan). */
interface PlannedPreferences {
  instructor: DemoInstructor;
  preferences: {
    key: string;
    level: string;
    weight: number | null;
    CourseId: string | null;
    AssignmentTypeId: string | null;
    AcademicTermId: string | null;
    TeachingModeId: string | null;
    notes: string | null;
  }[];
  unavailable: { day: string; startTime: string; endTime: string }[];
  /** submitted (most), draft (some), or nothing stated at all. */
  outcome: 'submitted' | 'draft' | 'none';
}

/**
 * The preferences of the demo faculty, mostly agreeing with what the plan gives them (so most
 * assignments align), with a few discouraged and prohibited courses, unavailable Friday
 * afternoons or early mornings, and every state of the lifecycle: most submitted, some drafts,
 * some not started.
 */
export function demoPreferencePlan(): PlannedPreferences[] {
  const plan = demoPlan();
  const taught = new Map<string, PlannedSection[]>();
  for (const section of plan.sections) {
    for (const a of section.assignments) {
      taught.set(a.username, [...(taught.get(a.username) ?? []), section]);
    }
  }
  const coursesOf = (department: string) =>
    plan.offerings.map((o) => o.course).filter((c) => c.department.key === department);
  return plan.instructors.map((instructor, index) => {
    const mine = taught.get(instructor.username) ?? [];
    const seen = new Set<string>();
    const preferences: PlannedPreferences['preferences'] = [];
    for (const section of mine) {
      if (seen.has(section.course.key) || preferences.length >= 3) continue;
      seen.add(section.course.key);
      const first = preferences.length === 0;
      preferences.push({
        key: section.course.key,
        level: first ? 'stronglyPreferred' : 'preferred',
        weight: first ? null : 0.8,
        CourseId: demoCourseId(section.course.key),
        AssignmentTypeId: null,
        // Every third one names the term it wants; the rest take any term.
        AcademicTermId: index % 3 === 0 ? demoAcademicTermId('active', section.term) : null,
        TeachingModeId: index % 5 === 0 ? demoConfigurationId(teachingModes, section.mode) : null,
        notes: first && index % 4 === 0 ? 'I have taught this course for years.' : null,
      });
    }
    const others = coursesOf(instructor.department.key).filter((c) => !seen.has(c.key));
    const avoided = others[index % Math.max(1, others.length)];
    if (avoided && index % 2 === 0) {
      preferences.push({
        key: `avoid-${avoided.key}`,
        level: index % 10 === 0 ? 'prohibited' : 'discouraged',
        weight: null,
        CourseId: demoCourseId(avoided.key),
        AssignmentTypeId: null,
        AcademicTermId: null,
        TeachingModeId: null,
        notes: index % 10 === 0 ? 'Outside my field.' : null,
      });
    }
    if (index % 7 === 0) {
      preferences.push({
        key: 'lab-instructor',
        level: instructor.type === 'graduate-student' ? 'preferred' : 'discouraged',
        weight: null,
        CourseId: null,
        AssignmentTypeId: demoConfigurationId(assignmentTypes, 'lab'),
        AcademicTermId: null,
        TeachingModeId: null,
        notes: null,
      });
    }
    const unavailable =
      index % 3 === 1
        ? [{ day: 'FR', startTime: '13:00', endTime: '17:00' }]
        : index % 11 === 0
          ? [
              { day: 'MO', startTime: '08:00', endTime: '09:00' },
              { day: 'WE', startTime: '08:00', endTime: '09:00' },
            ]
          : [];
    const outcome = index % 10 === 9 ? 'none' : index % 6 === 5 ? 'draft' : 'submitted';
    return { instructor, preferences, unavailable, outcome };
  });
}

/** "Already stated" refusals (a re-run after a crash) count as done. */
async function once(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (err instanceof DomainRuleError && /already|submitted/.test(err.message)) {
      return;
    }
    throw err;
  }
}

async function statePreferences(ctx: SeedContext, planned: PlannedPreferences): Promise<void> {
  if (planned.outcome === 'none') return;
  const UserId = demoInstructorId(planned.instructor);
  const AcademicPeriodId = demoAcademicPeriodId('active');
  const owner = { UserId, AcademicPeriodId };
  for (const p of planned.preferences) {
    const { key, ...fields } = p;
    const id = deterministicId(`${STEP}/${planned.instructor.username}/${key}`);
    await once(() => ctx.executeAs(UserId, 'AddTeachingPreference', { ...owner, id, ...fields }));
  }
  if (planned.unavailable.length > 0) {
    await once(() =>
      ctx.executeAs(UserId, 'SetUnavailableTimes', { ...owner, unavailable: planned.unavailable }),
    );
  }
  if (planned.outcome === 'submitted') {
    await once(() => ctx.executeAs(UserId, 'SubmitTeachingPreferences', owner));
  }
}

const demoTeachingPreferencesStep: SeedStep = {
  name: STEP,
  async run(ctx) {
    await runInLanes(demoPreferencePlan(), { concurrency: SEED_CONCURRENCY }, (planned) =>
      statePreferences(ctx, planned),
    );
  },
};

/**
 * Runs after the sections exist (`demo-sections`) and before instructors are assigned
 * (`demo-teaching-assignments`), so assignments can be aligned with preferences.
 */
export const demoTeachingPreferencesSteps: readonly SeedStep[] = [demoTeachingPreferencesStep];
