import type { Profile } from '@node-saml/node-saml';
import { ROLE_SLUGS, type RoleSlug } from '@allot/shared-events';
import type { SamlAttributeMapping } from '../options.js';
import type { LoginIdentity, ProvisionedIdentity } from '../userDirectory.js';

export const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The NameID, whatever its format. */
export const NAME_ID = 'nameid';
/** The NameID when its format says it is an e-mail address. */
export const EMAIL_NAME_ID = 'nameid:email';

/**
 * Where a person's identifiers are read from unless the deployment says otherwise
 * (SAML_USERNAME_FROM, SAML_EMAIL_FROM, ...). Each friendly name also matches its OID form.
 */
export const DEFAULT_SAML_ATTRIBUTES: SamlAttributeMapping = {
  username: ['uid', 'username'],
  email: ['mail', 'email', EMAIL_NAME_ID],
  firstName: ['givenName'],
  lastName: ['sn'],
};

/**
 * The OIDs of the attributes campus IdPs release (eduPerson, inetOrgPerson): Shibboleth names
 * them by OID (urn:oid:…, the SAML 2 profile of InCommon and eduGAIN), SimpleSAMLphp by name.
 */
const OIDS: Readonly<Record<string, string>> = {
  uid: 'urn:oid:0.9.2342.19200300.100.1.1',
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  eduPersonPrincipalName: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  eduPersonAffiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
  eduPersonScopedAffiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.9',
  eduPersonEntitlement: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.7',
  isMemberOf: 'urn:oid:1.3.6.1.4.1.5923.1.5.1.1',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
  cn: 'urn:oid:2.5.4.3',
  displayName: 'urn:oid:2.16.840.1.113730.3.1.241',
  employeeNumber: 'urn:oid:2.16.840.1.113730.3.1.3',
};
const BY_LOWER_NAME = new Map(Object.entries(OIDS).map(([name, oid]) => [name.toLowerCase(), oid]));

function attributeValues(profile: Profile, name: string): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const oid = BY_LOWER_NAME.get(name.toLowerCase());
  const wanted = new Set([name.toLowerCase(), ...(oid ? [oid.toLowerCase()] : [])]);
  const values: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (!wanted.has(key.toLowerCase())) continue;
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof v === 'string' && v.trim() !== '') values.push(v.trim());
    }
  }
  return values;
}

/** Every value the first source that has one gives (NameID, or an attribute by name or OID). */
function valuesFrom(profile: Profile, sources: readonly string[]): string[] {
  for (const source of sources) {
    const key = source.toLowerCase();
    if (key === NAME_ID || key === EMAIL_NAME_ID) {
      const asEmail = key === EMAIL_NAME_ID;
      if (profile.nameID && (!asEmail || profile.nameIDFormat === EMAIL_NAME_ID_FORMAT)) {
        return [profile.nameID];
      }
      continue;
    }
    const values = attributeValues(profile, source);
    if (values.length > 0) return values;
  }
  return [];
}

export function mappingOf(overrides: Partial<SamlAttributeMapping> = {}): SamlAttributeMapping {
  return { ...DEFAULT_SAML_ATTRIBUTES, ...overrides };
}

/** Who the IdP says this is, as sign-in matches users: by username, else e-mail. */
export function identityFromProfile(
  profile: Profile,
  mapping: SamlAttributeMapping,
): LoginIdentity {
  const [username] = valuesFrom(profile, mapping.username);
  const [email] = valuesFrom(profile, mapping.email);
  return { ...(email ? { email } : {}), ...(username ? { username } : {}) };
}

const SLUGS: ReadonlySet<string> = new Set(ROLE_SLUGS);

/**
 * A role slug from an attribute value: the slug itself, or an entitlement ending in it
 * (`urn:mace:example.edu:allot:admin`, `https://example.edu/allot/faculty`). Others are ignored.
 */
export function roleSlugOf(value: string): RoleSlug | null {
  const last = value.split(/[:/]/).at(-1) ?? '';
  const slug = [...SLUGS].find((s) => s.toLowerCase() === last.toLowerCase());
  return (slug as RoleSlug | undefined) ?? null;
}

/**
 * What a user created (or updated) at sign-in is made of, or null when the answer lacks what a
 * user needs (an e-mail address at least).
 */
export function provisionedIdentityOf(
  profile: Profile,
  mapping: SamlAttributeMapping,
): ProvisionedIdentity | null {
  const identity = identityFromProfile(profile, mapping);
  if (!identity.email) return null;
  const local = identity.email.split('@')[0] ?? identity.email;
  const [firstName] = valuesFrom(profile, mapping.firstName);
  const [lastName] = valuesFrom(profile, mapping.lastName);
  const roles = mapping.roles
    ? [
        ...new Set(
          valuesFrom(profile, [mapping.roles])
            .map(roleSlugOf)
            .filter((s) => s !== null),
        ),
      ]
    : undefined;
  return {
    username: identity.username ?? identity.email,
    email: identity.email,
    firstName: firstName ?? local,
    // A user needs both names: the e-mail's local part stands in until someone edits them.
    lastName: lastName ?? local,
    ...(roles ? { roles } : {}),
  };
}
