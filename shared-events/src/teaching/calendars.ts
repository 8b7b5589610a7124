import { z } from 'zod';
import { Meeting } from './meetings.js';

/**
 * Calendar streams make "no double booking" hold when commands arrive together (docs/teaching.md,
 * "Conflicts under concurrency"). One stream per instructor and per room; a command that adds
 * bookings to a calendar first appends a claim there, with the revision it read before it
 * checked for clashes. Of two racing commands on one calendar only one claim lands; the other
 * reads again and sees the first one's booking, in the claim until its section's event is read.
 */
export type CalendarKind = 'instructor' | 'room';

/** `calendar-instructor-<userId>` or `calendar-room-<locationId>`. */
export function calendarStreamId(kind: CalendarKind, id: string): string {
  return `calendar-${kind}-${id}`;
}

const id = z.string().min(1).max(100);

/** A section's schedule as it will be once its command's events are written. */
export const CalendarClaimed = z.object({
  SectionId: id,
  /** The section stream's revision once its events are written: then the section speaks. */
  sectionRevision: z.number().int().min(0),
  meetings: z.array(Meeting),
  instructorIds: z.array(id),
  allowOverlap: z.boolean(),
  seats: z.number().int().nullable(),
});
/** The command that claimed did not write its section: its claim holds nothing. */
export const CalendarClaimWithdrawn = z.object({ SectionId: id });

export type CalendarClaimed = z.infer<typeof CalendarClaimed>;

export const calendarEventSchemas = { CalendarClaimed, CalendarClaimWithdrawn } as const;
