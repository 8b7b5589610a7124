import { CronExpressionParser } from 'cron-parser';

/**
 * The first instant after `after` that a five- or six-field cron pattern names, read on the
 * clock of `timeZone` (daylight-saving changes included). For the server only: the browser
 * bundle does not carry the parser.
 */
export function nextCronRun(pattern: string, timeZone: string, after: Date = new Date()): Date {
  return CronExpressionParser.parse(pattern, { currentDate: after, tz: timeZone }).next().toDate();
}
