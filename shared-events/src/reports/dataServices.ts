import { z } from 'zod';
import { ReportExportAnswer, ReportExportFormat, isTimeZone } from './reportExports.js';
import { QUERYABLE_REPORT_TYPES } from './reportTypes.js';

/**
 * Data services (docs/reports.md "Data services"): saved export definitions — a saved report,
 * a file format, a time zone and, when wanted, a schedule — run on demand or on the schedule.
 * Each run is a report export (its file kept with the run), listed under the data service.
 */

export const dataServiceStream = (id: string): string => `dataService-${id}`;

/** The job a schedule starts (its data: `DataServiceRunJobData`). */
export const DATA_SERVICE_RUN_JOB = 'dataServiceRun';

/** The key of a data service's schedule on the jobs port. */
export const dataServiceScheduleKey = (id: string): string => `dataService:${id}`;

export const DATA_SERVICE_NAME_MAX = 200;
export const DATA_SERVICE_DESCRIPTION_MAX = 1000;

export const DATA_SERVICE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type DataServiceFrequency = (typeof DATA_SERVICE_FREQUENCIES)[number];

/** 0 Sunday … 6 Saturday, as cron counts them. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Days of the month a monthly run may name: 1–28, which every month has. */
export const LAST_SCHEDULED_DAY_OF_MONTH = 28;

/**
 * When a data service runs by itself: every day, on some weekdays, or on a day of the month, at
 * a time of day in the data service's time zone. Weekdays are for weekly runs only, the day of
 * the month for monthly ones.
 */
export const DataServiceSchedule = z
  .strictObject({
    frequency: z.enum(DATA_SERVICE_FREQUENCIES),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'is not a time of day (HH:MM, 24-hour)' }),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    dayOfMonth: z.number().int().min(1).max(LAST_SCHEDULED_DAY_OF_MONTH).optional(),
  })
  .superRefine((schedule, ctx) => {
    const weekly = schedule.frequency === 'weekly';
    const monthly = schedule.frequency === 'monthly';
    if (weekly && (schedule.weekdays ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Choose at least one day.' });
    }
    if (!weekly && schedule.weekdays !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Only a weekly run has days.' });
    }
    if (monthly && schedule.dayOfMonth === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'Choose the day.' });
    }
    if (!monthly && schedule.dayOfMonth !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['dayOfMonth'],
        message: 'Only a monthly run has a day of the month.',
      });
    }
  });
export type DataServiceSchedule = z.infer<typeof DataServiceSchedule>;

const sortedDays = (days: readonly number[] | undefined) =>
  [...new Set(days ?? [])].sort((a, b) => a - b);

