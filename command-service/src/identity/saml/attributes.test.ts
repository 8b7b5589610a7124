import type { Profile } from '@node-saml/node-saml';
import {
  EMAIL_NAME_ID_FORMAT,
  identityFromProfile,
  mappingOf,
  provisionedIdentityOf,
  roleSlugOf,
} from './attributes.js';

const profile = (p: Partial<Profile> & { attributes?: Record<string, unknown> }): Profile => ({
  issuer: 'idp',
  nameID: '_transient',
  nameIDFormat: 'transient',
  ...p,
});

describe('who a SAML answer names', () => {
  it('reads uid and mail by name or by OID (Shibboleth), in the default order', () => {
    expect(
      identityFromProfile(
        profile({ attributes: { uid: 'ada', mail: ['Ada@Example.edu', 'other@example.edu'] } }),
        mappingOf(),
      ),
    ).toEqual({ username: 'ada', email: 'Ada@Example.edu' });
    expect(
      identityFromProfile(
        profile({
          attributes: {
            'urn:oid:0.9.2342.19200300.100.1.1': 'ada',
            'urn:oid:0.9.2342.19200300.100.1.3': 'ada@example.edu',
          },
        }),
        mappingOf(),
      ),
    ).toEqual({ username: 'ada', email: 'ada@example.edu' });
  });

  it('takes the NameID as e-mail only in the emailAddress format, unless mapped', () => {
    const email = profile({ nameID: 'ada@example.edu', nameIDFormat: EMAIL_NAME_ID_FORMAT });
    expect(identityFromProfile(email, mappingOf())).toEqual({ email: 'ada@example.edu' });
    const opaque = profile({ nameID: 'AAdzZWNyZXQx' });
    expect(identityFromProfile(opaque, mappingOf())).toEqual({});
    expect(identityFromProfile(opaque, mappingOf({ username: ['nameid'] }))).toEqual({
      username: 'AAdzZWNyZXQx',
    });
  });

  it('matches eduPersonPrincipalName to usernames when the deployment says so', () => {
    const eppn = profile({
      attributes: { 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'erin@campus.example.edu' },
    });
    expect(identityFromProfile(eppn, mappingOf())).toEqual({});
    expect(identityFromProfile(eppn, mappingOf({ username: ['eduPersonPrincipalName'] }))).toEqual({
      username: 'erin@campus.example.edu',
    });
  });

  it('reads role slugs from entitlements, ignoring values that name no role', () => {
    expect(roleSlugOf('admin')).toBe('admin');
    expect(roleSlugOf('urn:mace:example.edu:allot:AcademicOpsAdmin')).toBe('academicOpsAdmin');
    expect(roleSlugOf('https://example.edu/allot/faculty')).toBe('faculty');
    expect(roleSlugOf('urn:mace:example.edu:library:borrower')).toBeNull();
  });

  it('makes a user from an answer with an e-mail address, and none without', () => {
    const full = profile({
      attributes: {
        uid: 'nnew',
        mail: 'nora.new@example.edu',
        givenName: 'Nora',
        sn: 'New',
        eduPersonEntitlement: ['urn:x:allot:faculty', 'urn:x:allot:faculty', 'urn:x:wiki:editor'],
      },
    });
    expect(provisionedIdentityOf(full, mappingOf({ roles: 'eduPersonEntitlement' }))).toEqual({
      username: 'nnew',
      email: 'nora.new@example.edu',
      firstName: 'Nora',
      lastName: 'New',
      roles: ['faculty'],
    });
    // No roles attribute named: roles are left to Allot's administrators.
    expect(provisionedIdentityOf(full, mappingOf())).not.toHaveProperty('roles');
    // Only an address: it stands in for the username and the names until someone edits them.
    expect(
      provisionedIdentityOf(profile({ attributes: { mail: 'x.y@example.edu' } }), mappingOf()),
    ).toEqual({
      username: 'x.y@example.edu',
      email: 'x.y@example.edu',
      firstName: 'x.y',
      lastName: 'x.y',
    });
    expect(
      provisionedIdentityOf(profile({ attributes: { uid: 'nomail' } }), mappingOf()),
    ).toBeNull();
  });
});
