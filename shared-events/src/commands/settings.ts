import { z } from 'zod';
import { FEATURE_FLAG_NAMES } from '../permissions/types.js';
import { SettingChanged } from '../events/settings.js';

/** Sets one institution setting (`primary_color`, `institution_name`, `logo`, …). */
export const ChangeSetting = z.object({
  machineName: SettingChanged.shape.machineName,
  value: SettingChanged.shape.value,
});
export type ChangeSetting = z.infer<typeof ChangeSetting>;

/** Body of `PUT /api/settings/:machineName`. */
export const ChangeSettingBody = z.strictObject({
  value: SettingChanged.shape.value,
});
export type ChangeSettingBody = z.infer<typeof ChangeSettingBody>;

/** Spec §7: logos are small; bigger files are refused before they reach the event store. */
export const MAX_LOGO_BYTES = 1024 * 1024;
/**
 * `POST /api/settings/upload/logo` takes a multipart form with one file in this field: a PNG,
 * JPEG or SVG image (`LogoUploaded`'s content types) of at most `MAX_LOGO_BYTES`.
 */
export const LOGO_UPLOAD_FIELD = 'file';

/** The settings the spec names (with the support URL and the feature flags, the known set). */
export const PRIMARY_COLOR_SETTING = 'primary_color';
export const INSTITUTION_NAME_SETTING = 'institution_name';
export const LOGO_SETTING = 'logo';

/** The sign-in card and the drawer show the name: longer ones are refused. */
export const INSTITUTION_NAME_MAX_LENGTH = 120;
/** Generous for any real address, short enough for a settings row. */
export const SUPPORT_URL_MAX_LENGTH = 2000;

/** `primary_color` is a `#rrggbb` colour, or empty for the default colour. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The institution's time zone (an IANA name such as America/Chicago): meeting times are wall-clock
 * times there, which calendar feeds say. Empty: not set, and feeds give times as written.
 */
export const TIME_ZONE_SETTING = 'time_zone';

/** The IANA time zones this runtime knows, as a settings picker lists them. */
export function knownTimeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

/** Where the support chat button leads (spec §2/§4); empty hides the button. */
export const SUPPORT_URL_SETTING = 'support_url';

/**
 * A `support_url` the System Settings page and the server accept: an absolute http(s) address
 * with a host, without surrounding spaces (the chat button opens it in a new tab).
 */
