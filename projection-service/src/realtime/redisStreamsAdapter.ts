import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';

export interface RealtimeRedisOptions {
  url: string;
  /** Prefix of the stream, channels and session keys; nodes that fan out together share it. */
  keyPrefix?: string;
  /**
   * How long one XREAD blocks. A closed node's reader lingers up to this long before its
   * connection ends, so tests pass a short one.
   */
  blockTimeMs?: number;
}

export interface RealtimeRedisAdapter {
  adapter: ServerOptions['adapter'];
  close(): Promise<void>;
}

/** The Redis streams adapter with its own client, so several nodes fan out together. */
export function redisStreamsAdapter(
  options: RealtimeRedisOptions,
  onError: (err: unknown) => void,
): RealtimeRedisAdapter {
  const prefix = options.keyPrefix ?? 'allot:';
  const client = new Redis(options.url);
  // ioredis reconnects by itself; without a listener an outage would crash the process.
  client.on('error', onError);
  const adapter = createAdapter(client, {
    streamName: `${prefix}socket.io`,
    channelPrefix: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}socket.io:session:`,
    blockTimeInMs: options.blockTimeMs ?? 5000,
    onlyPlaintext: true,
  });
  return {
    adapter,
    async close(): Promise<void> {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
