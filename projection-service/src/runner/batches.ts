import type { Knex } from 'knex';
import {
  START_POSITION,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@allot/shared-events';
import { advanceCheckpoint, type Checkpoint } from './checkpoints.js';
import { CheckpointMovedError } from './errors.js';
import type { Projection, ProjectionContext, RealtimeNotification } from './projection.js';

/** Test-only hook: runs inside the batch transaction after all writes, just before COMMIT. */
export type BeforeCommitHook = (info: {
  projection: string;
  events: readonly RecordedEvent[];
}) => Promise<void>;

/**
 * Reads the log in batches and, when a batch was full, already fetches the next one while the
 * caller applies this one (catch-up spends its time on both; overlapping them nearly halves it).
 */
export class BatchReader {
  private next: { from: Position; events: Promise<RecordedEvent[]> } | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly batchSize: number,
  ) {}

  async read(from: Position): Promise<RecordedEvent[]> {
    const prefetched = this.next;
    this.next = null;
    const events =
      prefetched && comparePositions(prefetched.from, from) === 0
        ? await prefetched.events
        : await this.fetch(from);
    const last = events[events.length - 1];
    if (last && events.length >= this.batchSize) {
      const promise = this.fetch(last.position);
      // Errors surface when the prefetched batch is used; unused ones are dropped quietly.
      promise.catch(() => undefined);
      this.next = { from: last.position, events: promise };
    }
    return events;
  }

  reset(): void {
    this.next = null;
  }

  private fetch(from: Position): Promise<RecordedEvent[]> {
    const fromPosition = comparePositions(from, START_POSITION) === 0 ? 'start' : from;
    return this.store.readAll({ fromPosition, maxCount: this.batchSize });
  }
}

export interface CommitBatchArgs {
  knex: Knex;
  schema: string;
  projection: Projection;
  ctx: ProjectionContext;
  /** The checkpoint this batch continues from; the commit fails if the stored one differs. */
  expected: Checkpoint;
  /** Every event read (the checkpoint moves past all of them); only handled types are applied. */
  events: readonly RecordedEvent[];
  handles: (event: RecordedEvent) => boolean;
  owner: string;
  beforeCommit?: BeforeCommitHook | undefined;
}

/**
 * One transaction: compare-and-set the checkpoint past the whole batch (its row locked until the
 * commit), apply the handled events. Returns the new checkpoint and the notifications to
 * emit once committed.
 */
export async function commitBatch(
  args: CommitBatchArgs,
): Promise<{ checkpoint: Checkpoint; notifications: RealtimeNotification[] }> {
  const last = args.events[args.events.length - 1];
  if (!last) return { checkpoint: args.expected, notifications: [] };
  const handled = args.events.filter(args.handles);
  const checkpoint: Checkpoint = {
    ...args.expected,
    position: last.position,
    owner: args.owner,
  };
  const notifications = await args.knex.transaction(async (trx) => {
    // Moved first, in the same statement that checks and locks it: one round trip, not two.
    if (!(await advanceCheckpoint(trx, args.schema, args.expected, checkpoint))) {
      throw new CheckpointMovedError(args.expected.subscriptionId);
    }
    const produced = handled.length > 0 ? await args.projection.apply(trx, handled, args.ctx) : [];
    if (args.beforeCommit)
      await args.beforeCommit({ projection: args.projection.name, events: args.events });
    return produced;
  });
  return { checkpoint, notifications };
}
