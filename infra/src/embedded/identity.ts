import {
  idpMetadataSource,
  SAML_METADATA_PATH,
  type IdentityOptions,
  type SamlOptions,
  type SignInStateStore,
} from '@allot/command-service';
import type { AllotConfig } from '../config/loadConfig.js';

export interface SamlParts {
  /** Where pending requests, used assertions and logout sessions are kept (the database). */
  state: SignInStateStore;
  /** Allot's key pair: configured, or generated into the data folder. */
  spKey: { privateKey: string; cert: string };
  onMetadataRefreshFailed?: (error: Error) => void;
}

/**
 * Sign-in from the configuration: a configured OIDC issuer, else SAML, else the embedded demo
 * provider at `<publicUrl>/idp`; with none of them app-info says no strategy exists. A configured
 * campus sign-in takes precedence over the demo provider even when ALLOT_DEMO_IDP is on.
 */
export function identityOptions(
  config: AllotConfig,
  parts: Pick<IdentityOptions, 'sessionCodec' | 'csrfSecret' | 'users'> & { saml?: SamlParts },
): IdentityOptions {
  const { oidc, saml } = config;
  const { saml: samlParts, ...rest } = parts;
  return {
    ...rest,
    mode: config.mode,
    publicUrl: config.publicUrl,
    signInRateLimit: { max: config.signInRateLimit, timeWindowMs: 60_000 },
    auth0Enabled: oidc !== null || (config.demoIdp && saml === null),
    ...(oidc
      ? {
          oidc: {
            issuer: oidc.issuer,
            clientId: oidc.clientId,
            ...(oidc.clientSecret ? { clientSecret: oidc.clientSecret } : {}),
            scopes: oidc.scopes.split(/\s+/).filter(Boolean),
          },
        }
      : {}),
    ...(saml && samlParts ? { saml: samlOptions(config, samlParts) } : {}),
    ...(config.demoIdp ? { demoIdp: { enabled: true } } : {}),
  };
}

function samlOptions(config: AllotConfig, parts: SamlParts): SamlOptions {
  const saml = config.saml;
  if (!saml) throw new Error('samlOptions needs SAML settings');
  return {
    entryPoint: saml.entryPoint ?? '',
    idpCert: saml.idpCerts,
    ...(saml.metadataUrl
      ? {
          idpMetadata: idpMetadataSource({
            url: saml.metadataUrl,
            ...(parts.onMetadataRefreshFailed
              ? { onRefreshFailed: parts.onMetadataRefreshFailed }
              : {}),
          }),
        }
      : {}),
    ...(saml.idpIssuer ? { idpIssuer: saml.idpIssuer } : {}),
    ...(saml.logoutUrl ? { logoutUrl: saml.logoutUrl } : {}),
    ...(saml.issuer ? { issuer: saml.issuer } : {}),
    spKey: parts.spKey,
    signRequests: saml.signRequests,
    signed: saml.signed,
    allowSha1: saml.allowSha1,
    acceptedClockSkewMs: saml.clockSkewSeconds * 1000,
    idpInitiated: saml.idpInitiated,
    attributes: saml.attributes,
    provisionUsers: saml.createUsers,
    state: parts.state,
  };
}

/** One line for the start banner: how people sign in, and why the demo provider is (not) used. */
export function signInSummary(config: AllotConfig): string {
  if (config.oidc) {
    return `Sign-in: OIDC through ${config.oidc.issuer}${config.demoIdp ? ' (the demo identity provider at /idp is on but not used for sign-in, since OIDC_ISSUER is set)' : ''}.`;
  }
  if (config.saml) {
    const idp = config.saml.metadataUrl ?? config.saml.entryPoint ?? '';
    return `Sign-in: SAML through ${idp}; Allot's metadata for the identity provider is at ${config.publicUrl}${SAML_METADATA_PATH}${config.demoIdp ? ' (the demo identity provider at /idp is on but not used for sign-in)' : ' (the demo identity provider is off because SAML is configured)'}.`;
  }
  if (config.demoIdp) return 'Sign-in: the demo identity provider at /idp (password "demo").';
  return 'Sign-in: none configured (set OIDC_ISSUER or SAML_ENTRY_POINT; see docs/single-sign-on.md).';
}
