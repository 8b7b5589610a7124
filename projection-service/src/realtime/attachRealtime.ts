import type { Server as HttpServer } from 'node:http';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { RealtimeNotification } from '../runner/projection.js';
import { sessionFromCookieHeader, type SessionDecoder } from './handshakeSession.js';
import { redisStreamsAdapter, type RealtimeRedisOptions } from './redisStreamsAdapter.js';

export const REALTIME_PATH = '/api/socket.io';

/** What a connected socket needs from the session: whose rooms to join and until when. */
export interface RealtimeSession {
  workingUserId: string;
  /** Milliseconds since the epoch; the socket is disconnected then. */
  expiresAt?: number;
}

export interface RealtimeOptions<S extends RealtimeSession> {
  sessionCodec: SessionDecoder<S>;
  /** Set with REDIS_URL: the streams adapter lets several nodes fan out together. */
  redis?: RealtimeRedisOptions;
  /** Extra rooms for a session, e.g. `workgroup:<id>` for each of the user's workgroups. */
  roomsFor?: (session: S) => Promise<string[]> | string[];
  /** Outside production a refused handshake says why (no cookie, or an invalid one). */
  mode: string;
  cookieName?: string;
  /** Faults that are not the client's: a failing `roomsFor`, Redis errors. Default console.error. */
  onError?: (err: unknown) => void;
  /**
   * Origins a browser may connect from (`https://allot.example.edu`): the public URL's, and any
   * others configured. A request carrying another Origin is refused before the handshake, so a
   * page of another site cannot open a socket with the user's cookie. Absent: any origin.
   */
  allowedOrigins?: readonly string[];
}

/** The message a client receives for a notification. */
export interface RealtimeMessage {
  payload?: unknown;
  actorId: string | null;
}

interface SocketData<S> {
  session: S;
}

export interface Realtime<S extends RealtimeSession> {
  io: Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData<S>>;
  /** Sends each notification to its rooms (call it after the change has committed). */
  emit(notifications: readonly RealtimeNotification[]): void;
  /** Disconnects every socket and the adapter; the HTTP server stays up (its owner closes it). */
  close(): Promise<void>;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Browsers send Origin with every cross-site request and with websocket upgrades; a same-origin
 * polling GET may come without one, and a script outside a browser has none to forge for a user.
 */
function originCheck(allowed: readonly string[]) {
  const origins = new Set(allowed.map((o) => new URL(o).origin));
  return (
    request: { headers: Record<string, string | string[] | undefined> },
    callback: (err: string | null | undefined, success: boolean) => void,
  ) => {
    const origin = request.headers.origin;
    const value = Array.isArray(origin) ? origin[0] : origin;
    callback(
      value === undefined || origins.has(value) ? null : 'origin not allowed',
      value === undefined || origins.has(value),
    );
  };
}

export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** socket.io at /api/socket.io, authenticated by the session cookie, with rooms per user. */
export function attachRealtime<S extends RealtimeSession>(
  httpServer: HttpServer,
  options: RealtimeOptions<S>,
): Realtime<S> {
  const onError = options.onError ?? ((err: unknown) => console.error('realtime:', err));
  const redis = options.redis ? redisStreamsAdapter(options.redis, onError) : undefined;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData<S>>(
    httpServer,
    {
      path: REALTIME_PATH,
      serveClient: false,
      ...(redis ? { adapter: redis.adapter } : {}),
      ...(options.allowedOrigins ? { allowRequest: originCheck(options.allowedOrigins) } : {}),
    },
  );
  const explain = options.mode !== 'production';

  // Rooms are joined before the handshake completes, so a client that sees `connect` is in them.
  io.use((socket, next) => {
    const result = sessionFromCookieHeader(
      socket.request.headers.cookie,
      options.sessionCodec,
      options.cookieName,
    );
    if ('refused' in result) {
      next(new Error(explain ? `unauthorized: ${result.refused}` : 'unauthorized'));
      return;
    }
    const { session } = result;
    Promise.resolve(options.roomsFor ? options.roomsFor(session) : [])
      .then(async (extra) => {
        socket.data.session = session;
        await socket.join([userRoom(session.workingUserId), 'all', ...extra]);
        next();
      })
      .catch((err: unknown) => {
        onError(err);
        // The client learns only that it may retry; the cause stays in the server's log.
        next(new Error('realtime unavailable'));
      });
  });

  io.on('connection', (socket) => {
    const { expiresAt } = socket.data.session;
    if (expiresAt === undefined) return;
    // A socket must not outlive its session; the client reconnects with a fresh cookie or not at all.
    const timer = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS),
    );
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  });

  return {
    io,
    emit(notifications) {
      for (const n of notifications) {
        // An empty room list would broadcast to everyone; a notification without rooms goes nowhere.
        if (n.rooms.length === 0) continue;
        const message: RealtimeMessage = { payload: n.payload, actorId: n.actorId ?? null };
        io.to([...n.rooms]).emit(n.event, message);
      }
    },
    async close() {
      io.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      await redis?.close();
    },
  };
}
