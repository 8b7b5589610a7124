import { instructorCosts, instructorRates, instructorTypes, ranks } from '@allot/shared-events';
import { createOnce } from './demoCreate.js';
import { demoConfigurationId } from './demoConfiguration.js';
import { demoAcademicPeriodId } from './demoPeriods.js';
import { demoPlan } from './demoPlan.js';
import { demoInstructorId, demoSectionId } from './demoTeaching.js';
import { deterministicId } from '@allot/shared-events';
import type { SeedStep } from './seedStep.js';

const STEP = 'demo-costs';
const id = (key: string) => deterministicId(`${STEP}/${key}`);
const type = (slug: string) => demoConfigurationId(instructorTypes, slug);
const rank = (slug: string) => demoConfigurationId(ranks, slug);
// Placeholders name a type only (any rank): whom a department will hire is known by type first.

/** What a workload point costs in the working period: per type (any rank), then per type and rank. */
const RATES: readonly [typeSlug: string, rankSlug: string | null, ratePerPoint: number][] = [
  ['tenure-line', null, 2400],
  ['tenure-line', 'assistant-professor', 2000],
  ['tenure-line', 'associate-professor', 2400],
  ['tenure-line', 'full-professor', 2900],
  ['lecturer', null, 1500],
  ['lecturer', 'senior-lecturer', 1800],
  ['adjunct', null, 1100],
  ['graduate-student', null, 700],
];

/**
 * The Instructor Cost Matrix's demo (docs/costs.md): the working period's rates per instructor
 * type and rank, one adjunct's own rate, a course-development stipend set by hand on one
 * assignment, and placeholders on a few sections nobody teaches yet (adjuncts at their type's rate,
 * a lecturer at a fixed cost), so the matrix shows each way a cost comes about.
 */
export const demoCostsStep: SeedStep = {
  name: STEP,
  async run(ctx) {
    const AcademicPeriodId = demoAcademicPeriodId('active');
    const plan = demoPlan();
    for (const [typeSlug, rankSlug, ratePerPoint] of RATES) {
      await createOnce(ctx, instructorRates.commandNames.create, {
        id: id(`rate/${typeSlug}/${rankSlug ?? 'any'}`),
        AcademicPeriodId,
        InstructorTypeId: type(typeSlug),
        RankId: rankSlug ? rank(rankSlug) : null,
        ratePerPoint,
      });
    }
    const adjunct = plan.instructors.find((i) => i.type === 'adjunct');
    if (adjunct) {
      await createOnce(ctx, instructorRates.commandNames.create, {
        id: id(`rate/person/${adjunct.username}`),
        AcademicPeriodId,
        UserId: demoInstructorId(adjunct),
        ratePerPoint: 1300,
      });
    }
    const taught = plan.sections.find((s) => s.assignments.length > 0);
    const teacher = taught?.assignments[0];
    const instructor = plan.instructors.find((i) => i.username === teacher?.username);
    if (taught && instructor) {
      await createOnce(ctx, instructorCosts.commandNames.create, {
        id: id(`stipend/${taught.key}`),
        SectionId: demoSectionId(taught.key),
        UserId: demoInstructorId(instructor),
        amount: 6000,
        notes: 'Course development stipend',
      });
    }
    const open = plan.sections.filter((s) => s.assignments.length === 0).slice(0, 4);
    for (const [n, section] of open.entries()) {
      const lecturer = n === open.length - 1;
      await createOnce(ctx, instructorCosts.commandNames.create, {
        id: id(`placeholder/${section.key}`),
        SectionId: demoSectionId(section.key),
        InstructorTypeId: type(lecturer ? 'lecturer' : 'adjunct'),
        RankId: null,
        amount: lecturer ? 4500 : null,
        notes: lecturer ? 'Visiting lecturer, fee agreed' : null,
      });
    }
  },
};
