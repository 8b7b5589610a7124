import { SESSION_COOKIE_NAME, parseCookieHeader } from '@allot/shared-events';

/** The part of a session codec realtime needs; `decode` answers null for anything not ours. */
export interface SessionDecoder<S> {
  decode(cookieValue: string): S | null;
}

export type HandshakeResult<S> =
  { session: S } | { refused: 'no session cookie' | 'invalid or expired session' };

/** Reads the signed session cookie of a socket.io handshake, exactly as HTTP requests do. */
export function sessionFromCookieHeader<S>(
  cookieHeader: string | undefined,
  codec: SessionDecoder<S>,
  cookieName = SESSION_COOKIE_NAME,
): HandshakeResult<S> {
  const value = parseCookieHeader(cookieHeader)[cookieName];
  if (!value) return { refused: 'no session cookie' };
  const session = codec.decode(value);
  return session ? { session } : { refused: 'invalid or expired session' };
}
