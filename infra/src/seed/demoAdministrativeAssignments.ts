import { administrativeAssignmentTypes, administrativeAssignments } from '@allot/shared-events';
import { DEMO_ADMINISTRATIVE_ASSIGNMENT_TYPES, demoConfigurationId } from './demoConfiguration.js';
import { createOnce } from './demoCreate.js';
import { demoAcademicPeriodId, demoAcademicTermId } from './demoPeriods.js';
import { demoPlan, type PlannedAdministrativeAssignment } from './demoPlan.js';
import { SEED_CONCURRENCY, demoInstructorId } from './demoTeaching.js';
import { deterministicId } from '@allot/shared-events';
import { runInLanes } from './seedConcurrency.js';
import type { SeedStep } from './seedStep.js';

const STEP = 'demo-administrative-assignments';

/** The seed id of a planned administrative assignment (its key: type and username). */
export function demoAdministrativeAssignmentId(key: string): string {
  return deterministicId(`${STEP}/administrativeAssignment/${key}`);
}

function payloadOf(work: PlannedAdministrativeAssignment) {
  const instructor = demoPlan().instructors.find((i) => i.username === work.username);
  if (!instructor) throw new Error(`The demo plan has no instructor ${work.username}`);
  return {
    id: demoAdministrativeAssignmentId(work.key),
    UserId: demoInstructorId(instructor),
    AcademicPeriodId: demoAcademicPeriodId('active'),
    AdministrativeAssignmentTypeId: demoConfigurationId(administrativeAssignmentTypes, work.type),
    AcademicTermId: work.term ? demoAcademicTermId('active', work.term) : null,
    points: work.points,
    takesWholeTerm: work.takesWholeTerm,
    notes: work.notes,
  };
}

/**
 * The current period's administrative assignments (chairs, program directors, committees,
 * advising, a spring sabbatical and leave), planned in demoPlan.ts before the teaching so their
 * points are reserved there.
 */
export const demoAdministrativeAssignmentsStep: SeedStep = {
  name: STEP,
  async run(ctx) {
    // A data folder whose configuration was seeded before Sabbatical and Leave existed lacks
    // them; on a fresh one these creates are refused as done and record nothing.
    for (const [slug, name, description] of DEMO_ADMINISTRATIVE_ASSIGNMENT_TYPES) {
      await createOnce(ctx, administrativeAssignmentTypes.commandNames.create, {
        id: demoConfigurationId(administrativeAssignmentTypes, slug),
        name,
        slug,
        ...(description ? { description } : {}),
      });
    }
    await runInLanes(
      demoPlan().administrativeAssignments,
      { concurrency: SEED_CONCURRENCY },
      (work) => createOnce(ctx, administrativeAssignments.commandNames.create, payloadOf(work)),
    );
  },
};
