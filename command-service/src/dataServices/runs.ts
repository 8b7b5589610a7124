import { randomUUID } from 'node:crypto';
import {
  REPORT_EXPORT_JOB,
  dataServiceScheduleKey,
  scheduleCron,
  type DataServiceTrigger,
  type EventStore,
  type ReportExportAnswer,
  type ReportExportJobData,
} from '@allot/shared-events';
import type { CommandBus, ExecuteOptions } from '../commandHandling/commandBus.js';
import type { Jobs } from '../jobs/port.js';
import type { ReportExportRecords } from '../reportExports/port.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { loadRunPlan } from './runPlan.js';

export interface DataServiceRunDeps {
  bus: CommandBus;
  store: EventStore;
  records: ReportExportRecords;
  jobs: Pick<Jobs, 'enqueue'>;
}

const QUEUE_DOWN = 'The run could not be started: the job queue did not answer. Please try again.';

/**
 * Runs a data service: records the run (`RunDataService`, with who and what started it), then
 * writes the saved report as it reads now to a file, as an export job whose id is the run's. The
 * period of a period-scoped report is the saved report's, else the runner's working period.
 */
export async function startDataServiceRun(
  deps: DataServiceRunDeps,
  input: { id: string; trigger: DataServiceTrigger; runnerId: string; options: ExecuteOptions },
): Promise<ReportExportAnswer> {
  const runId = randomUUID();
  await deps.bus.execute(
    'RunDataService',
    { id: input.id, runId, trigger: input.trigger },
    input.options,
  );
  const plan = await loadRunPlan(deps.store, input.id);
  if (!plan) throw new NotFoundError('There is no such data service.');
  const { definition, report } = plan;
  if (!report) {
    throw new DomainRuleError(
      'The report this data service exports has been deleted: choose another report.',
    );
  }
  const AcademicPeriodId = report.periodScoped
    ? (report.AcademicPeriodId ?? (await deps.records.workingPeriodOf(input.runnerId)))
    : null;
  const created = await deps.records.create({
    id: runId,
    ownerId: input.runnerId,
    name: definition.name,
    reportType: report.reportType,
    format: definition.format,
    query: report.query(AcademicPeriodId),
    AcademicPeriodId,
    timeZone: definition.timeZone,
    createdAt: new Date(),
    run: { dataServiceId: definition.id, trigger: input.trigger },
  });
  const data: ReportExportJobData = { exportId: runId };
  try {
    await deps.jobs.enqueue(REPORT_EXPORT_JOB, data, { ownerId: input.runnerId, jobId: runId });
  } catch (err) {
    await deps.records.end(runId, 'failed', new Date(), QUEUE_DOWN);
    throw err;
  }
  return created;
}

/** A data service's (or saved import's) schedule as the jobs port should hold it (null: none). */
export interface ScheduleOf {
  id: string;
  schedule: Parameters<typeof scheduleCron>[0] | null;
  timeZone: string;
  /** Who last saved it: the scheduled runs run with their rights. */
  ownerId: string | null;
}

/** Where a kind of definition keeps its schedules on the jobs port, and what they run. */
export interface ScheduledKind {
  keyOf(id: string): string;
  /** The job's data for one definition. */
  dataOf(id: string): Record<string, unknown>;
}

const DATA_SERVICES: ScheduledKind = {
  keyOf: dataServiceScheduleKey,
  dataOf: (id) => ({ dataServiceId: id }),
};

/** Sets (or ends) a data service's (or another kind's) schedule on the jobs port. */
export async function syncSchedule(
  jobs: Pick<Jobs, 'schedule' | 'unschedule'>,
  service: ScheduleOf,
  jobName: string,
  kind: ScheduledKind = DATA_SERVICES,
): Promise<void> {
  const key = kind.keyOf(service.id);
  if (!service.schedule || !service.ownerId) {
    await jobs.unschedule(key);
    return;
  }
  await jobs.schedule(
    key,
    { pattern: scheduleCron(service.schedule), timeZone: service.timeZone },
    jobName,
    kind.dataOf(service.id),
    { ownerId: service.ownerId },
  );
}

/**
 * The start's reconciliation: every scheduled data service has its schedule on the jobs port and
 * no other data-service schedule is left there (a delete that did not reach the port, a change
 * made while BullMQ was away).
 */
export async function syncAllSchedules(
  jobs: Pick<Jobs, 'schedule' | 'unschedule' | 'scheduledKeys'>,
  services: readonly ScheduleOf[],
  jobName: string,
  kind: ScheduledKind = DATA_SERVICES,
): Promise<void> {
  const wanted = new Set(services.filter((s) => s.schedule).map((s) => kind.keyOf(s.id)));
  for (const key of await jobs.scheduledKeys()) {
    if (key.startsWith(kind.keyOf('')) && !wanted.has(key)) await jobs.unschedule(key);
  }
  for (const service of services) await syncSchedule(jobs, service, jobName, kind);
}
