export * from './attachRealtime.js';
export * from './handshakeSession.js';
export type { RealtimeRedisOptions } from './redisStreamsAdapter.js';
