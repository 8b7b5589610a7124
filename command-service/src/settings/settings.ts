import type { LogoUploaded, SettingChanged } from '@allot/shared-events';
import type { DomainEvent } from '../commandHandling/decider.js';

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