/** The schedule as a five-field cron pattern (minute hour day-of-month month day-of-week). */
export function scheduleCron(schedule: DataServiceSchedule): string {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  switch (schedule.frequency) {
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${sortedDays(schedule.weekdays).join(',')}`;
    case 'monthly':
      return `${minute} ${hour} ${schedule.dayOfMonth ?? 1} * *`;
    default: {
      const unexpected: never = schedule.frequency;
      throw new Error(`Unknown frequency ${String(unexpected)}`);
    }
  }
}

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The schedule in words: "Every Monday and Thursday at 06:00". */
export function describeSchedule(schedule: DataServiceSchedule | null): string {
  if (!schedule) return 'On demand only';
  switch (schedule.frequency) {
    case 'daily':
      return `Every day at ${schedule.time}`;
    case 'weekly': {
      const days = sortedDays(schedule.weekdays);
      const text =
        days.length === 7 ? 'day' : listed(days.map((d) => WEEKDAY_NAMES[d] ?? String(d)));
      return `Every ${text} at ${schedule.time}`;
    }
    case 'monthly':
      return `On day ${schedule.dayOfMonth ?? 1} of every month at ${schedule.time}`;
    default: {
      const unexpected: never = schedule.frequency;
      throw new Error(`Unknown frequency ${String(unexpected)}`);
    }
  }
}

const Id = z.string().trim().min(1).max(200);

/** Body of POST /api/dataServices and PUT /api/dataServices/:id (the whole definition). */
export const DataServiceBody = z.strictObject({
  name: z.string().trim().min(1).max(DATA_SERVICE_NAME_MAX),
  description: z.string().trim().max(DATA_SERVICE_DESCRIPTION_MAX).nullable().default(null),
  savedReportId: Id.describe('The saved report whose rows each run writes, as it is then.'),
  format: ReportExportFormat,
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'is not a time zone (e.g. Europe/Berlin, UTC)' })
    .describe('The schedule’s clock and the time zone the files write date-times in.'),
  schedule: DataServiceSchedule.nullable()
    .default(null)
    .describe('When it runs by itself; null: only when someone runs it.'),
});
export type DataServiceBody = z.infer<typeof DataServiceBody>;

export const CreateDataService = DataServiceBody.extend({ id: Id });
export type CreateDataService = z.infer<typeof CreateDataService>;
export const UpdateDataService = DataServiceBody.extend({ id: Id });
export type UpdateDataService = z.infer<typeof UpdateDataService>;
export const DeleteDataService = z.strictObject({ id: Id });
export type DeleteDataService = z.infer<typeof DeleteDataService>;

export const DATA_SERVICE_TRIGGERS = ['manual', 'schedule'] as const;
export const DataServiceTrigger = z.enum(DATA_SERVICE_TRIGGERS);
export type DataServiceTrigger = z.infer<typeof DataServiceTrigger>;

/** A run: the export it makes (`runId`, the export's id) and what started it. */
export const RunDataService = z.strictObject({
  id: Id,
  runId: Id,
  trigger: DataServiceTrigger,
});
export type RunDataService = z.infer<typeof RunDataService>;

const Definition = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  savedReportId: z.string(),
  format: ReportExportFormat,
  timeZone: z.string(),
  schedule: DataServiceSchedule.nullable(),
});
export const DataServiceCreated = Definition;
export const DataServiceUpdated = Definition;
export const DataServiceDeleted = z.object({ id: z.string() });
/** Who ran it (the event's actor; for a scheduled run, whoever last set the schedule). */
export const DataServiceRunStarted = z.object({
  id: z.string(),
  runId: z.string(),
  trigger: DataServiceTrigger,
  reportType: z.enum(QUERYABLE_REPORT_TYPES),
});
export type DataServiceCreated = z.infer<typeof DataServiceCreated>;
export type DataServiceUpdated = z.infer<typeof DataServiceUpdated>;
export type DataServiceDeleted = z.infer<typeof DataServiceDeleted>;
export type DataServiceRunStarted = z.infer<typeof DataServiceRunStarted>;

export const dataServiceEventSchemas = {
  DataServiceCreated,
  DataServiceUpdated,
  DataServiceDeleted,
  DataServiceRunStarted,
} as const;

export const DataServiceRunJobData = z.object({ dataServiceId: z.string() });
export type DataServiceRunJobData = z.infer<typeof DataServiceRunJobData>;

/** A run as the read API lists it: the export it made and what started it. */
export const DataServiceRunAnswer = ReportExportAnswer.extend({ trigger: DataServiceTrigger });
export type DataServiceRunAnswer = z.infer<typeof DataServiceRunAnswer>;

/** GET /api/dataServices (a row each), GET /api/dataServices/:id. */
export const DataServiceAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The report it exports; null when that report has been deleted (runs then fail). */
  savedReport: z
    .object({ id: z.string(), name: z.string(), reportType: z.enum(QUERYABLE_REPORT_TYPES) })
    .nullable(),
  savedReportId: z.string(),
  format: ReportExportFormat,
  timeZone: z.string(),
  schedule: DataServiceSchedule.nullable(),
  /** The next scheduled run; null without a schedule. */
  nextRunAt: z.string().nullable(),
  /** Who last saved it: a scheduled run runs with their rights. */
  owner: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastRun: DataServiceRunAnswer.nullable(),
  revision: z.string(),
});
export type DataServiceAnswer = z.infer<typeof DataServiceAnswer>;

export const DataServicesAnswer = z.object({
  count: z.number().int().min(0),
  rows: z.array(DataServiceAnswer),
});
export type DataServicesAnswer = z.infer<typeof DataServicesAnswer>;

/** GET /api/dataServices/:id/runs: newest first. */
export const DataServiceRunsAnswer = z.object({
  count: z.number().int().min(0),
  rows: z.array(DataServiceRunAnswer),
});
export type DataServiceRunsAnswer = z.infer<typeof DataServiceRunsAnswer>;
