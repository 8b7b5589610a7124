import { comparePositions, type EventStore, type Position } from '@allot/shared-events';
import type { ProjectionLogger } from './logger.js';

interface Waiter {
  after: Position | null;
  resolve: () => void;
}

/**
 * One poll of the store's head for all caught-up projections of a runner (instead of one
 * readAll per projection per interval). Waiters wake when the head passes their position, on
 * `wake()` (an in-process hint after an append), or after `maxIdleMs` as a safety net.
 */
export class HeadWatcher {
  private waiters: Waiter[] = [];
  private polling = false;
  private stopped = false;
  private failures = 0;
  head: Position | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly intervalMs: number,
    private readonly logger: ProjectionLogger,
    private readonly maxIdleMs = 5000,
  ) {}

  /** Resolves once the head is beyond `after` (null: any event), or on wake/stop/idle timeout. */
  waitBeyond(after: Position | null): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), this.maxIdleMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve();
      };
      const waiter: Waiter = { after, resolve: done };
      this.waiters.push(waiter);
      if (!this.polling) void this.poll();
    });
  }

  wake(): void {
    for (const w of [...this.waiters]) w.resolve();
  }

  stop(): void {
    this.stopped = true;
    this.wake();
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.length > 0 && !this.stopped) {
        try {
          this.head = await this.store.headPosition();
          this.failures = 0;
        } catch (err) {
          // Logged once per outage; the workers' own reads report and back off.
          if (this.failures++ === 0)
            this.logger.warn({ err }, 'Reading the event store head failed');
        }
        const head = this.head;
        if (head) {
          for (const w of [...this.waiters]) {
            if (!w.after || comparePositions(head, w.after) > 0) w.resolve();
          }
        }
        if (this.waiters.length > 0) await new Promise((r) => setTimeout(r, this.intervalMs));
      }
    } finally {
      this.polling = false;
    }
  }
}
