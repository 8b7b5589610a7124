import { z } from 'zod';

/** Fields several record kinds share. */
export const name = z.string().trim().min(1).max(200);
export const isoDate = z.iso.date();
export const recordId = z.string().min(1).max(100);
export const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'lower-case letters, digits, - and _');

/** A sentence when the end lies before the start, else null. */
export function endNotBeforeStart(record: Record<string, unknown>): string | null {
  const { startDate, endDate } = record;
  if (typeof startDate === 'string' && typeof endDate === 'string' && endDate < startDate) {
    return 'The end date must not be before the start date.';
  }
  return null;
}
