export * from './app.js';
export * from './errors/errors.js';
export * from './errors/errorHandlerPlugin.js';
export * from './authorization/ability.js';
export * from './authorization/authorizationPlugin.js';
export * from './authorization/routeRequirement.js';
export * from './commandHandling/decider.js';
export * from './commandHandling/handleCommand.js';
export * from './commandHandling/commandDefinition.js';
export * from './commandHandling/registeredEvents.js';
export * from './commandHandling/commandBus.js';
export * from './commandHandling/httpCommand.js';
export * from './commands.js';
export * from './jobs/index.js';
export * from './session/index.js';
export * from './apiKeys/index.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './identity/demoIdp/accounts.js';
export * from './identity/userDirectory.js';
export * from './identity/identityPlugin.js';
export * from './identity/options.js';
export * from './settings/featureFlagSettings.js';
export { SETTINGS_COMMAND_NAMES } from './settings/settingsCommands.js';
export { idpMetadataSource, parseIdpMetadata } from './identity/saml/idpMetadata.js';
export { createInMemorySignInState, type SignInStateStore } from './identity/saml/signInState.js';
export type { ReportExportRecords } from './reportExports/port.js';
export type { UploadFiles } from './uploads/port.js';
export type { CloneSources } from './cloning/port.js';
export { syncAllSchedules, type ScheduleOf } from './dataServices/runs.js';
export { restoreImportSpecSchedules } from './imports/specs/importSpecSchedules.js';
export type { ImportSourceOptions } from './imports/sources/readSource.js';
export * from './email/port.js';
export type {
  DigestItem,
  DigestPerson,
  NotificationDigestSources,
} from './notifications/digestJob.js';
export { createSmtpMailer, type SmtpMailerOptions } from './email/smtpMailer.js';
