import type { Knex } from 'knex';
import type { EventStore, Position, RecordedEvent } from '@allot/shared-events';
import { replayProjection } from './replayProjection.js';
import { projectionLockKey, type AdvisoryLocks } from './advisoryLocks.js';
import { BatchReader, commitBatch, type BeforeCommitHook } from './batches.js';
import {
  compactTables,
  databaseVacuumsItself,
  TIDY_AFTER_EVENTS,
  tidyTables,
} from './compaction.js';
import { readCheckpoint, touchCheckpoint, type Checkpoint } from './checkpoints.js';
import { CheckpointMovedError, ProjectionVersionError, UnknownEventTypeError } from './errors.js';
import type { HeadWatcher } from './headWatcher.js';
import { initializeProjection } from './initialize.js';
import type { ProjectionLogger } from './logger.js';
import {
  handlerOf,
  type Projection,
  type ProjectionContext,
  type RealtimeNotification,
} from './projection.js';
import { projectionContext } from './tableNames.js';

export type ProjectionPhase =
  | 'waiting-for-lock'
  | 'starting'
  | 'replaying'
  | 'catching-up'
  | 'live'
  | 'retrying'
  | 'stopped'
  | 'failed';

export interface WorkerDeps {
  store: EventStore;
  knex: Knex;
  schema: string;
  projection: Projection;
  batchSize: number;
  isKnown: (type: string) => boolean;
  locks: AdvisoryLocks;
  headWatcher: HeadWatcher;
  owner: string;
  logger: ProjectionLogger;
  lockRetryMs: number;
  maxBackoffMs: number;
  onNotifications?: ((notifications: RealtimeNotification[]) => void) | undefined;
  /** Called after every commit with the projection's new position. */
  onCommitted: (projection: string, position: Position) => void;
  beforeCommit?: BeforeCommitHook | undefined;
  /** Handled events of one catch-up after which its tables are compacted at the head. */
  compactAfterEvents: number;
  /** Called when the read model changed (before `onCommitted`, so waiters see it changed). */
  onApplied?: ((projection: string) => void) | undefined;
}

/**
 * How long a worker may leave its stored checkpoint behind while it passes over events it does
 * not handle: a restart re-reads at most this much of the log, and skips it again.
 */
const SKIPPED_PERSIST_MS = 5000;
/** How long a tidy that found nothing due waits before asking the server's counts again. */
const TIDY_RECHECK_MS = 10_000;

/** Runs one projection: lock, initialise (or rebuild a new version), then catch up and follow. */
export class ProjectionWorker {
  phase: ProjectionPhase = 'waiting-for-lock';
  holdsLock = false;
  /**
   * How far this worker has read while it holds the lock (null when unknown). It runs ahead of
   * the stored checkpoint over events the projection does not handle: those are not written.
   */
  checkpoint: Checkpoint | null = null;
  /** The checkpoint as stored (what the next commit expects to find), and when it was written. */
  private persisted: Checkpoint | null = null;
  private persistedAt = 0;
  lastError: Error | null = null;
  behindSince: number | null = null;
  private stopping = false;
  private wakeSleep: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private ctx: ProjectionContext | null = null;
  private readonly reader: BatchReader;
  private readonly handles: (event: RecordedEvent) => boolean;
  /** Events handled since the worker was last at the head (one catch-up's worth). */
  private handledSinceHead = 0;
  /** Events handled since each of its tables was last vacuumed and analyzed (by this worker). */
  private readonly handledSinceTidy = new Map<string, number>();
  /** Whether the database vacuums by itself (asked once); else this worker does it. */
  private selfVacuuming: Promise<boolean> | null = null;
  /** After a tidy that found nothing due, when to ask the server's counts again. */
  private tidyQuietUntil = 0;

  constructor(private readonly deps: WorkerDeps) {
    this.reader = new BatchReader(deps.store, deps.batchSize);
    this.handles = handlerOf(deps.projection);
  }

  get name(): string {
    return this.deps.projection.name;
  }

  get failed(): boolean {
    return this.phase === 'failed';
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleep?.();
    await this.loop;
  }

  /** The lock connection was lost: every lock is gone; take it again before the next batch. */
  lockLost(): void {
    if (!this.holdsLock) return;
    this.holdsLock = false;
    this.checkpoint = null;
    this.persisted = null;
    this.deps.logger.warn({ projection: this.name }, 'Lost the projection lock; taking it again');
  }

