import type { PGlite } from '@electric-sql/pglite';

/** Shape of pglite-socket's internal query queue that we replace the scheduling of. */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(err: unknown): void;
  onData(data: Uint8Array): void;
}
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

// Extended-protocol messages (Parse, Bind, Describe, Execute, Close, Flush) that leave a sequence
// open until the connection's Sync; a startup packet, a simple Query or Sync itself do not.
const CONTINUES_SEQUENCE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket queues every wire message on its own and only keeps a connection's messages
 * together inside a transaction. Outside one, another connection's Parse can land between this
 * connection's Parse and Bind and replace the unnamed statement ("unnamed prepared statement does
 * not exist", or worse, the wrong statement). This keeps a connection's messages together from
 * its first extended-protocol message to its Sync, as a real server's separate sessions would.
 */
export function keepProtocolSequencesTogether(queue: QueryQueue): void {
  let sticky: number | null = null;

  queue.processQueue = async function processQueue(this: QueryQueue): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = sticky ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = owner === null ? 0 : this.queue.findIndex((m) => m.handlerId === owner);
        if (index === -1) break; // the owner's next message has not arrived yet
        const [item] = this.queue.splice(index, 1);
        if (!item) break;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (err) {
          sticky = null;
          item.reject(err);
          continue;
        }
        sticky = isSequenceMessage(item.message) ? item.handlerId : null;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    if (sticky === handlerId) sticky = null;
    clear(handlerId);
    void queue.processQueue();
  };
}

function isSequenceMessage(message: Uint8Array): boolean {
  // A startup packet has no type byte: it begins with its length, whose first byte is 0.
  const type = message[0];
  return type !== undefined && CONTINUES_SEQUENCE.has(type);
}
