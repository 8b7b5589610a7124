import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '../constants.js';
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
