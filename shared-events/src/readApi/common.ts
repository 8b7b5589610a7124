import { z } from 'zod';

/**
 * What the read API answers, one module per read model: the projection-service types its routes
 * with these schemas, the browser infers its types from them and the OpenAPI document is made
 * from them. Answers only: they describe, they do not trim or refine (the commands do that).
 */

/** A page of a list: how many match in all, and this page's rows. */
export function listAnswerOf<T extends z.ZodType>(row: T) {
  return z.object({ count: z.number().int().min(0), rows: z.array(row) });
}

/** The type of a page of `Row`s (`listAnswerOf`'s), for rows a caller reads by a narrower type. */
export type ListAnswer<Row> = z.infer<ReturnType<typeof listAnswerOf<z.ZodType<Row>>>>;

/** An error answer (400, 401, 403, 404): `fields` names what was wrong in a request. */
export const ErrorAnswer = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** Weekdays as iCalendar spells them, Monday first (teaching/meetings.ts). */
export const WEEKDAY_VALUES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** Teaching assignment statuses (teaching/section/schemas.ts). */
export const ASSIGNMENT_STATUS_VALUES = [
  'proposed',
  'approved',
  'final',
  'reopened',
  'withdrawn',
] as const;
export const AssignmentStatusAnswer = z.enum(ASSIGNMENT_STATUS_VALUES);
/** Coverage of a section's points by its assignments' shares (teaching/workload.ts). */
export const COVERAGE_STATUS_VALUES = ['uncovered', 'partial', 'covered', 'over'] as const;

/** A meeting pattern of a section as stored: weekly or biweekly on some days, with exceptions. */
export const MeetingAnswer = z.object({
  id: z.string(),
  days: z.array(z.enum(WEEKDAY_VALUES)),
  startTime: z.string(),
  endTime: z.string(),
  startDate: z.string(),
  until: z.string().nullable().optional(),
  occurrences: z.number().int().nullable().optional(),
  frequency: z.enum(['weekly', 'biweekly']),
  exceptions: z.array(z.string()).optional(),
  LocationId: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
});
export type MeetingAnswer = z.infer<typeof MeetingAnswer>;
