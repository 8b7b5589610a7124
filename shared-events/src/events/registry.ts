import type { z } from 'zod';
import { settingsEventSchemas } from './settings.js';
import { sessionEventSchemas } from './sessionEvents.js';
import { resourceEventSchemas } from '../resources/index.js';
import { teachingEventSchemas } from '../teaching/section/events.js';
import { preferenceEventSchemas } from '../teaching/preferences/events.js';
import { approvalEventSchemas } from '../teaching/approvals/events.js';
import { calendarEventSchemas } from '../teaching/calendars.js';
import { savedReportEventSchemas } from '../reports/savedReports.js';
import { reportExportEventSchemas } from '../reports/reportExports.js';
import { dataServiceEventSchemas } from '../reports/dataServices.js';
import { importRunEventSchemas } from '../imports/runs.js';
import { importSpecEventSchemas } from '../imports/specs.js';
import { notificationEventSchemas } from '../notifications/index.js';
import { calendarFeedEventSchemas } from '../calendarFeed/index.js';
import { effortImportEventSchemas } from '../effort/imports.js';
import { emailEventSchemas } from '../email/emailSends.js';
import { cloneEventSchemas } from '../cloning/cloneSettings.js';

/**
 * Every event type the product writes, with its data schema. Projections treat a type missing
 * here as unknown and stop rather than skip it silently. Later aggregates add their schemas.
 */
export const eventSchemas: Readonly<Record<string, z.ZodType>> = {
  ...settingsEventSchemas,
  ...sessionEventSchemas,
  ...resourceEventSchemas,
  ...teachingEventSchemas,
  ...preferenceEventSchemas,
  ...approvalEventSchemas,
  ...calendarEventSchemas,
  ...savedReportEventSchemas,
  ...reportExportEventSchemas,
  ...dataServiceEventSchemas,
  ...importRunEventSchemas,
  ...importSpecEventSchemas,
  ...notificationEventSchemas,
  ...calendarFeedEventSchemas,
  ...effortImportEventSchemas,
  ...emailEventSchemas,
  ...cloneEventSchemas,
};

export function isKnownEventType(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(eventSchemas, type);
}
