import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '../../lib/constants.js';
import { handleRealtimeEvent, REALTIME_HANDLERS, type RealtimeTarget } from './realtimeEvents.js';

export const REALTIME_PATH = '/api/socket.io';

/** Spec §4, §7, §9: the socket's options. */
export const REALTIME_OPTIONS = {
  path: REALTIME_PATH,
  reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
  randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
  timeout: SOCKET_TIMEOUT_MS,
  withCredentials: true,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

export interface ConnectOptions {
  /** The server; the page's own origin when absent (as in the browser). */
  url?: string;
  /** Only where no browser sends the cookie (tests). */
  extraHeaders?: Record<string, string>;
}

/**
 * Connects to the realtime server (the session cookie picks the rooms) and handles every spec §4
 * event. The caller disconnects the socket when the session ends.
 */
export function connectRealtime(target: RealtimeTarget, options: ConnectOptions = {}): Socket {
  const socketOptions: Partial<ManagerOptions & SocketOptions> = {
    ...REALTIME_OPTIONS,
    ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
  };
  const socket = options.url ? io(options.url, socketOptions) : io(socketOptions);
  // Spec §4: on reconnect the transports become polling, then websocket (polling gets through
  // proxies that drop the websocket upgrade; the upgrade follows when it can).
  socket.io.on('reconnect_attempt', () => {
    socket.io.opts.transports = ['polling', 'websocket'];
  });
  for (const event of Object.keys(REALTIME_HANDLERS)) {
    socket.on(event, (message: unknown) => handleRealtimeEvent(event, message, target));
  }
  return socket;
}

/** Shorter losses (a deploy's restart, a network blip) pass unannounced. */
export const CONNECTION_LOST_GRACE_MS = 2000;

/**
 * Follows a socket's connection for the page: `onLost` once it has been away for the grace
 * period (the socket keeps trying on its own), `onBack` whenever it is connected again, so the
 * page reads again what it may have missed meanwhile. Answers a function that stops following.
 */
export function watchConnection(
  socket: Socket,
  handlers: { onLost(): void; onBack(): void },
  graceMs = CONNECTION_LOST_GRACE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let everConnected = socket.connected;
  const disconnected = (reason: string) => {
    // The page closed it (sign-out, another working user): nothing was lost.
    if (reason === 'io client disconnect') return;
    // The server ended it on purpose: socket.io does not try again by itself.
    if (reason === 'io server disconnect') socket.connect();
    timer ??= setTimeout(() => {
      timer = null;
      handlers.onLost();
    }, graceMs);
  };
  const connected = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (everConnected) handlers.onBack();
    everConnected = true;
  };
  socket.on('disconnect', disconnected);
  socket.on('connect', connected);
  return () => {
    if (timer) clearTimeout(timer);
    socket.off('disconnect', disconnected);
    socket.off('connect', connected);
  };
}
