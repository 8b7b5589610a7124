import type { Knex } from 'knex';
import { DATA_SERVICE_RUN_JOB, type EventStore } from '@allot/shared-events';
import { syncAllSchedules, type Jobs } from '@allot/command-service';
import {
  type PositionWaiter,
  createTableResolver,
  dataServicesProjection,
  dataServicesReader,
} from '@allot/projection-service';

/** How long the start waits for the data services' read model before setting their schedules. */
const CATCH_UP_MS = 60_000;

/**
 * Sets every scheduled data service's schedule on the jobs port, and ends any the port holds for
 * a data service that has none (any more): the in-process runner forgets its schedules on
 * restart, and a change may not have reached BullMQ. Read once the read model has seen the log.
 */
export async function restoreDataServiceSchedules(options: {
  knex: Knex;
  store: EventStore;
  runner: PositionWaiter;
  jobs: Pick<Jobs, 'schedule' | 'unschedule' | 'scheduledKeys'>;
}): Promise<number> {
  const head = await options.store.committedHeadPosition();
  if (head) await options.runner.waitFor(head, [dataServicesProjection.name], CATCH_UP_MS);
  const reader = dataServicesReader(options.knex, createTableResolver(options.knex));
  const scheduled = await reader.definitions({ scheduledOnly: true });
  await syncAllSchedules(
    options.jobs,
    scheduled.map(({ answer }) => ({
      id: answer.id,
      schedule: answer.schedule,
      timeZone: answer.timeZone,
      ownerId: answer.owner.id || null,
    })),
    DATA_SERVICE_RUN_JOB,
  );
  return scheduled.length;
}
