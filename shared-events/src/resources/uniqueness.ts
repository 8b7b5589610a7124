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

/** How text is compared: always trimmed and lower-case; `ignoreSpacing` also folds inner runs. */
export interface UniqueKeyOptions {
  /** `Full  Professor` and `full professor` clash: each run of white space counts as one space. */
  ignoreSpacing?: boolean;
}

/** Case-insensitive for text, so `Ada` and `ada` clash; null when a field is empty. */
export function uniqueKey(
  fields: readonly string[],
  record: Record<string, unknown>,
  options: UniqueKeyOptions = {},
): string | null {
  const text = (value: string) => {
    const trimmed = value.trim().toLowerCase();
    return options.ignoreSpacing ? trimmed.replace(/\s+/g, ' ') : trimmed;
  };
  const parts: string[] = [];
  for (const field of fields) {
    const value = record[field];
    if (value === undefined || value === null || value === '') return null;
    parts.push(typeof value === 'string' ? text(value) : JSON.stringify(value));
  }
  return parts.map(encodeURIComponent).join('|');
}

/** `unique-<resource>-<fields>-<value>`: one stream per reserved value. */
export function uniqueStreamId(resource: string, fields: readonly string[], key: string): string {
  return `unique-${resource}-${fields.join('+')}-${key}`;
}
