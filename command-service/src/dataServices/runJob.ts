import { DataServiceRunJobData, dataServiceScheduleKey } from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import type { JobContext, Jobs } from '../jobs/port.js';
import { ForbiddenError } from '../errors/errors.js';
import { loadDefinition } from './runPlan.js';
import { startDataServiceRun, type DataServiceRunDeps } from './runs.js';

export interface DataServiceRunJobDeps extends Omit<DataServiceRunDeps, 'jobs'> {
  jobs: Pick<Jobs, 'enqueue' | 'unschedule'>;
  /** The abilities a user holds now (null: none, e.g. deactivated). */
  abilityOf(userId: string): Promise<AppAbility | null>;
}

/**
 * The `dataServiceRun` job a schedule starts: runs the data service as the person who set its
 * schedule, with the rights they hold now (someone who may no longer use data services runs
 * nothing: the job fails with the reason, and the page shows the schedule's owner). A data
 * service deleted or unscheduled since only ends its stale schedule.
 */
export function createDataServiceRunJob(deps: DataServiceRunJobDeps) {
  return async function dataServiceRunJob(ctx: JobContext) {
    const { dataServiceId } = DataServiceRunJobData.parse(ctx.data);
    const definition = await loadDefinition(deps.store, dataServiceId);
    if (!definition?.schedule) {
      await deps.jobs.unschedule(dataServiceScheduleKey(dataServiceId));
      return { dataServiceId, skipped: true };
    }
    const ability = await deps.abilityOf(ctx.ownerId);
    if (!ability) {
      throw new ForbiddenError('The person who scheduled this data service may no longer run it.');
    }
    const run = await startDataServiceRun(deps, {
      id: dataServiceId,
      trigger: 'schedule',
      runnerId: ctx.ownerId,
      options: { ability, actorId: ctx.ownerId, now: new Date() },
    });
    return { dataServiceId, runId: run.id };
  };
}
