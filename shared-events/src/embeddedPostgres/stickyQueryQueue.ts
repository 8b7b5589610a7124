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
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

/** A Sync message: ends an extended-protocol sequence (and with it an implicit transaction). */
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);

/** A simple Query message for `sql`. */
function simpleQuery(sql: string): Uint8Array {
  const text = new TextEncoder().encode(`${sql}\0`);
  const message = new Uint8Array(5 + text.length);
  message[0] = 0x51;
  new DataView(message.buffer).setInt32(1, 4 + text.length);
  message.set(text, 5);
  return message;
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

  // pglite-socket ends a departed connection's transaction with `db.exec('ROLLBACK')` beside the
  // queue: it can land while that connection's COMMIT waits for its Sync (PostgreSQL's state
  // END), which PGlite answers with a FATAL "UserAbortTransactionBlock: unexpected state END" and
  // the whole process dies. Under load a client may well go between its Execute and its Sync.
  // Here the clean-up is the connection's own last messages, in the queue's order: a Sync that
  // finishes whatever sequence it left open, then ROLLBACK if a transaction of its is still open.
  queue.clearTransactionIfNeeded = function clearTransactionIfNeeded(
    this: QueryQueue,
    handlerId: number,
  ): Promise<void> {
    if (this.lastHandlerId !== handlerId || !this.db.isInTransaction()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const message = (bytes: Uint8Array, last: boolean): QueuedMessage => ({
        handlerId,
        message: bytes,
        resolve: () => (last ? resolve() : undefined),
        reject: () => (last ? resolve() : undefined),
        onData: () => undefined,
      });
      const rollback = message(simpleQuery('ROLLBACK'), true);
      const finish: QueuedMessage = {
        ...message(SYNC, false),
        reject: () => resolve(),
        // Once the sequence is over, roll back only what is still open.
        resolve: () => {
          if (this.db.isInTransaction() && this.lastHandlerId === handlerId) {
            this.queue.unshift(rollback);
          } else {
            resolve();
          }
        },
      };
      this.queue.unshift(finish);
      void this.processQueue();
    });
  };
}

function isSequenceMessage(message: Uint8Array): boolean {
  // A startup packet has no type byte: it begins with its length, whose first byte is 0.
  const type = message[0];
  return type !== undefined && CONTINUES_SEQUENCE.has(type);
}
