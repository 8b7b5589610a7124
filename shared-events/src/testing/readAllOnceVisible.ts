import { randomUUID } from 'node:crypto';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../eventStore/port.js';

/*
 * The PostgreSQL store shows an event to `readAll` only once every transaction older than it has
 * ended — in the whole cluster, where the suite's other files write at the same moment — so a read
 * of the whole log right after a write may miss it for a while. These helpers wait until what the
 * test wrote is in view.
 */

const POLL_MS = 50;
const MARKER_PREFIX = 'testLogMarker-';

/**
 * `readAll` once what a test wrote has come into view: reads again until `visible` holds (the
 * test's own event is there), then answers that read.
 */
export async function readAllOnceVisible(
  store: EventStore,
  options: ReadAllOptions,
  visible: (events: readonly RecordedEvent[]) => boolean,
  timeoutMs = 15_000,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await store.readAll(options);
    if (visible(events) || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * `readAll` seeing every event committed before the call: a marker is appended and waited for (an
 * event in view means every older transaction has ended), and markers are left out of the answer.
 * For "nothing was written" counts and "exactly one was created" reads on a shared server.
 */
export async function readAllSettled(
  store: EventStore,
  options: ReadAllOptions = {},
  timeoutMs = 15_000,
): Promise<RecordedEvent[]> {
  const marker = `${MARKER_PREFIX}${randomUUID()}`;
  await store.appendToStream(marker, { type: 'TestLogMarker', data: {} });
  await readAllOnceVisible(
    store,
    { filter: { streamPrefixes: [MARKER_PREFIX] } },
    (events) => events.some((e) => e.streamId === marker),
    timeoutMs,
  );
  const events = await store.readAll(options);
  return events.filter((e) => !e.streamId.startsWith(MARKER_PREFIX));
}

/** The log's head once every event committed before the call is in view (a start to read from). */
export async function settledHeadPosition(store: EventStore, timeoutMs = 15_000) {
  await readAllSettled(store, { maxCount: 0 }, timeoutMs);
  return store.headPosition();
}