export function isSupportUrl(value: string): boolean {
  if (value !== value.trim()) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Spec §7: the logo shown when none was uploaded — the letter A on the default colour. The
 * settings history shows it as the logo before the first upload.
 */
export const DEFAULT_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="8" fill="#0736a4"/>' +
  '<text x="32" y="45" font-family="sans-serif" font-size="40" font-weight="bold" ' +
  'fill="#ffffff" text-anchor="middle">A</text></svg>';

/**
 * Opened directly, an SVG logo is a document of its own: no script, no fetch, no form, no plugin
 * may run in it (`default-src 'none'` and `sandbox`), even if a scriptable upload slipped past
 * the upload check. Inline styles and data: images keep an ordinary SVG drawing intact. Sent with
 * every logo image: the current one and each version the settings history shows.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The words people know a setting by (System Settings page, settings history). */
const SETTING_LABELS: Readonly<Record<string, string>> = {
  [INSTITUTION_NAME_SETTING]: 'Institution name',
  [LOGO_SETTING]: 'Logo',
  [PRIMARY_COLOR_SETTING]: 'Primary colour',
  [SUPPORT_URL_SETTING]: 'Support URL',
  [TIME_ZONE_SETTING]: 'Time zone',
  aemEnabled: 'Advanced effort management',
  aemEnabledFaculty: 'Advanced effort management for faculty',
  userMergeEnabled: 'Merge users',
  devEmailsEnabled: 'Developer e-mails',
  apiEnabled: 'API keys',
  exportsEnabled: 'Exports',
  dataServicesEnabled: 'Data services',
  // As the menu names these pages.
  mySharedTeachingEnabled: 'My Shared Teaching',
  myTeachingPreferencesEnabled: 'My Teaching Preferences',
  myTeachingAssignmentsEnabled: 'My Teaching Assignments',
  myScheduleEnabled: 'My Schedule',
};

/**
 * A setting's label; a setting stored without one (any machine name may be stored) reads as its
 * words: `campus_motto` → 'Campus motto'.
 */
export function settingLabel(machineName: string): string {
  if (Object.prototype.hasOwnProperty.call(SETTING_LABELS, machineName))
    return SETTING_LABELS[machineName] ?? machineName;
  const words = machineName
    .replace(/Enabled$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a setting makes of a value: the value to store, or a sentence saying what it must be. */
export type SettingVerdict = { value: string } | { refused: string };

const FLAG_VALUES = new Set(['true', 'false', '']);

/**
 * The settings that exist, each with what it accepts (issue 13: an unknown name is refused, not
 * stored). Logo: `true` shows the uploaded image, `false` the default one; the command side also
 * refuses `true` before any upload, which only the settings stream knows.
 */
const SETTING_RULES: ReadonlyMap<string, (value: string) => SettingVerdict> = new Map<
  string,
  (value: string) => SettingVerdict
>([
  [
    INSTITUTION_NAME_SETTING,
    (value) => {
      const name = value.trim();
      return name.length >= 1 && name.length <= INSTITUTION_NAME_MAX_LENGTH
        ? { value: name }
        : {
            refused: `The institution name must be 1 to ${INSTITUTION_NAME_MAX_LENGTH} characters long.`,
          };
    },
  ],
  [
    LOGO_SETTING,
    (value) =>
      value === 'true' || value === 'false'
        ? { value }
        : {
            refused:
              'The logo is either the uploaded image or the default one; upload an image or reset it to the default.',
          },
  ],
  [
    PRIMARY_COLOR_SETTING,
    // Stored lower-case so `#0736A4` and `#0736a4` count as the same value; '' is the default.
    (value) =>
      value === '' || HEX_COLOUR.test(value)
        ? { value: value.toLowerCase() }
        : {
            refused:
              'The primary colour must be a colour like #0736a4 (# and six hexadecimal digits).',
          },
  ],
  [
    SUPPORT_URL_SETTING,
    // The support chat button opens it in a new tab: a web address, or '' for no button.
    (value) => {
      if (value.length > SUPPORT_URL_MAX_LENGTH) {
        return {
          refused: `The support URL must be at most ${SUPPORT_URL_MAX_LENGTH} characters long.`,
        };
      }
      return value === '' || isSupportUrl(value)
        ? { value }
        : {
            refused: 'The support URL must be a web address starting with http:// or https://.',
          };
    },
  ],
  [
    TIME_ZONE_SETTING,
    (value) =>
      value === '' || knownTimeZones().includes(value)
        ? { value }
        : { refused: 'The time zone must be one of the list, such as America/Chicago or UTC.' },
  ],
  // A feature flag is 'true' or 'false'; '' returns it to its configured default.
  ...FEATURE_FLAG_NAMES.map(
    (flag) =>
      [
        flag,
        (value: string): SettingVerdict =>
          FLAG_VALUES.has(value)
            ? { value }
            : {
                refused: 'A feature is either on (true) or off (false), or empty for its default.',
              },
      ] as const,
  ),
]);

/** Whether a setting of this machine name exists. */
export function isKnownSetting(machineName: string): boolean {
  return SETTING_RULES.has(machineName);
}

/** The value a known setting stores for `value`, or its sentence; null for an unknown setting. */
export function settingVerdict(machineName: string, value: string): SettingVerdict | null {
  const rule = SETTING_RULES.get(machineName);
  return rule ? rule(value) : null;
}
