import { importSpecsProjection } from './readModels/importSpecs/projection.js';
import { importRunsProjection } from './readModels/importRuns/projection.js';
import { notificationsProjection } from './readModels/notifications/projection.js';
import { calendarFeedsProjection } from './readModels/calendarFeed/projection.js';
import { effortImportsProjection } from './readModels/effort/imports/projection.js';
import { effortPositionHistoryProjection } from './readModels/effort/timeline/projection.js';
import type { Projection } from './runner/projection.js';
import { emailSendsProjection } from './readModels/email/projection.js';
import { apiKeysProjection } from './readModels/auth/apiKeysProjection.js';
import { authFactsProjection } from './readModels/auth/authFactsProjection.js';
import { masqueradesProjection } from './readModels/auth/masqueradesProjection.js';
import { workingPeriodsProjection } from './readModels/auth/workingPeriodsProjection.js';
import { approvalsProjection } from './readModels/approvals/projection.js';
import { planHistoryProjection } from './readModels/planHistory/projection.js';
import { preferencesProjection } from './readModels/preferences/projection.js';
import { resourceProjections } from './readModels/resources/projection.js';
import { savedReportsProjection } from './readModels/savedReports/projection.js';
import { dataServicesProjection } from './readModels/dataServices/projection.js';
import { scheduleOverridesProjection } from './readModels/schedule/projection.js';
import { sectionsProjection } from './readModels/sections/projection.js';
import { settingsProjection } from './readModels/settings/projection.js';

/**
 * Every projection of the read side, in the order the runner starts them: what the embedded start
 * runs, `allot replay` rebuilds and the benchmarks catch up. A new read model adds its own here.
 */
export const allProjections: readonly Projection[] = [
  settingsProjection,
  authFactsProjection,
  workingPeriodsProjection,
  apiKeysProjection,
  masqueradesProjection,
  ...resourceProjections,
  sectionsProjection,
  preferencesProjection,
  approvalsProjection,
  scheduleOverridesProjection,
  planHistoryProjection,
  savedReportsProjection,
  dataServicesProjection,
  importRunsProjection,
  importSpecsProjection,
  notificationsProjection,
  calendarFeedsProjection,
  effortImportsProjection,
  effortPositionHistoryProjection,
  emailSendsProjection,
];
