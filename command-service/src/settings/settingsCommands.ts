import {
  ChangeSetting as ChangeSettingSchema,
  LOGO_SETTING,
  LogoUploaded as LogoUploadedSchema,
  SETTINGS_STREAM,
} from '@allot/shared-events';
import { z } from 'zod';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import { assertCan } from '../authorization/ability.js';
import {
  settingsDecider,
  type ChangeSetting,
  type ResetLogo,
  type SettingsEvent,
  type SettingsState,
  type UploadLogo,
} from './decider.js';

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
