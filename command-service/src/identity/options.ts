import type { SessionCodec } from '@allot/shared-events';
import type { UserDirectory } from './userDirectory.js';
import type { DemoAccount } from './demoIdp/accounts.js';
import type { SignInStateStore } from './saml/signInState.js';

export interface OidcOptions {
  /** Issuer URL: Auth0 (`https://tenant.auth0.com/`), Okta, Keycloak realm, Entra, or any OIDC issuer. */
  issuer: string;
  clientId: string;
  /** Confidential clients; without it the client authenticates with PKCE only (`none`). */
  clientSecret?: string;
  /** Defaults to openid email profile. */
  scopes?: readonly string[];
}

/** Which signature a SAML answer must carry: `either` accepts a signed response or assertion. */
export type SamlSignedPart = 'either' | 'response' | 'assertion' | 'both';

/** What the IdP says about itself: given in the configuration or read from its metadata. */
export interface SamlIdpSettings {
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: string;
  /** The IdP's signing certificate(s), PEM or bare base64; several while the IdP rotates. */
  idpCert: string | readonly string[];
  /** The IdP's entity id; checked against the answers' Issuer when given. */
  idpIssuer?: string;
  /** The IdP's single logout URL (HTTP-Redirect); without it logout ends only Allot's session. */
  logoutUrl?: string;
}

/** Where the values that identify a person are read from, in order (attribute names or `nameid`). */
export interface SamlAttributeMapping {
  username: readonly string[];
  email: readonly string[];
  firstName: readonly string[];
  lastName: readonly string[];
  /** An attribute whose values are role slugs; unset: users created at sign-in get no roles. */
  roles?: string;
}

export interface SamlOptions extends SamlIdpSettings {
  /**
   * Reads the IdP's settings from its metadata (and again as it changes) instead of the fixed
   * ones above; answers the settings in force, or throws why they cannot be had.
   */
  idpMetadata?: () => Promise<SamlIdpSettings>;
  /** Our entity id at the IdP; defaults to the metadata URL `<publicUrl>/api/auth/saml/metadata`. */
  issuer?: string;
  /** Assertion consumer URL; defaults to `<publicUrl>/api/auth/saml/callback`. */
  callbackUrl?: string;
  /** Expected audience; defaults to `issuer`. */
  audience?: string;
  /** Allot's own key pair: decrypts encrypted assertions, signs requests, published in metadata. */
  spKey?: { privateKey: string; cert: string };
  /** Sign AuthnRequests and LogoutRequests (needs `spKey`); off by default. */
  signRequests?: boolean;
  /** Defaults to `either`; unsigned answers are always refused. */
  signed?: SamlSignedPart;
  /** SHA-1 signatures are refused unless this is set. */
  allowSha1?: boolean;
  /** Defaults to 3 minutes. */
  acceptedClockSkewMs?: number;
  /** Accept answers the IdP sends unasked (portal tiles), each once; off by default. */
  idpInitiated?: boolean;
  /** Defaults: docs/single-sign-on.md (uid/mail and their OID forms; an e-mail NameID). */
  attributes?: Partial<SamlAttributeMapping>;
  /** Create a user who signs in and matches nobody, and keep names and e-mail up to date. */
  provisionUsers?: boolean;
  /**
   * Pending requests, used assertions and sessions for single logout; defaults to this
   * process's memory, so several instances (or restarts) need a shared one.
   */
  state?: SignInStateStore;
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
export const SAML_METADATA_PATH = '/api/auth/saml/metadata';
export const SAML_LOGOUT_PATH = '/api/auth/saml/logout';

export function trimmedPublicUrl(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}
