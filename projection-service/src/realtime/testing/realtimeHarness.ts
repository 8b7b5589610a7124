import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { SESSION_COOKIE_NAME, createSessionCodec, type SessionData } from '@allot/shared-events';
import {
  attachRealtime,
  REALTIME_PATH,
  type Realtime,
  type RealtimeOptions,
} from '../attachRealtime.js';

export const codec = createSessionCodec({
  secrets: ['realtime-test-secret-0123456789-abcdefghijklmnop'],
  ttlMs: 60_000,
});

export function sessionCookie(userId: string): string {
  return `${SESSION_COOKIE_NAME}=${codec.encode({ userId, workingUserId: userId })}`;
}

export interface Node {
  url: string;
  realtime: Realtime<SessionData>;
  stop(): Promise<void>;
}

/** An HTTP server on a free loopback port with realtime attached. */
export async function startNode(
  options: Partial<RealtimeOptions<SessionData>> = {},
): Promise<Node> {
  const http: HttpServer = createServer();
  const realtime = attachRealtime(http, { sessionCodec: codec, mode: 'test', ...options });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    realtime,
    async stop() {
      await realtime.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Connects like a browser would (cookie sent with the handshake); rejects with the refusal. */
export function connect(url: string, cookie?: string): Promise<Socket> {
  const socket = connectClient(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Everything a socket receives, by event name. */
export function inbox(socket: Socket): Array<{ event: string; message: unknown }> {
  const received: Array<{ event: string; message: unknown }> = [];
  socket.onAny((event: string, message: unknown) => received.push({ event, message }));
  return received;
}

export function nextEvent(socket: Socket, event: string, timeoutMs = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once(event, (message: unknown) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
}
