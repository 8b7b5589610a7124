import { describe, it } from '@jest/globals';
import { deciderSpec } from '../testing/deciderSpec.js';
import { DomainRuleError } from '../errors/errors.js';
import { settingsDecider } from './businessLogic.js';
import type { SettingsEvent } from './settings.js';

const spec = deciderSpec(settingsDecider);
const changed = (machineName: string, value: string): SettingsEvent => ({
  type: 'SettingChanged',
  data: { machineName, value },
});
const change = (machineName: string, value: string) =>
  ({ type: 'ChangeSetting', data: { machineName, value } }) as const;

describe('ChangeSetting', () => {
  it('records a new setting', () => {
    spec
      .given([])
      .when(change('institution_name', 'Northbridge University'))
      .then([changed('institution_name', 'Northbridge University')]);
  });

  it('records a changed value', () => {
    spec
      .given([changed('institution_name', 'Old name')])
      .when(change('institution_name', 'New name'))
      .then([changed('institution_name', 'New name')]);
  });

  it('records nothing when the value is unchanged', () => {
    spec
      .given([changed('institution_name', 'Old'), changed('institution_name', 'Same')])
      .when(change('institution_name', 'Same'))
      .thenNothingHappens();
  });

  it('keeps settings apart', () => {
    spec
      .given([changed('logo', 'true')])
      .when(change('institution_name', 'true'))
      .then([changed('institution_name', 'true')]);
  });

  it('treats a machine name like a prototype property as an ordinary name', () => {
    spec
      .given([])
      .when(change('constructor', 'x'))
      .then([changed('constructor', 'x')]);
  });

  it('accepts a #rrggbb primary colour and stores it lower-case', () => {
    spec
      .given([])
      .when(change('primary_color', '#0736A4'))
      .then([changed('primary_color', '#0736a4')]);
  });

  it('sees a colour differing only in case as unchanged', () => {
    spec
      .given([changed('primary_color', '#0736a4')])
      .when(change('primary_color', '#0736A4'))
      .thenNothingHappens();
  });

  it('accepts an empty primary colour (the default colour)', () => {
    spec
      .given([changed('primary_color', '#0736a4')])
      .when(change('primary_color', ''))
      .then([changed('primary_color', '')]);
  });

  it.each(['blue', '#123', '#12345g', '0736a4', '#0736a4 ', '#0736a4ff'])(
    'refuses the primary colour %j with a sentence',
    (value) => {
      spec
        .given([])
        .when(change('primary_color', value))
        .thenThrows(DomainRuleError, /primary colour must be a colour like #0736a4/);
    },
  );

  it('accepts an http(s) support URL, and empty for no support chat', () => {
    spec
      .given([])
      .when(change('support_url', 'https://support.northbridge.example/chat'))
      .then([changed('support_url', 'https://support.northbridge.example/chat')]);
    spec
      .given([changed('support_url', 'https://support.northbridge.example/chat')])
      .when(change('support_url', ''))
      .then([changed('support_url', '')]);
  });

  it.each([
    'support.northbridge.example',
    'mailto:help@northbridge.example',
    'javascript:alert(1)',
    'ftp://files.northbridge.example/',
    ' https://support.northbridge.example/chat',
    'https://',
  ])('refuses the support URL %j with a sentence', (value) => {
    spec
      .given([])
      .when(change('support_url', value))
      .thenThrows(DomainRuleError, /support URL must be a web address starting with http/);
  });
});
