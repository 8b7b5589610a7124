import { describe, expect, it } from '@jest/globals';
import { FEATURE_FLAG_NAMES } from '../permissions/types.js';
import {
  DEFAULT_FEATURE_FLAGS,
  DEMO_FEATURE_FLAGS,
  FeatureFlagConfigError,
  featureFlagVariable,
  featureFlagsFromEnvironment,
} from './featureFlags.js';

describe('feature flags', () => {
  it('turns every flag off by default and every one on for the demo except the effort module', () => {
    for (const name of FEATURE_FLAG_NAMES) expect(DEFAULT_FEATURE_FLAGS[name]).toBe(false);
    const on = FEATURE_FLAG_NAMES.filter((name) => DEMO_FEATURE_FLAGS[name]);
    expect([...FEATURE_FLAG_NAMES].filter((n) => !on.includes(n)).sort()).toEqual([
      'aemEnabled',
      'aemEnabledFaculty',
    ]);
  });

  it('names one variable per flag', () => {
    expect(featureFlagVariable('aemEnabledFaculty')).toBe('ALLOT_FEATURE_AEM_ENABLED_FACULTY');
    expect(featureFlagVariable('apiEnabled')).toBe('ALLOT_FEATURE_API_ENABLED');
  });

  it('lets configured variables override the base, leaving the others', () => {
    const flags = featureFlagsFromEnvironment(
      { ALLOT_FEATURE_AEM_ENABLED: 'true', ALLOT_FEATURE_API_ENABLED: 'off', OTHER: 'x' },
      DEMO_FEATURE_FLAGS,
    );
    expect(flags).toEqual({ ...DEMO_FEATURE_FLAGS, aemEnabled: true, apiEnabled: false });
    expect(featureFlagsFromEnvironment({})).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('refuses a value that is not a boolean, naming the variable', () => {
    expect(() =>
      featureFlagsFromEnvironment({ ALLOT_FEATURE_USER_MERGE_ENABLED: 'maybe' }),
    ).toThrow(
      new FeatureFlagConfigError(
        'ALLOT_FEATURE_USER_MERGE_ENABLED must be true or false, not "maybe".',
      ),
    );
  });
});
