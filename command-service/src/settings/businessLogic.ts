import {
  ChangeSetting as ChangeSettingSchema,
  HEX_COLOUR,
  isSupportUrl,
  LogoUploaded as LogoUploadedSchema,
  type LogoUploaded,
  PRIMARY_COLOR_SETTING,
  SETTINGS_STREAM,
  SUPPORT_URL_SETTING,
  type ChangeSetting as ChangeSettingData,
} from '@allot/shared-events';
import type { Command, Decider } from '../commandHandling/decider.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import { assertCan } from '../authorization/ability.js';
import { DomainRuleError } from '../errors/errors.js';
import { isFeatureFlagSetting, storedFlagValue } from './featureFlagSettings.js';
import {
  evolve,
  initialSettingsState,
  type SettingsEvent,
  type SettingsState,
} from './settings.js';

export type ChangeSetting = Command<'ChangeSetting', ChangeSettingData>;
export type UploadLogo = Command<'UploadLogo', LogoUploaded>;
export type SettingsCommand = ChangeSetting | UploadLogo;

/** Colours are stored lower-case so `#0736A4` and `#0736a4` count as the same value. */
function normalisedValue({ machineName, value }: ChangeSettingData): string {
  // A feature flag is 'true' or 'false'; '' returns it to its configured default.
  if (isFeatureFlagSetting(machineName)) {
    if (value === '' || storedFlagValue(value) !== null) return value;
    throw new DomainRuleError(`The ${machineName} setting must be true or false.`);
  }
  // The support chat button opens it in a new tab: a web address, or '' for no button.
  if (machineName === SUPPORT_URL_SETTING) {
    if (value === '' || isSupportUrl(value)) return value;
    throw new DomainRuleError(
      'The support URL must be a web address starting with http:// or https://.',
    );
  }
  if (machineName !== PRIMARY_COLOR_SETTING || value === '') return value;
  if (!HEX_COLOUR.test(value)) {
    throw new DomainRuleError(
      'The primary colour must be a colour like #0736a4 (# and six hexadecimal digits).',
    );
  }
  return value.toLowerCase();
}

export function changeSetting(command: ChangeSetting, state: SettingsState): SettingsEvent[] {
  const value = normalisedValue(command.data);
  if (state.values.get(command.data.machineName) === value) return [];
  return [{ type: 'SettingChanged', data: { machineName: command.data.machineName, value } }];
}

/** The image and the `logo` flag in one append, so readers never see one without the other. */
export function uploadLogo(command: UploadLogo): SettingsEvent[] {
  return [
    { type: 'LogoUploaded', data: command.data },
    { type: 'SettingChanged', data: { machineName: 'logo', value: 'true' } },
  ];
}

export function decide(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  switch (command.type) {
    case 'ChangeSetting':
      return changeSetting(command, state);
    case 'UploadLogo':
      return uploadLogo(command);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown settings command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const settingsDecider: Decider<SettingsCommand, SettingsState, SettingsEvent> = {
  decide,
  evolve,
  initialState: initialSettingsState,
};

export const changeSettingCommand = defineCommand<ChangeSetting, SettingsState, SettingsEvent>({
  name: 'ChangeSetting',
  schema: ChangeSettingSchema,
  decider: settingsDecider,
  streamId: () => SETTINGS_STREAM,
  entityId: (payload) => payload.machineName,
  authorize: (ability) => assertCan(ability, 'manage', 'Configuration'),
});

export const uploadLogoCommand = defineCommand<UploadLogo, SettingsState, SettingsEvent>({
  name: 'UploadLogo',
  schema: LogoUploadedSchema,
  decider: settingsDecider,
  streamId: () => SETTINGS_STREAM,
  entityId: () => 'logo',
  authorize: (ability) => assertCan(ability, 'manage', 'Configuration'),
});

/** The commands that write the settings stream (what may change a feature flag). */
export const SETTINGS_COMMAND_NAMES: ReadonlySet<string> = new Set([
  changeSettingCommand.name,
  uploadLogoCommand.name,
]);
