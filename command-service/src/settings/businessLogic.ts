import {
  ChangeSetting as ChangeSettingSchema,
  LOGO_SETTING,
  LogoUploaded as LogoUploadedSchema,
  type LogoUploaded,
  SETTINGS_STREAM,
  settingVerdict,
  type ChangeSetting as ChangeSettingData,
} from '@allot/shared-events';
import { z } from 'zod';
import type { Command, Decider } from '../commandHandling/decider.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import { assertCan } from '../authorization/ability.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import {
  evolve,
  initialSettingsState,
  type SettingsEvent,
  type SettingsState,
} from './settings.js';

export type ChangeSetting = Command<'ChangeSetting', ChangeSettingData>;
export type UploadLogo = Command<'UploadLogo', LogoUploaded>;
/** Back to the default logo; the uploaded image stays in the log (history, `logo` true again). */
export type ResetLogo = Command<'ResetLogo', Record<string, never>>;
export type SettingsCommand = ChangeSetting | UploadLogo | ResetLogo;

/** What the setting stores for the value: only known settings, each by its own rule. */
function normalisedValue({ machineName, value }: ChangeSettingData, state: SettingsState): string {
  const verdict = settingVerdict(machineName, value);
  if (verdict === null) throw new NotFoundError('There is no such setting.');
  if ('refused' in verdict) throw new DomainRuleError(verdict.refused);
  // Showing "the uploaded logo" with none uploaded would label the default one as the institution's.
  if (machineName === LOGO_SETTING && verdict.value === 'true' && !state.logoUploaded) {
    throw new DomainRuleError('No logo was uploaded yet: upload one first.');
  }
  return verdict.value;
}

export function changeSetting(command: ChangeSetting, state: SettingsState): SettingsEvent[] {
  const value = normalisedValue(command.data, state);
  if (state.values.get(command.data.machineName) === value) return [];
  return [{ type: 'SettingChanged', data: { machineName: command.data.machineName, value } }];
}

/** The image and the `logo` flag in one append, so readers never see one without the other. */
export function uploadLogo(command: UploadLogo): SettingsEvent[] {
  return [
    { type: 'LogoUploaded', data: command.data },
    { type: 'SettingChanged', data: { machineName: LOGO_SETTING, value: 'true' } },
  ];
}

/** The default logo shows when `logo` is anything but 'true' (never set: the default). */
export function resetLogo(state: SettingsState): SettingsEvent[] {
  if (state.values.get(LOGO_SETTING) !== 'true') return [];
  return [{ type: 'SettingChanged', data: { machineName: LOGO_SETTING, value: 'false' } }];
}

export function decide(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  switch (command.type) {
    case 'ChangeSetting':
      return changeSetting(command, state);
    case 'UploadLogo':
      return uploadLogo(command);
    case 'ResetLogo':
      return resetLogo(state);
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

export const resetLogoCommand = defineCommand<ResetLogo, SettingsState, SettingsEvent>({
  name: 'ResetLogo',
  schema: z.strictObject({}),
  decider: settingsDecider,
  streamId: () => SETTINGS_STREAM,
  entityId: () => LOGO_SETTING,
  authorize: (ability) => assertCan(ability, 'manage', 'Configuration'),
});

/** The commands that write the settings stream (what may change a feature flag). */
export const SETTINGS_COMMAND_NAMES: ReadonlySet<string> = new Set([
  changeSettingCommand.name,
  uploadLogoCommand.name,
  resetLogoCommand.name,
]);
