import {
  IMPORT_SPEC_RUN_JOB,
  ImportSpecCreated,
  importSpecScheduleKey,
  importSpecStream,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import {
  syncAllSchedules,
  syncSchedule,
  type ScheduleOf,
  type ScheduledKind,
} from '../../dataServices/runs.js';
import type { Jobs } from '../../jobs/port.js';

export const IMPORT_SPECS_SCHEDULED: ScheduledKind = {
  keyOf: importSpecScheduleKey,
  dataOf: (id) => ({ specId: id }),
};

/** Sets (or ends) one saved import's schedule, to run as whoever saved it last. */
export function syncImportSpecSchedule(
  jobs: Pick<Jobs, 'schedule' | 'unschedule'>,
  spec: ScheduleOf,
): Promise<void> {
  return syncSchedule(jobs, spec, IMPORT_SPEC_RUN_JOB, IMPORT_SPECS_SCHEDULED);
}

const BATCH = 5000;

/**
 * The start's reconciliation: every scheduled saved import has its schedule on the jobs port
 * (the in-process runner forgets them on restart; a change may not have reached BullMQ), and no
 * other saved-import schedule is left there. Read from the log itself: there are few.
 */
export async function restoreImportSpecSchedules(
  store: EventStore,
  jobs: Pick<Jobs, 'schedule' | 'unschedule' | 'scheduledKeys'>,
): Promise<number> {
  const specs = new Map<string, ScheduleOf>();
  let from: RecordedEvent['position'] | 'start' = 'start';
  for (;;) {
    const events = await store.readAll({
      fromPosition: from,
      maxCount: BATCH,
      filter: { streamPrefixes: [importSpecStream('')] },
    });
    for (const event of events) {
      if (event.type === 'ImportSpecDeleted') {
        specs.delete(event.streamId);
      } else if (event.type === 'ImportSpecCreated' || event.type === 'ImportSpecUpdated') {
        const data = ImportSpecCreated.parse(event.data);
        specs.set(event.streamId, {
          id: data.id,
          schedule: data.schedule,
          timeZone: data.timeZone,
          ownerId: event.metadata.actorId ?? null,
        });
      }
      from = event.position;
    }
    if (events.length < BATCH) break;
  }
  const scheduled = [...specs.values()].filter((s) => s.schedule);
  await syncAllSchedules(jobs, scheduled, IMPORT_SPEC_RUN_JOB, IMPORT_SPECS_SCHEDULED);
  return scheduled.length;
}
