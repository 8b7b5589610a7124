import type { AllSubscription, Position, RecordedEvent } from '../port.js';

export interface SubscriptionLogger {
  warn(msg: string, err?: unknown): void;
  error(msg: string, err?: unknown): void;
}

export interface PollingSubscriptionOptions {
  /** Resolves the exclusive start position (may query, e.g. for 'end'). */
  start: () => Promise<Position>;
  /** Events strictly after `from`, in log order, at most `limit`. */
  readPage: (from: Position, limit: number) => Promise<RecordedEvent[]>;
  batchSize: number;
  pollIntervalMs: number;
  /** Registers a one-shot wake-up called after an append by this store; returns a canceller. */
  onAppend: (wake: () => void) => () => void;
  logger: SubscriptionLogger;
  onClose: () => void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * Catch-up then live over a polled log. Delivery resumes from the last delivered position after
 * any error, so an event is never skipped nor repeated.
 */
export class PollingSubscription implements AllSubscription {
  private stopped = false;
  private iterator: AsyncGenerator<RecordedEvent> | null = null;
  private stopSignal: () => void = () => undefined;
  private readonly stopPromise: Promise<void>;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PollingSubscriptionOptions) {
    this.stopPromise = new Promise<void>((resolve) => {
      this.stopSignal = resolve;
    });
  }

  async unsubscribe(): Promise<void> {
    this.markStopped();
    // A read may still be running on the pool; let it end before the caller closes the pool.
    await this.inFlight.catch(() => undefined);
  }

  /** Always the same iterator: a subscription is one sequence, however often it is iterated. */
  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    this.iterator ??= this.run();
    return this.iterator;
  }

  private async *run(): AsyncGenerator<RecordedEvent> {
    const { batchSize, pollIntervalMs, logger } = this.options;
    const minBackoff = this.options.minBackoffMs ?? 100;
    const maxBackoff = this.options.maxBackoffMs ?? 5000;
    let backoff = minBackoff;
    let last: Position | null = null;
    // Armed before each read so an append finishing during the read is not slept through.
    let woken = false;
    let cancelWake: () => void = () => undefined;
    const arm = () => {
      woken = false;
      cancelWake();
      cancelWake = this.options.onAppend(() => {
        woken = true;
      });
    };
    try {
      while (!this.stopped) {
        arm();
        let page: RecordedEvent[];
        try {
          const read: Promise<RecordedEvent[]> = (async () => {
            last ??= await this.options.start();
            return this.options.readPage(last, batchSize);
          })();
          this.inFlight = read;
          page = await read;
          backoff = minBackoff;
        } catch (err) {
          if (this.stopped) return;
          const message = `Event subscription read failed; retrying in ${String(backoff)} ms`;
          if (backoff >= maxBackoff) logger.error(message, err);
          else logger.warn(message, err);
          await this.sleep(backoff);
          backoff = Math.min(backoff * 2, maxBackoff);
          continue;
        }
        for (const event of page) {
          if (this.stopped) return;
          last = event.position;
          yield event;
        }
        if (page.length < batchSize && !woken) await this.waitForWake(pollIntervalMs, () => woken);
      }
    } finally {
      cancelWake();
      this.markStopped();
    }
  }

  private markStopped(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.stopSignal();
    this.options.onClose();
  }

  private async waitForWake(ms: number, alreadyWoken: () => boolean): Promise<void> {
    if (alreadyWoken()) return;
    let cancel: () => void = () => undefined;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.stopPromise,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
        cancel = this.options.onAppend(resolve);
      }),
    ]);
    clearTimeout(timer);
    cancel();
  }

  private async sleep(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.stopPromise, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }
}
