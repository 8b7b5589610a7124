import { positionToToken, type EventStore, type ReadAllOptions } from '@allot/shared-events';

/**
 * The projections of one runner read the same log: live, every append wakes all of them at once
 * at the same position. This store answers reads of the same stretch (same start, same size, no
 * filter) with one query while it is under way and for `keepMs` after. A shared answer can only be
 * shorter than a fresh one (the log's readers see finished transactions only, so nothing can
 * appear before what was read): a worker simply reads on from where it ends.
 * The events are shared, never to be changed by whoever reads them.
 */
export function withSharedReads(store: EventStore, keepMs = 25): EventStore {
  const reads = new Map<string, ReturnType<EventStore['readAll']>>();
  const readAll = (options?: ReadAllOptions): ReturnType<EventStore['readAll']> => {
    if (!options || options.filter) return store.readAll(options);
    const from = options.fromPosition;
    const start = from === undefined || from === 'start' ? 'start' : positionToToken(from);
    const key = `${start}:${String(options.maxCount ?? '')}`;
    const shared = reads.get(key);
    if (shared) return shared;
    const read = store.readAll(options);
    reads.set(key, read);
    const forget = () => setTimeout(() => reads.delete(key), keepMs).unref();
    read.then(forget, () => reads.delete(key));
    return read;
  };
  return {
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
    ...(store.appendToStreams
      ? { appendToStreams: (appends) => store.appendToStreams!(appends) }
      : {}),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll,
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    committedHeadPosition: () => store.committedHeadPosition(),
    close: () => store.close(),
  };
}
