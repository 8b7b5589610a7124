import type { FastifyReply, FastifyRequest } from 'fastify';

/** Marks a start already sent to the public address once, so a proxy rewriting Host cannot loop. */
const SENT_HERE = 'atPublicUrl';

/**
 * A sign-in started at another address than the public URL (`http://127.0.0.1:3000` when the
 * public URL is `http://localhost:3000`) would set its transaction cookie on that host, while the
 * provider returns the browser to the public URL, where the cookie is missing and the callback
 * fails. So the start first moves the browser to the same path on the public URL. Answers the
 * redirect, or null when the request is already there (or was sent there once).
 */
export function redirectToPublicUrl(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
): FastifyReply | null {
  const target = new URL(publicUrl);
  const forwarded = request.headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? request.headers.host;
  if (!host || sameHost(host, target)) return null;
  const here = new URL(request.url, target);
  if (here.searchParams.has(SENT_HERE)) return null;
  here.searchParams.set(SENT_HERE, '1');
  return reply.header('cache-control', 'no-store').redirect(here.toString(), 302);
}

/** `localhost:80` is `http://localhost`: an explicit default port is the same address. */
function sameHost(host: string, target: URL): boolean {
  try {
    return new URL(`${target.protocol}//${host}`).host === target.host;
  } catch {
    return false;
  }
}
