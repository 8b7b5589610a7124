import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { SamlIdpSettings, SamlOptions, SamlSignedPart } from '../options.js';
import { samlRequestCache, type SignInStateStore } from './signInState.js';

/** How long a sign-in or logout request waits for its answer. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;
export const DEFAULT_CLOCK_SKEW_MS = 3 * 60 * 1000;

export interface SamlEndpoints {
  entityId: string;
  acsUrl: string;
  logoutUrl: string;
}

const SIGNATURES: Record<SamlSignedPart, { response: boolean; assertion: boolean }> = {
  // Both false: node-saml still demands a valid signature over the response or, failing that,
  // over the assertion; an answer with neither is refused.
  either: { response: false, assertion: false },
  response: { response: true, assertion: false },
  assertion: { response: false, assertion: true },
  both: { response: true, assertion: true },
};

/**
 * node-saml for one reading of the IdP's settings, configured to refuse unsigned, foreign,
 * stale, replayed or (unless IdP-initiated sign-in is on) unsolicited answers.
 */
export function createSaml(
  idp: SamlIdpSettings,
  options: SamlOptions,
  endpoints: SamlEndpoints,
  state: SignInStateStore,
): SAML {
  const signatures = SIGNATURES[options.signed ?? 'either'];
  const certs = typeof idp.idpCert === 'string' ? [idp.idpCert] : [...idp.idpCert];
  const signing = options.signRequests && options.spKey;
  return new SAML({
    entryPoint: idp.entryPoint,
    idpCert: certs,
    issuer: endpoints.entityId,
    callbackUrl: endpoints.acsUrl,
    // node-saml needs an address for logout requests; without an IdP logout none is sent.
    logoutUrl: idp.logoutUrl ?? idp.entryPoint,
    logoutCallbackUrl: endpoints.logoutUrl,
    audience: options.audience ?? endpoints.entityId,
    ...(idp.idpIssuer ? { idpIssuer: idp.idpIssuer } : {}),
    ...(signing ? { privateKey: options.spKey?.privateKey ?? '' } : {}),
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    ...(options.spKey ? { decryptionPvk: options.spKey.privateKey } : {}),
    wantAuthnResponseSigned: signatures.response,
    wantAssertionsSigned: signatures.assertion,
    // Any NameID and any way of signing in at the IdP: people are matched by their attributes,
    // and a campus that asks for a second factor must not be refused for it.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    validateInResponseTo: options.idpInitiated
      ? ValidateInResponseTo.ifPresent
      : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: samlRequestCache(state, SAML_REQUEST_TTL_MS),
    acceptedClockSkewMs: options.acceptedClockSkewMs ?? DEFAULT_CLOCK_SKEW_MS,
    maxAssertionAgeMs: SAML_REQUEST_TTL_MS,
  });
}
