import type { IdentityOptions } from '@allot/command-service';
import type { AllotConfig } from '../config/loadConfig.js';

/**
 * Sign-in from the configuration: a configured OIDC issuer, else the embedded demo provider at
 * `<publicUrl>/idp`, else SAML; with none of them app-info says no strategy exists.
 */
export function identityOptions(
  config: AllotConfig,
  parts: Pick<IdentityOptions, 'sessionCodec' | 'csrfSecret' | 'users'>,
): IdentityOptions {
  const { oidc, saml } = config;
  return {
    ...parts,
    mode: config.mode,
    publicUrl: config.publicUrl,
    signInRateLimit: { max: config.signInRateLimit, timeWindowMs: 60_000 },
    auth0Enabled: oidc !== null || config.demoIdp,
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
    ...(saml
      ? { saml: { entryPoint: saml.entryPoint, issuer: saml.issuer, idpCert: saml.idpCert } }
      : {}),
    ...(config.demoIdp ? { demoIdp: { enabled: true } } : {}),
  };
}
