import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from './environment.js';

export type SamlSignedPart = 'either' | 'response' | 'assertion' | 'both';

/** SAML sign-in as configured (docs/single-sign-on.md); null in AllotConfig when it is off. */
export interface SamlSettings {
  /** The IdP's sign-in URL; null when read from its metadata. */
  entryPoint: string | null;
  /** The IdP's signing certificates (PEM); empty when read from its metadata. */
  idpCerts: string[];
  /** Where the IdP's metadata is read (and read again) from; null: the fixed settings. */
  metadataUrl: string | null;
  idpIssuer: string | null;
  logoutUrl: string | null;
  /** Allot's entity id; null: the metadata URL `<public URL>/api/auth/saml/metadata`. */
  issuer: string | null;
  /** Allot's key pair (PEM); null: generated once into `<data folder>/saml/`. */
  spKey: { privateKey: string; cert: string } | null;
  signRequests: boolean;
  signed: SamlSignedPart;
  allowSha1: boolean;
  clockSkewSeconds: number;
  idpInitiated: boolean;
  attributes: {
    username?: string[];
    email?: string[];
    firstName?: string[];
    lastName?: string[];
    roles?: string;
  };
  createUsers: boolean;
}

const DEFAULT_CLOCK_SKEW_SECONDS = 180;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** Several certificates: PEM blocks one after another, or bare base64 separated by commas. */
export function splitCertificates(value: string): string[] {
  if (value.includes('-----BEGIN')) {
    return [...value.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map(
      (m) => `${m[0]}\n`,
    );
  }
  return value
    .split(',')
    .map((v) => v.replace(/\s+/g, ''))
    .filter(Boolean)
    .map((b64) => `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`);
}

/** A PEM given inline, or the path of a file holding it (relative to the working folder). */
function pemOrFile(name: string, value: string, cwd: string, problems: string[]): string | null {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  const file = path.resolve(cwd, value);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    problems.push(`${name} is neither a PEM nor a readable file (${file}).`);
    return null;
  }
}

function certificateError(pem: string): string | null {
  try {
    const cert = new X509Certificate(pem);
    if (Date.parse(cert.validTo) < Date.now()) return `it expired on ${cert.validTo}`;
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Reads the SAML variables, adding one sentence per bad value to `problems`; null when SAML
 * sign-in is not configured (neither SAML_ENTRY_POINT nor SAML_IDP_METADATA_URL).
 */
export function samlSettingsFrom(
  e: Environment,
  cwd: string,
  problems: string[],
): SamlSettings | null {
  const fixed = e.SAML_ENTRY_POINT !== undefined || e.SAML_IDP_CERT !== undefined;
  if (!fixed && !e.SAML_IDP_METADATA_URL) return null;
  if (e.SAML_IDP_METADATA_URL && fixed) {
    problems.push(
      'Set SAML_IDP_METADATA_URL, or SAML_ENTRY_POINT with SAML_IDP_CERT, not both: the metadata names the sign-in URL and certificates.',
    );
  }
  if (!e.SAML_IDP_METADATA_URL) {
    if (!e.SAML_ENTRY_POINT)
      problems.push('SAML_ENTRY_POINT is required when SAML_IDP_CERT is set.');
    if (!e.SAML_IDP_CERT) problems.push('SAML_IDP_CERT is required when SAML_ENTRY_POINT is set.');
  }
  const idpCerts = e.SAML_IDP_CERT ? splitCertificates(e.SAML_IDP_CERT) : [];
  if (e.SAML_IDP_CERT && idpCerts.length === 0) {
    problems.push('SAML_IDP_CERT holds no certificate (expected PEM or base64).');
  }
  idpCerts.forEach((pem, i) => {
    const error = certificateError(pem);
    if (error) {
      const which =
        idpCerts.length > 1 ? ` (certificate ${String(i + 1)} of ${String(idpCerts.length)})` : '';
      problems.push(`SAML_IDP_CERT is not a usable X.509 certificate${which}: ${error}.`);
    }
  });

  let spKey: SamlSettings['spKey'] = null;
  if ((e.SAML_SP_KEY === undefined) !== (e.SAML_SP_CERT === undefined)) {
    problems.push(
      'SAML_SP_KEY and SAML_SP_CERT are set together, or neither (a key pair is then generated).',
    );
  } else if (e.SAML_SP_KEY && e.SAML_SP_CERT) {
    const privateKey = pemOrFile('SAML_SP_KEY', e.SAML_SP_KEY, cwd, problems);
    const cert = pemOrFile('SAML_SP_CERT', e.SAML_SP_CERT, cwd, problems);
    if (privateKey && cert) {
      let key: KeyObject | null = null;
      try {
        key = createPrivateKey(privateKey);
      } catch (err) {
        problems.push(
          `SAML_SP_KEY is not a private key: ${err instanceof Error ? err.message : String(err)}.`,
        );
      }
      const certError = certificateError(cert);
      if (certError) problems.push(`SAML_SP_CERT is not a usable X.509 certificate: ${certError}.`);
      else if (key && !new X509Certificate(cert).checkPrivateKey(key)) {
        problems.push('SAML_SP_CERT does not belong to SAML_SP_KEY.');
      }
      spKey = { privateKey, cert };
    }
  }
  const attributes: SamlSettings['attributes'] = {};
  const username = list(e.SAML_USERNAME_FROM);
  const email = list(e.SAML_EMAIL_FROM);
  const firstName = list(e.SAML_FIRST_NAME_FROM);
  const lastName = list(e.SAML_LAST_NAME_FROM);
  if (username) attributes.username = username;
  if (email) attributes.email = email;
  if (firstName) attributes.firstName = firstName;
  if (lastName) attributes.lastName = lastName;
  if (e.SAML_ROLES_FROM) attributes.roles = e.SAML_ROLES_FROM;
  return {
    entryPoint: e.SAML_ENTRY_POINT ?? null,
    idpCerts,
    metadataUrl: e.SAML_IDP_METADATA_URL ?? null,
    idpIssuer: e.SAML_IDP_ISSUER ?? null,
    logoutUrl: e.SAML_LOGOUT_URL ?? null,
    issuer: e.SAML_ISSUER ?? null,
    spKey,
    signRequests: e.SAML_SIGN_REQUESTS ?? false,
    signed: e.SAML_SIGNED ?? 'either',
    allowSha1: e.SAML_ALLOW_SHA1 ?? false,
    clockSkewSeconds: e.SAML_CLOCK_SKEW_SECONDS ?? DEFAULT_CLOCK_SKEW_SECONDS,
    idpInitiated: e.SAML_IDP_INITIATED ?? false,
    attributes,
    createUsers: e.SAML_CREATE_USERS ?? false,
  };
}
