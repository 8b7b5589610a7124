import { z } from 'zod';

/** Reservation streams make uniqueness a property of the event store (one stream per value). */
export const UniqueValueReserved = z.object({
  resource: z.string(),
  fields: z.array(z.string()),
  ownerId: z.string(),
});
export const UniqueValueReleased = UniqueValueReserved;

export const uniquenessEventSchemas = {
  UniqueValueReserved,
  UniqueValueReleased,
} as const;

/** Case-insensitive for text, so `Ada` and `ada` clash; null when a field is empty. */
export function uniqueKey(
  fields: readonly string[],
  record: Record<string, unknown>,
): string | null {
  const parts: string[] = [];
  for (const field of fields) {
    const value = record[field];
    if (value === undefined || value === null || value === '') return null;
    parts.push(typeof value === 'string' ? value.trim().toLowerCase() : JSON.stringify(value));
  }
  return parts.map(encodeURIComponent).join('|');
}

/** `unique-<resource>-<fields>-<value>`: one stream per reserved value. */
export function uniqueStreamId(resource: string, fields: readonly string[], key: string): string {
  return `unique-${resource}-${fields.join('+')}-${key}`;
}
