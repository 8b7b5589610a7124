import { DomainRuleError } from '@allot/command-service';
import {
  APPROVE_BIT,
  ASSIGN_BIT,
  workgroupApprovalStreamId,
  type ProgressActionKind,
} from '@allot/shared-events';
import { DEMO_DEPARTMENTS, EARLIER_WORKGROUP_KEYS } from './demoCatalog.js';
import { demoProgressStepId } from './demoPeriods.js';
import { demoPlan } from './demoPlan.js';
import { SEED_CONCURRENCY, demoDepartmentId, demoInstructorId } from './demoTeaching.js';
import { demoUserId } from './demoUsers.js';
import { DEMO_WORKGROUPS } from './demoWorkgroups.js';
import { runInLanes } from './seedConcurrency.js';
import type { SeedContext, SeedStep } from './seedStep.js';

const STEP = 'demo-progress-approvals';
/** The active period's current step (department review); the steps before it are done. */
export const DEMO_CURRENT_STEP = 6;

/** At department review: who has submitted, who was returned (and why), the rest not yet. */
export const DEMO_STEP_6: Readonly<Record<string, 'submitted' | 'returned'>> = {
  mathematics: 'submitted',
  chemistry: 'submitted',
  history: 'submitted',
  physics: 'submitted',
  psychology: 'submitted',
  biology: 'returned',
};
export const DEMO_RETURN_COMMENT =
  'BIOL 101L still has lab sections without an instructor; please cover them and submit again.';

interface PlannedAction {
  action: ProgressActionKind;
  by: string;
  comment?: string;
}

/** The department's chair (both permission bits): who submits its department review. */
function chairOf(key: string): string {
  const both = APPROVE_BIT | ASSIGN_BIT;
  if (EARLIER_WORKGROUP_KEYS.has(key)) {
    const chair = DEMO_WORKGROUPS.find((w) => w.key === key)?.members.find(
      ([, bits]) => bits === both,
    );
    return chair ? demoUserId(chair[0]) : demoUserId('academicOpsAdmin');
  }
  const plan = demoPlan();
  const chair = plan.members.get(key)?.find(([, bits]) => bits === both);
  const instructor = chair && plan.instructors.find((i) => i.username === chair[0]);
  return instructor ? demoInstructorId(instructor) : demoUserId('academicOpsAdmin');
}

/**
 * What each workgroup's approval stream records at each active step: steps 1–5 submitted by
 * academic operations and approved by academic affairs; step 6 as `DEMO_STEP_6` says, submitted
 * by the department's chair and returned by academic affairs with a reason.
 */
export function demoApprovalPlan(): {
  WorkgroupId: string;
  stepId: number;
  actions: PlannedAction[];
}[] {
  const ops = demoUserId('academicOpsAdmin');
  const affairs = demoUserId('academicAffairsApprover');
  return DEMO_DEPARTMENTS.flatMap((department) => {
    const WorkgroupId = demoDepartmentId(department.key);
    const earlier = Array.from({ length: DEMO_CURRENT_STEP - 1 }, (_, i) => ({
      WorkgroupId,
      stepId: i + 1,
      actions: [
        { action: 'submit' as const, by: ops },
        { action: 'approve' as const, by: affairs },
      ],
    }));
    const now = DEMO_STEP_6[department.key];
    const current: PlannedAction[] =
      now === undefined
        ? []
        : [
            { action: 'submit', by: chairOf(department.key) },
            ...(now === 'returned'
              ? [{ action: 'return' as const, by: affairs, comment: DEMO_RETURN_COMMENT }]
              : []),
          ];
    return [...earlier, { WorkgroupId, stepId: DEMO_CURRENT_STEP, actions: current }];
  });
}

/** Runs what a workgroup's stream at a step does not record yet (all of it on a first run). */
async function record(
  ctx: SeedContext,
  planned: ReturnType<typeof demoApprovalPlan>[number],
): Promise<void> {
  const ProgressStepId = demoProgressStepId('active', planned.stepId);
  const done = (
    await ctx.read(workgroupApprovalStreamId(planned.WorkgroupId, ProgressStepId))
  ).filter((e) => e.type === 'ProgressActionRecorded').length;
  for (const { action, by, comment } of planned.actions.slice(done)) {
    try {
      await ctx.executeAs(by, 'RecordProgressAction', {
        WorkgroupId: planned.WorkgroupId,
        ProgressStepId,
        action,
        ...(comment ? { comment } : {}),
      });
    } catch (err) {
      // A data folder whose administrator deactivated the step keeps what it has.
      if (err instanceof DomainRuleError && /is not active/.test(err.message)) return;
      throw err;
    }
  }
}

/**
 * The active period's planning progress (`RecordProgressAction`, the dashboard's grid): every
 * department approved at steps 1–5, and a realistic mix at department review. Each stream is read
 * first, so a re-run after a crash records only what is missing.
 */
export const demoProgressApprovalsStep: SeedStep = {
  name: STEP,
  async run(ctx) {
    await runInLanes(
      demoApprovalPlan(),
      { concurrency: SEED_CONCURRENCY, laneOf: (p) => p.WorkgroupId },
      (planned) => record(ctx, planned),
    );
  },
};
