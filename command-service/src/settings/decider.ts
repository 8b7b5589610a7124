import {
  LOGO_SETTING,
  settingVerdict,
  type ChangeSetting as ChangeSettingData,
  type LogoUploaded,
  type SettingChanged,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';

export type SettingsEvent =
  DomainEvent<'SettingChanged', SettingChanged> | DomainEvent<'LogoUploaded', LogoUploaded>;

/** Current value per machine name (a Map: names like `constructor` must not hit prototypes). */
export interface SettingsState {
  readonly values: ReadonlyMap<string, string>;
  /** Whether a logo image was ever uploaded: `logo` may show it only then. */
  readonly logoUploaded: boolean;
}

export const initialSettingsState: SettingsState = { values: new Map(), logoUploaded: false };

export function evolve(state: SettingsState, event: SettingsEvent): SettingsState {
  switch (event.type) {
    case 'SettingChanged': {
      const values = new Map(state.values);
      values.set(event.data.machineName, event.data.value);
      return { ...state, values };
    }
    // The image lives in the event only; its `logo` setting changes beside it.
    case 'LogoUploaded':
      return { ...state, logoUploaded: true };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

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

/** The settings aggregate (one stream): every rule, pure. */
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
