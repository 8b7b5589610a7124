import type { FastifyReply } from 'fastify';
import type { SessionCodec } from '@allot/shared-events';
import { sessionSetCookie } from './cookies.js';
import { safeOrigin } from './origin.js';
import type {
  LoginIdentity,
  LoginMatch,
  ProvisionedIdentity,
  UserDirectory,
} from './userDirectory.js';

export interface SignInDependencies {
  mode: string;
  sessionCodec: SessionCodec;
  users: UserDirectory;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface SignInFailureOptions {
  /**
   * Where "Sign in as someone else" goes: the provider's logout, so that Log In asks for an
   * account again instead of answering with the same one. Without it the page says how.
   */
  signInAsSomeoneElse?: string | null;
}

/** A browser lands here mid-redirect, so it gets a page (not JSON) with a way back. */
export function sendSignInFailure(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  options: SignInFailureOptions = {},
): FastifyReply {
  const next =
    options.signInAsSomeoneElse === undefined
      ? `<p><a href="/login">Back to the login page</a></p>`
      : options.signInAsSomeoneElse
        ? `<p><a href="${escapeHtml(options.signInAsSomeoneElse)}">Sign in as someone else</a> · <a href="/login">Back to the login page</a></p>`
        : `<p>To sign in as someone else, sign out of your campus account (or close the browser), then <a href="/login">log in again</a>.</p>`;
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(plainPage('Sign-in failed', `<p>${escapeHtml(message)}</p>${next}`));
}

/**
 * A page of its own for a browser that lands on a sign-in route (no app around it): light or
 * dark as the person's system is, like the app, with links readable in both.
 */
export function plainPage(title: string, bodyHtml: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<meta name="color-scheme" content="light dark">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}` +
    `body{background:#fff;color:#1c2127}a{color:#1a5dd0}` +
    `@media (prefers-color-scheme:dark){body{background:#1c2127;color:#f6f7f9}a{color:#8ab4f8}}` +
    `</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`
  );
}

/** The asserted identity as its owner knows it: their e-mail, else their username. */
export function identityInWords(identity: LoginIdentity): string {
  return identity.email ?? identity.username ?? identity.subject ?? 'an account without a name';
}

/** Why an identity that the provider vouched for does not sign in, for the person it names. */
export function refusalOf(match: Exclude<LoginMatch, { kind: 'found' }>, who: string): string {
  switch (match.kind) {
    case 'none':
      return `You signed in as ${who}, but no active user of this application has that username or e-mail address. Ask an administrator of this application to add you.`;
    case 'ambiguous':
      return `You signed in as ${who}, but that matches more than one user of this application, so it cannot tell which one you are. Ask an administrator to give each user their own username and e-mail address.`;
    case 'inactive':
      return `You signed in as ${who}, but your account in this application is deactivated. Ask an administrator to reactivate it.`;
  }
}

export interface CompleteSignInOptions extends SignInFailureOptions {
  /** Set-Cookie headers to send with the answer, whatever it is. */
  extraCookies?: readonly string[];
  /** Create or update the user from the provider's answer (when the deployment allows it). */
  provision?: ProvisionedIdentity | null;
  /** Called with the signed-in user's session id, e.g. to remember it for single logout. */
  onSignedIn?: (session: { userId: string; sid: string; expiresAt: number }) => Promise<void>;
  /** Which provider answered, for the log. */
  provider: string;
}

/**
 * Ends a provider round trip: the identity must belong to exactly one active user; then the
 * login is recorded, the session cookie set and the browser sent to where it came from.
 */
export async function completeSignIn(
  deps: SignInDependencies,
  reply: FastifyReply,
  identity: LoginIdentity,
  origin: unknown,
  options: CompleteSignInOptions,
): Promise<FastifyReply> {
  const extraCookies = options.extraCookies ?? [];
  let match = await deps.users.findByLogin(identity);
  if (options.provision && deps.users.provision) {
    try {
      match = await deps.users.provision(options.provision, match);
    } catch (err) {
      // The person signs in (or is refused) as the directory stands; an administrator reads why.
      reply.log.warn(
        { err, provider: options.provider, identity },
        'The user could not be created or updated from the sign-in',
      );
    }
  }
  // Which identity arrived and what became of it: what an administrator needs to help.
  reply.log.info(
    {
      provider: options.provider,
      identity,
      outcome: match.kind,
      ...(match.kind === 'found' ? { userId: match.user.id } : {}),
    },
    `Sign-in through ${options.provider} as ${identityInWords(identity)}: ${match.kind}`,
  );
  if (match.kind !== 'found') {
    reply.header('set-cookie', [...extraCookies]);
    return sendSignInFailure(reply, 403, refusalOf(match, identityInWords(identity)), options);
  }
  const { user } = match;
  const now = Date.now();
  await deps.users.recordLogin(user.id, new Date(now));
  const cookie = deps.sessionCodec.encode({ userId: user.id, workingUserId: user.id }, now);
  const session = deps.sessionCodec.decode(cookie, now);
  if (session && options.onSignedIn) {
    await options.onSignedIn({ userId: user.id, sid: session.sid, expiresAt: session.expiresAt });
  }
  const expiresAt = session?.expiresAt ?? now;
  return reply
    .header('set-cookie', [
      ...extraCookies,
      sessionSetCookie(deps.mode, cookie, (expiresAt - now) / 1000),
    ])
    .header('cache-control', 'no-store')
    .redirect(safeOrigin(origin), 303);
}
