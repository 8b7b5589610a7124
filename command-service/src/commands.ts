import type { RunnableCommand } from './commandHandling/commandDefinition.js';
import {
  changeSettingCommand,
  resetLogoCommand,
  uploadLogoCommand,
} from './settings/settingsCommands.js';
import { resourceCommands } from './resources/resourceCommands.js';
import { endMasqueradeCommand, startMasqueradeCommand } from './session/masquerade.js';
import { endAllSessionsCommand, endSessionCommand } from './session/endSessions.js';
import { setWorkingAcademicPeriodCommand } from './session/workingPeriod.js';
import { mergeUsersCommand } from './session/mergeUsers.js';
import { createApiKeyCommand, revokeApiKeyCommand } from './apiKeys/apiKeyCommands.js';
import { sectionCommands } from './teaching/sectionCommands.js';
import { preferenceCommands } from './preferences/preferenceCommands.js';
import { recordProgressActionCommand } from './approvals/approvalCommands.js';
import { reportCommands } from './reports/reportCommands.js';
import { reportExportCommands } from './reportExports/reportExportCommands.js';
import { dataServiceCommands } from './dataServices/dataServiceCommands.js';
import { importRunCommands } from './imports/runs/importRunCommands.js';
import { importSpecCommands } from './imports/specs/importSpecCommands.js';
import { notificationCommands } from './notifications/notificationCommands.js';
import { calendarFeedCommands } from './calendarFeed/calendarFeedCommands.js';
import { effortImportCommands } from './effort/imports/effortImportCommands.js';
import { emailCommands } from './email/emailCommands.js';
import { startCloneCommand } from './cloning/cloneCommands.js';

/** Every command the service runs; each aggregate adds its own. */
export const allCommands: readonly RunnableCommand[] = [
  changeSettingCommand,
  uploadLogoCommand,
  resetLogoCommand,
  ...resourceCommands,
  startMasqueradeCommand,
  endMasqueradeCommand,
  endSessionCommand,
  endAllSessionsCommand,
  setWorkingAcademicPeriodCommand,
  mergeUsersCommand,
  createApiKeyCommand,
  revokeApiKeyCommand,
  ...sectionCommands,
  ...preferenceCommands,
  recordProgressActionCommand,
  ...reportCommands,
  ...reportExportCommands,
  ...dataServiceCommands,
  ...importRunCommands,
  ...importSpecCommands,
  ...notificationCommands,
  ...calendarFeedCommands,
  ...effortImportCommands,
  ...emailCommands,
  startCloneCommand,
];
