import type { EventStore, ReadAllOptions, RecordedEvent } from '../eventStore/port.js';

/**
 * `readAll` once what a test wrote has come into view. The PostgreSQL store shows an event to
 * `readAll` only after every transaction older than it has ended — in the whole cluster, where the
 * suite's other files write at the same moment — so a read right after a write may miss it for a
 * while. Reads again until `visible` holds (the test's own event is there), then answers that read.
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
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