  async heartbeat(): Promise<void> {
    if (this.holdsLock && this.checkpoint) {
      await touchCheckpoint(this.deps.knex, this.deps.schema, this.name, this.deps.owner);
    }
  }

  private async run(): Promise<void> {
    let backoffMs = 100;
    while (!this.stopping) {
      try {
        if (!this.holdsLock) {
          this.phase = 'waiting-for-lock';
          if (!(await this.deps.locks.tryLock(projectionLockKey(this.name)))) {
            await this.sleep(this.deps.lockRetryMs);
            continue;
          }
          this.holdsLock = true;
        }
        if (!this.checkpoint) await this.prepare();
        await this.step();
        backoffMs = 100;
        this.lastError = null;
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        this.checkpoint = null;
        this.reader.reset();
        if (error instanceof UnknownEventTypeError || error instanceof ProjectionVersionError) {
          this.phase = 'failed';
          this.lastError = error;
          this.deps.logger.error({ projection: this.name, err: error }, error.message);
          break;
        }
        if (error instanceof CheckpointMovedError) {
          this.deps.logger.info({ projection: this.name }, error.message);
          continue;
        }
        this.phase = 'retrying';
        this.lastError = error;
        this.deps.logger.error(
          { projection: this.name, err: error, retryInMs: backoffMs },
          `Projection ${this.name} failed a batch; retrying from its committed checkpoint`,
        );
        await this.sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, this.deps.maxBackoffMs);
      }
    }
    if (!this.failed) this.phase = 'stopped';
    if (this.holdsLock) {
      // A failed projection lets go, so an instance running newer code can take over.
      this.holdsLock = false;
      await this.deps.locks.unlock(projectionLockKey(this.name)).catch(() => undefined);
    }
  }

  /** Loads the checkpoint; creates the tables on first start; rebuilds when the version changed. */
  private async prepare(): Promise<void> {
    const { knex, schema, projection, owner } = this.deps;
    this.phase = 'starting';
    let active = await initializeProjection(knex, schema, projection, owner);
    if (active.version < projection.version) {
      this.phase = 'replaying';
      this.deps.logger.info(
        { projection: this.name, from: active.version, to: projection.version },
        `Projection ${this.name} changed version: rebuilding it while reads use the old tables`,
      );
      const result = await replayProjection({
        store: this.deps.store,
        knex,
        projection,
        schema,
        batchSize: this.deps.batchSize,
        knownEventTypes: this.deps.isKnown,
        logger: this.deps.logger,
        owner,
        locks: this.deps.locks,
        compactAfterEvents: this.deps.compactAfterEvents,
      });
      active = result.to;
      result.oldTablesDropped.catch(() => undefined);
      this.deps.onApplied?.(this.name);
    }
    if (active.version > projection.version) {
      throw new ProjectionVersionError(
        `Projection ${this.name}: the read model is at version ${String(active.version)}, ` +
          `newer than this code's ${String(projection.version)}; stopping it here`,
      );
    }
    const checkpoint = await readCheckpoint(knex, schema, this.name);
    if (!checkpoint) throw new Error(`Projection ${this.name} has active tables but no checkpoint`);
    const ctx = projectionContext(schema, checkpoint.generation);
    // Idempotent: lets a projection add what its tables lack (an index) without a rebuild.
    await knex.transaction((trx) => projection.migrate(trx, ctx));
    this.ctx = ctx;
    this.checkpoint = checkpoint;
    this.persisted = checkpoint;
    this.persistedAt = Date.now();
    this.deps.onCommitted(this.name, checkpoint.position);
  }

  private async step(): Promise<void> {
    const checkpoint = this.checkpoint;
    const ctx = this.ctx;
    if (!checkpoint || !ctx) return;
    const events = await this.reader.read(checkpoint.position);
    if (events.length === 0) {
      if (this.handledSinceHead >= this.deps.compactAfterEvents) {
        await this.compact(ctx);
        this.handledSinceTidy.clear();
      } else {
        await this.tidy(ctx);
      }
      this.handledSinceHead = 0;
      this.phase = 'live';
      this.behindSince = null;
      await this.deps.headWatcher.waitBeyond(checkpoint.position);
      return;
    }
    this.behindSince ??= Date.now();
    this.phase = events.length >= this.deps.batchSize ? 'catching-up' : 'live';
    const unknownAt = events.findIndex((e) => !this.deps.isKnown(e.type));
    const known = unknownAt === -1 ? events : events.slice(0, unknownAt);
    // Commit what precedes an unknown event, so the checkpoint rests just before it.
    const last = known[known.length - 1];
    if (last && this.mayPassOver(known)) {
      // Nothing here for this projection: no transaction, only the position moves on (stored with
      // the next batch it handles, or within SKIPPED_PERSIST_MS). Live, each of ~30 projections
      // otherwise wrote a checkpoint per command.
      this.checkpoint = { ...checkpoint, position: last.position };
      this.deps.onCommitted(this.name, last.position);
    } else if (known.length > 0) {
      await this.commit(this.persisted ?? checkpoint, ctx, known);
    }
    const unknown = unknownAt === -1 ? undefined : events[unknownAt];
    if (unknown) throw new UnknownEventTypeError(this.name, unknown);
  }

  /** True when no event of the batch is one this projection handles, and the store can wait. */
  private mayPassOver(events: readonly RecordedEvent[]): boolean {
    return (
      this.persisted !== null &&
      Date.now() - this.persistedAt < SKIPPED_PERSIST_MS &&
      !events.some(this.handles)
    );
  }

  private async commit(
    expected: Checkpoint,
    ctx: ProjectionContext,
    events: readonly RecordedEvent[],
  ): Promise<void> {
    const { checkpoint, notifications } = await commitBatch({
      knex: this.deps.knex,
      schema: this.deps.schema,
      projection: this.deps.projection,
      ctx,
      expected,
      events,
      handles: this.handles,
      owner: this.deps.owner,
      beforeCommit: this.deps.beforeCommit,
    });
    this.checkpoint = checkpoint;
    this.persisted = checkpoint;
    this.persistedAt = Date.now();
    const handled = events.filter(this.handles).length;
    this.handledSinceHead += handled;
    if (handled > 0) {
      for (const table of this.deps.projection.tables) {
        this.handledSinceTidy.set(table, (this.handledSinceTidy.get(table) ?? 0) + handled);
      }
    }
    if (handled > 0) this.deps.onApplied?.(this.name);
    this.deps.onCommitted(this.name, checkpoint.position);
    if (notifications.length > 0 && this.deps.onNotifications) {
      try {
        this.deps.onNotifications(notifications);
      } catch (err) {
        this.deps.logger.warn({ projection: this.name, err }, 'A notification handler threw');
      }
    }
  }

  /** A long catch-up leaves its tables full of dead row versions: rewrite them once. */
  private async compact(ctx: ProjectionContext): Promise<void> {
    const { knex, schema, projection, logger } = this.deps;
    const tables = projection.tables.map((t) => ctx.physicalName(t));
    await compactTables(knex, schema, tables, logger, this.name);
  }

  /**
   * Where the database does not vacuum by itself (embedded PGlite, a server with autovacuum
   * off), what autovacuum would: the tables' statistics and visibility kept current, at the head.
   */
  private async tidy(ctx: ProjectionContext): Promise<void> {
    const { knex, schema, projection, logger } = this.deps;
    const tables = projection.tables.map((table) => ({
      table,
      name: ctx.physicalName(table),
      handled: this.handledSinceTidy.get(table) ?? 0,
    }));
    if (!tables.some((t) => t.handled >= TIDY_AFTER_EVENTS)) return;
    if (Date.now() < this.tidyQuietUntil) return;
    this.selfVacuuming ??= databaseVacuumsItself(knex).catch(() => true);
    if (await this.selfVacuuming) return;
    const tidied = new Set(await tidyTables(knex, schema, tables, logger, this.name));
    for (const t of tables) if (tidied.has(t.name)) this.handledSinceTidy.delete(t.table);
    // The server's counts reach a writer's rows up to 10 s late: what is not due now may be
    // after that, so it is asked again then, not after every batch.
    const waiting = tables.some((t) => !tidied.has(t.name) && t.handled >= TIDY_AFTER_EVENTS);
    this.tidyQuietUntil = waiting ? Date.now() + TIDY_RECHECK_MS : 0;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleep = done;
    });
  }
}
