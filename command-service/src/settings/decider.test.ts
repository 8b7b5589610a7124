import { describe, it } from '@jest/globals';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { settingsDecider } from './decider.js';
import type { SettingsEvent } from './decider.js';

const spec = DeciderSpecification.for(settingsDecider);
const changed = (machineName: string, value: string): SettingsEvent => ({
  type: 'SettingChanged',
  data: { machineName, value },
});
const change = (machineName: string, value: string) =>
  ({ type: 'ChangeSetting', data: { machineName, value } }) as const;
const uploaded: SettingsEvent = {
  type: 'LogoUploaded',
  data: { contentType: 'image/png', dataBase64: 'iVBORw0KGgo=' },
};

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
      .given([uploaded, changed('logo', 'true')])
      .when(change('institution_name', 'true'))
      .then([changed('institution_name', 'true')]);
  });

  it.each(['constructor', 'theme', 'institutionName', 'a_one'])(
    'refuses the unknown setting %j (404): settings are a known set',
    (machineName) => {
      spec
        .given([])
        .when(change(machineName, 'x'))
        .thenThrows(NotFoundError, 'There is no such setting.');
    },
  );

  it('stores the institution name trimmed, 1 to 120 characters', () => {
    spec
      .given([])
      .when(change('institution_name', '  Northbridge University '))
      .then([changed('institution_name', 'Northbridge University')]);
    spec
      .given([])
      .when(change('institution_name', 'N'.repeat(120)))
      .then([changed('institution_name', 'N'.repeat(120))]);
  });

  it.each(['', '   ', 'N'.repeat(121), 'N'.repeat(5000)])(
    'refuses the institution name of %# with a sentence',
    (value) => {
      spec
        .given([])
        .when(change('institution_name', value))
        .thenThrows(DomainRuleError, 'The institution name must be 1 to 120 characters long.');
    },
  );

  it('shows an uploaded logo again (logo true) only once one was uploaded', () => {
    spec
      .given([])
      .when(change('logo', 'true'))
      .thenThrows(DomainRuleError, 'No logo was uploaded yet: upload one first.');
    spec
      .given([uploaded, changed('logo', 'true'), changed('logo', 'false')])
      .when(change('logo', 'true'))
      .then([changed('logo', 'true')]);
  });

  it.each(['yes', '', 'TRUE'])('refuses the logo value %j with a sentence', (value) => {
    spec
      .given([uploaded, changed('logo', 'true')])
      .when(change('logo', value))
      .thenThrows(DomainRuleError, /^The logo is either the uploaded image or the default/);
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

describe('ResetLogo', () => {
  const reset = { type: 'ResetLogo', data: {} } as const;

  it('returns to the default logo: logo false, the uploaded image kept in the log', () => {
    spec
      .given([uploaded, changed('logo', 'true')])
      .when(reset)
      .then([changed('logo', 'false')]);
  });

  it('records nothing when the default logo shows already', () => {
    spec.given([]).when(reset).thenNothingHappens();
    spec
      .given([uploaded, changed('logo', 'true'), changed('logo', 'false')])
      .when(reset)
      .thenNothingHappens();
  });
});
