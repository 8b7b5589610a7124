import type { CacheProvider } from '@node-saml/node-saml';
import type { SessionCodec } from '@allot/shared-events';
import type { UserDirectory } from './userDirectory.js';
import type { DemoAccount } from './demoIdp/accounts.js';

export interface OidcOptions {
  /** Issuer URL: Auth0 (`https://tenant.auth0.com/`), Okta, Keycloak realm, Entra, or any OIDC issuer. */
  issuer: string;
  clientId: string;
  /** Confidential clients; without it the client authenticates with PKCE only (`none`). */
  clientSecret?: string;
  /** Defaults to openid email profile. */
  scopes?: readonly string[];
}

export interface SamlOptions {
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: string;
  /** The IdP's signing certificate(s), PEM or bare base64; several while the IdP rotates. */
  idpCert: string | readonly string[];
  /** Our entity id at the IdP. */
  issuer: string;
  /** Assertion consumer URL; defaults to `<publicUrl>/api/auth/saml/callback`. */
  callbackUrl?: string;
  /** Expected audience; defaults to `issuer`. */
  audience?: string;
  /** The IdP's entity id; checked against the response's Issuer when given. */
  idpIssuer?: string;
  /** Signs AuthnRequests when the IdP wants them signed. */
  privateKey?: string;
  acceptedClockSkewMs?: number;
  /**
   * Where issued AuthnRequest ids wait for their response (replay protection); defaults to this
   * process's memory, so several instances need a shared one (e.g. on Redis) or sticky sessions.
   */
  cacheProvider?: CacheProvider;
  /** Defaults to true; some IdPs sign only the assertion (set false for those). */
  wantAuthnResponseSigned?: boolean;
}

export interface DemoIdpOptions {
  enabled: true;
  /** Defaults to DEMO_ACCOUNTS (one per role slug plus faculty members), password `demo`. */
  accounts?: readonly DemoAccount[];
}

export interface IdentityOptions {
  /** ALLOT_MODE: production, development, local, staging-build, test (or demo). */
  mode: string;
  sessionCodec: SessionCodec;
  /** First signs, all verify; also keys the sign-in transaction cookie. */
  csrfSecret: string | readonly string[];
  /** Where browsers reach the app, e.g. `https://allot.example.edu` (no trailing slash needed). */
  publicUrl: string;
  oidc?: OidcOptions;
  saml?: SamlOptions;
  /** The embedded oidc-provider at /idp; refused in production. */
  demoIdp?: DemoIdpOptions;
  users: UserDirectory;
  /** featureFlags.auth0Enabled: OIDC sign-in when true, SAML otherwise (spec §1). */
  auth0Enabled: boolean;
  /** Sign-in endpoints, per client address; defaults to 30 per minute. */
  signInRateLimit?: { max: number; timeWindowMs: number };
}

export const PRODUCTION_MODE = 'production';
export const EMBEDDED_IDP_PATH = '/idp';
export const EMBEDDED_IDP_CLIENT_ID = 'allot';
export const OIDC_CALLBACK_PATH = '/api/auth0/callback';
export const SAML_CALLBACK_PATH = '/api/auth/saml/callback';

export function trimmedPublicUrl(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}
