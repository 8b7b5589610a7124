import type { FastifyReply } from 'fastify';
import type { SessionCodec } from '@allot/shared-events';
import { sessionSetCookie } from './cookies.js';
import { safeOrigin } from './origin.js';
import type { LoginIdentity, UserDirectory } from './userDirectory.js';

export interface SignInDependencies {
  mode: string;
  sessionCodec: SessionCodec;
  users: UserDirectory;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A browser lands here mid-redirect, so it gets a page (not JSON) with a way back. */
export function sendSignInFailure(
  reply: FastifyReply,
  statusCode: number,
  message: string,
): FastifyReply {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>Sign-in failed</h1><p>${escapeHtml(message)}</p><p><a href="/login">Back to the login page</a></p>` +
        `</body></html>`,
    );
}

/**
 * Ends a provider round trip: the identity must belong to a known user; then the login is
 * recorded, the session cookie set and the browser sent to where it came from.
 */
export async function completeSignIn(
  deps: SignInDependencies,
  reply: FastifyReply,
  identity: LoginIdentity,
  origin: unknown,
  extraCookies: readonly string[] = [],
): Promise<FastifyReply> {
  const user = await deps.users.findByLogin(identity);
  if (!user) {
    reply.header('set-cookie', [...extraCookies]);
    return sendSignInFailure(
      reply,
      403,
      'Your sign-in worked, but no active user of this application matches it. Please contact support.',
    );
  }
  const now = Date.now();
  await deps.users.recordLogin(user.id, new Date(now));
  const cookie = deps.sessionCodec.encode({ userId: user.id, workingUserId: user.id }, now);
  const expiresAt = deps.sessionCodec.decode(cookie, now)?.expiresAt ?? now;
  return reply
    .header('set-cookie', [
      ...extraCookies,
      sessionSetCookie(deps.mode, cookie, (expiresAt - now) / 1000),
    ])
    .header('cache-control', 'no-store')
    .redirect(safeOrigin(origin), 303);
}
