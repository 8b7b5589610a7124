import { generateKeyPairSync, hkdfSync } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { embeddedClientSecret } from './clientSecret.js';
import { EMBEDDED_IDP_CLIENT_ID, EMBEDDED_IDP_PATH, OIDC_CALLBACK_PATH } from '../options.js';
import type { DemoAccount } from './accounts.js';
import { logoutPage, messagePage } from './pages.js';

function cookieKey(secret: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'allot-demo-idp', 'cookie-keys', 32)).toString(
    'base64url',
  );
}

export interface DemoProviderOptions {
  /** Where browsers reach the app; the issuer is `<publicUrl>/idp`. */
  publicUrl: string;
  accounts: ReadonlyMap<string, DemoAccount>;
  /** Keys the provider's cookies and the embedded client's secret. */
  secret: string;
}

function claimsOf(account: DemoAccount): Record<string, unknown> & { sub: string } {
  return {
    sub: account.username,
    email: account.email,
    email_verified: true,
    name: `${account.givenName} ${account.familyName}`,
    given_name: account.givenName,
    family_name: account.familyName,
    preferred_username: account.username,
  };
}

function html(ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = 'html';
  ctx.body = body;
}

/** oidc-provider with one first-party client (the app), in-memory accounts and sessions. */
export function createDemoProvider(options: DemoProviderOptions): Provider {
  // A fresh signing key per start: demo sessions do not outlive the process anyway.
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  const configuration: Configuration = {
    clients: [
      {
        client_id: EMBEDDED_IDP_CLIENT_ID,
        client_secret: embeddedClientSecret(options.secret),
        redirect_uris: [`${options.publicUrl}${OIDC_CALLBACK_PATH}`],
        post_logout_redirect_uris: [`${options.publicUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'demo-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [cookieKey(options.secret)] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    // The app reads email and username from the ID token; it never calls userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Seconds. Short: demo sign-ins are interactive, and the app keeps its own session.
    ttl: {
      Interaction: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => html(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx) =>
          html(ctx, messagePage('Signed out', 'You have signed out of the demo provider.')),
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${EMBEDDED_IDP_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => {
      const account = options.accounts.get(sub.toLowerCase());
      return account ? { accountId: account.username, claims: () => claimsOf(account) } : undefined;
    },
    // The app is first-party: its scopes are granted without a consent page.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.['consent']?.grantId ??
        (ctx.oidc.client ? ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId) : undefined);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (ctx.oidc.client?.clientId !== EMBEDDED_IDP_CLIENT_ID || !ctx.oidc.session?.accountId)
        return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      const detail =
        typeof out['error_description'] === 'string'
          ? out['error_description']
          : String(out['error']);
      html(ctx, messagePage('Sign-in error', detail));
    },
  };
  const provider = new Provider(`${options.publicUrl}${EMBEDDED_IDP_PATH}`, configuration);
  // Behind a TLS-terminating proxy the app is reached over https; trust its forwarded headers.
  provider.proxy = true;
  return provider;
}
