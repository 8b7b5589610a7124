import type { EventStore, ReadStreamOptions, RecordedEvent } from '@allot/shared-events';

/**
 * The store as one step's checks read it: each whole stream read once, the checks that read the
 * same stream at the same moment sharing the answer. Everything else goes to the store itself.
 */
export function readingEachStreamOnce(store: EventStore): EventStore {
  const reads = new Map<string, Promise<RecordedEvent[]>>();
  return new Proxy(store, {
    get(target, property) {
      if (property === 'readStream') {
        return (streamId: string, options?: ReadStreamOptions) => {
          if (options) return target.readStream(streamId, options);
          let read = reads.get(streamId);
          if (!read) reads.set(streamId, (read = target.readStream(streamId)));
          return read;
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
