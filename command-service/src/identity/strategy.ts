import { X509Certificate } from 'node:crypto';
import type { IdentityOptions, OidcOptions, SamlOptions } from './options.js';
import {
  EMBEDDED_IDP_CLIENT_ID,
  EMBEDDED_IDP_PATH,
  PRODUCTION_MODE,
  trimmedPublicUrl,
} from './options.js';
import { embeddedClientSecret } from './demoIdp/clientSecret.js';

export type ResolvedStrategy =
  | { kind: 'oidc'; oidc: OidcOptions; error: '' }
  | { kind: 'saml'; saml: SamlOptions; error: '' }
  | { kind: 'none'; error: string };

function isUrl(value: string, production: boolean): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (!production && url.protocol === 'http:');
  } catch {
    return false;
  }
}

/** True when `cert` (PEM, or the bare base64 of one) is not an X.509 certificate. */
export function certificateProblem(cert: string): boolean {
  const pem = cert.includes('-----BEGIN')
    ? cert
    : `-----BEGIN CERTIFICATE-----\n${cert.replace(/\s+/g, '')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return false;
  } catch {
    return true;
  }
}

export function firstSecret(secret: string | readonly string[]): string {
  const first = typeof secret === 'string' ? secret : secret[0];
  if (!first) throw new Error('identityPlugin needs a csrfSecret.');
  return first;
}

/** The OIDC settings in force: the configured issuer, else the embedded demo provider. */
export function effectiveOidc(options: IdentityOptions): OidcOptions | undefined {
  if (options.oidc) return options.oidc;
  if (!options.demoIdp?.enabled) return undefined;
  return {
    issuer: `${trimmedPublicUrl(options.publicUrl)}${EMBEDDED_IDP_PATH}`,
    clientId: EMBEDDED_IDP_CLIENT_ID,
    clientSecret: embeddedClientSecret(firstSecret(options.csrfSecret)),
  };
}

/**
 * Which sign-in the app offers (spec §1: OIDC when auth0Enabled, otherwise SAML) and, when its
 * settings cannot work, a sentence for the login page (app-info `error`).
 */
export function resolveStrategy(options: IdentityOptions): ResolvedStrategy {
  const production = options.mode === PRODUCTION_MODE;
  if (options.auth0Enabled) {
    const oidc = effectiveOidc(options);
    if (!oidc) return { kind: 'none', error: '' };
    if (!isUrl(oidc.issuer, production)) {
      return {
        kind: 'none',
        error: `The single-sign-on issuer "${oidc.issuer}" is not a valid ${production ? 'https ' : ''}URL.`,
      };
    }
    if (!oidc.clientId.trim())
      return { kind: 'none', error: 'The single-sign-on client id is not configured.' };
    return { kind: 'oidc', oidc, error: '' };
  }
  const saml = options.saml;
  if (!saml) return { kind: 'none', error: '' };
  // Read from the IdP's metadata: checked when it is read (identityPlugin logs why not).
  if (saml.idpMetadata) return { kind: 'saml', saml, error: '' };
  if (!isUrl(saml.entryPoint, production)) {
    return {
      kind: 'none',
      error: `The SAML sign-in URL "${saml.entryPoint}" is not a valid ${production ? 'https ' : ''}URL.`,
    };
  }
  if (saml.issuer !== undefined && !saml.issuer.trim())
    return {
      kind: 'none',
      error: 'The SAML service provider entity id (issuer) is empty.',
    };
  const certs = typeof saml.idpCert === 'string' ? [saml.idpCert] : saml.idpCert;
  if (certs.length === 0 || certs.some(certificateProblem)) {
    return {
      kind: 'none',
      error: 'The SAML identity provider certificate is missing or not a valid X.509 certificate.',
    };
  }
  if (saml.signRequests && !saml.spKey) {
    return { kind: 'none', error: 'Signing SAML requests needs a service provider key.' };
  }
  return { kind: 'saml', saml, error: '' };
}
