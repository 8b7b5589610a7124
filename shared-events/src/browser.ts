// Browser-safe entry: only zod, @casl/ability and pure modules (no pg, node:*, grpc) may be reachable from here.
export * from './permissions/types.js';
export * from './permissions/ability.js';
export * from './permissions/workgroupBits.js';
export * from './permissions/rolePermissions.js';
export * from './permissions/defineAbilityFor.js';
export * from './permissions/menu.js';
export * from './permissions/routes.js';
export * from './resources/index.js';
export {
  DEFAULT_LOGO_SVG,
  SUPPORT_URL_SETTING,
  TIME_ZONE_SETTING,
  knownTimeZones,
  isSupportUrl,
  settingLabel,
  INSTITUTION_NAME_MAX_LENGTH,
  ChangeSettingBody,
  MAX_LOGO_BYTES,
  LOGO_UPLOAD_FIELD,
} from './commands/settings.js';
/** The logo upload's content types (`LogoUploaded.shape.contentType`) for the file picker. */
export { LogoUploaded } from './events/settings.js';
// The write routes' bodies and answers the browser sends and reads (pure zod modules).
export * from './commands/commandResult.js';
export * from './commands/session.js';
export * from './teaching/section/bulkApproval.js';
export * from './teaching/section/bodies.js';
export * from './teaching/preferences/bodies.js';
export { SectionFields } from './teaching/section/fields.js';
export {
  PROGRESS_ACTIONS,
  RecordProgressActionBody,
  type ProgressActionKind,
} from './teaching/approvals/commands.js';
export * from './permissions/privilege.js';
export * from './readApi/index.js';
export * from './reports/index.js';
export * from './imports/index.js';
export * from './notifications/index.js';
export * from './calendarFeed/index.js';
export * from './effort/index.js';
export * from './costs/index.js';
export * from './cloning/index.js';
export * from './email/index.js';
export * from './teaching/labels.js';
