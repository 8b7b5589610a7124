import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FEATURE_FLAGS } from '../featureFlags/featureFlags.js';
import { defineAbilityFor } from './defineAbilityFor.js';
import { rolesBeyond } from './privilege.js';
import { ROLE_SLUGS, type RoleSlug } from './types.js';

const as = (role: RoleSlug, flags = DEFAULT_FEATURE_FLAGS) =>
  defineAbilityFor({
    userId: 'me',
    roles: [role],
    workgroupPermissions: [],
    featureFlags: flags,
    mode: 'production',
    progressStepId: null,
    masquerading: false,
  });

describe('rolesBeyond', () => {
  it('lets an administrator hand out every role', () => {
    expect(rolesBeyond(as('admin'), ROLE_SLUGS)).toEqual([]);
  });

  it('keeps academic operations from handing out admin, or financial powers they lack', () => {
    expect(rolesBeyond(as('academicOpsAdmin'), ROLE_SLUGS)).toEqual([
      'admin',
      'financialReportingUser',
    ]);
  });

  it('does not count abilities over one’s own data: anyone who manages users may make faculty', () => {
    expect(rolesBeyond(as('academicOpsAdmin'), ['faculty'])).toEqual([]);
  });

  it('weighs a role under the actor’s own flags (effort roles give nothing while effort is off)', () => {
    expect(rolesBeyond(as('academicOpsAdmin'), ['effortManager'])).toEqual([]);
    const aem = { ...DEFAULT_FEATURE_FLAGS, aemEnabled: true };
    expect(rolesBeyond(as('academicOpsAdmin', aem), ['effortManager'])).toEqual(['effortManager']);
  });
});
