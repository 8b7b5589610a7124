import { z } from 'zod';
import { CommandResult } from '../commands/commandResult.js';

/*
 * A faculty member's private calendar feed (docs/calendar-feed.md): an iCalendar address with a
 * secret in it, which their calendar app fetches now and then to show their teaching. Only the
 * secret's SHA-256 is ever written; the address is shown once, when it is made.
 */

export const calendarFeedStream = (userId: string): string => `calendarFeed-${userId}`;

/** The secret: 32 random bytes, base64url (43 characters). */
export const CALENDAR_FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where a feed is read (no sign-in: the secret is the key). */
export const calendarFeedPath = (token: string): string => `/api/calendarFeed/${token}.ics`;

const userId = z.string().trim().min(1).max(200);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** A new secret for the person's feed; the previous one, if any, stops working. */
export const IssueCalendarFeed = z.strictObject({ userId, tokenSha256: sha256Hex });
export type IssueCalendarFeed = z.infer<typeof IssueCalendarFeed>;
export const CalendarFeedIssued = IssueCalendarFeed;
export type CalendarFeedIssued = z.infer<typeof CalendarFeedIssued>;

/** The feed turned off: its address answers 404 from now on. */
export const StopCalendarFeed = z.strictObject({ userId });
export type StopCalendarFeed = z.infer<typeof StopCalendarFeed>;
export const CalendarFeedStopped = StopCalendarFeed;
export type CalendarFeedStopped = z.infer<typeof CalendarFeedStopped>;

export const calendarFeedEventSchemas = { CalendarFeedIssued, CalendarFeedStopped } as const;

/** GET /api/calendarFeed/mine: whether the person has a working address, and since when. */
export const CalendarFeedAnswer = z.object({
  active: z.boolean(),
  issuedAt: z.string().nullable(),
});
export type CalendarFeedAnswer = z.infer<typeof CalendarFeedAnswer>;

/** POST /api/calendarFeed/mine: the new address's path, shown this once. */
export const IssuedCalendarFeedAnswer = CommandResult.extend({
  /** `/api/calendarFeed/<secret>.ics`: the browser adds its own origin. */
  path: z.string(),
});
export type IssuedCalendarFeedAnswer = z.infer<typeof IssuedCalendarFeedAnswer>;
