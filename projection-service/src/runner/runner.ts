import type { Knex } from 'knex';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  comparePositions,
  positionToToken,
  type EventStore,
  type Position,
} from '@allot/shared-events';
import { openAdvisoryLocks } from './advisoryLocks.js';
import type { BeforeCommitHook } from './batches.js';
import { COMPACT_AFTER_EVENTS } from './compaction.js';
import { ensureProjectionTables, readCheckpointPositions } from './checkpoints.js';
import { HeadWatcher } from './headWatcher.js';
import { knownTypePredicate, type KnownEventTypes } from './knownEventTypes.js';
import { consoleProjectionLogger, type ProjectionLogger } from './logger.js';
import type { Projection, RealtimeNotification } from './projection.js';
import { withSharedReads } from './sharedReads.js';
import { ProjectionWorker, type ProjectionPhase } from './projectionWorker.js';
import { assertIdentifier } from './sql.js';

export interface ProjectionRunnerOptions {
  store: EventStore;
  knex: Knex;
  projections: readonly Projection[];
  /** Event types this code knows; any other type in the log stops the projection reading it. */
  knownEventTypes: KnownEventTypes;
  /** Read-model schema (checkpoints, versions and the projections' tables). */
  schema?: string;
  /** Events per read and per transaction. */
  batchSize?: number;
  /** Called after each COMMIT with what the batch's projection produced. */
  onNotifications?: (notifications: RealtimeNotification[]) => void;
  logger?: ProjectionLogger;
  /** Written to `es_checkpoints.owner`; host, pid and a random suffix by default. */
  owner?: string;
  /** How often caught-up projections look at the store's head. */
  pollIntervalMs?: number;
  /** How often a projection held by another instance tries to take it over. */
  lockRetryMs?: number;
  /** Lock-connection check and checkpoint heartbeat interval. */
  heartbeatMs?: number;
  maxBackoffMs?: number;
  /** Test hook: runs inside each batch transaction after all writes, before COMMIT. */
  beforeCommit?: BeforeCommitHook;
  /**
   * Handled events of one catch-up (or rebuild) after which the projection's tables are
   * compacted when it reaches the head; `COMPACT_AFTER_EVENTS` by default.
   */
  compactAfterEvents?: number;
  /**
   * Called when a projection's read model changed here (a batch of events it handles committed,
   * or a rebuild switched its tables), before anyone waiting for that position is answered.
   */
  onApplied?: (projection: string) => void;
}

export interface ProjectionStatus {
  name: string;
  state: 'running' | 'stopped' | 'failed';
  phase: ProjectionPhase;
  /** Whether this instance runs it (holds its advisory lock). */
  holdsLock: boolean;
  /** Committed position (token), when this instance runs it. */
  position: string | null;
  /** How long it has been behind the head (0 when caught up or not run here). */
  lagMs: number;
  error: string | null;
}

/** Anything that can wait for read models to pass a position (a runner, a checkpoint poller). */
export interface PositionWaiter {
  /** True once every named projection (all when omitted) has passed `position`; false on timeout. */
  waitFor(
    position: Position,
    projectionNames?: readonly string[],
    timeoutMs?: number,
  ): Promise<boolean>;
}

export interface ProjectionRunner extends PositionWaiter {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): ProjectionStatus[];
  /** In-process hint that events were appended: caught-up projections read at once. */
  wake(): void;
  readonly schema: string;
  readonly projectionNames: readonly string[];
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const schema = assertIdentifier(options.schema ?? 'public', 'Schema');
  const logger = options.logger ?? consoleProjectionLogger;
  const owner =
    options.owner ?? `${hostname()}:${String(process.pid)}:${randomBytes(3).toString('hex')}`;
  const batchSize = options.batchSize ?? 2000;
  const compactAfterEvents = options.compactAfterEvents ?? COMPACT_AFTER_EVENTS;
  const names = options.projections.map((p) => p.name);
  if (new Set(names).size !== names.length)
    throw new Error(`Duplicate projection names: ${names.join(', ')}`);
  for (const p of options.projections) {
    assertIdentifier(p.name, 'Projection name');
    for (const t of p.tables) assertIdentifier(t, `Table of ${p.name}`);
  }
  const isKnown = knownTypePredicate(options.knownEventTypes);
  const headWatcher = new HeadWatcher(options.store, options.pollIntervalMs ?? 50, logger);
  const locks = openAdvisoryLocks(options.knex);
  const positions = new Map<string, Position>();
  let progressed: { promise: Promise<void>; resolve: () => void } = deferred();
  let heartbeat: NodeJS.Timeout | null = null;
  let started = false;

  // Live, every append wakes each projection at the same position: one query serves them all.
  const sharedStore = withSharedReads(options.store);
  const workers = new Map(
    options.projections.map((projection) => [
      projection.name,
      new ProjectionWorker({
        store: sharedStore,
        knex: options.knex,
        schema,
        projection,
        batchSize,
        isKnown,
        locks,
        headWatcher,
        owner,
        logger,
        lockRetryMs: options.lockRetryMs ?? 2000,
        maxBackoffMs: options.maxBackoffMs ?? 5000,
        onNotifications: options.onNotifications,
        beforeCommit: options.beforeCommit,
        compactAfterEvents,
        onApplied: options.onApplied,
        onCommitted(name, position) {
          positions.set(name, position);
          const current = progressed;
          progressed = deferred();
          current.resolve();
        },
      }),
    ]),
  );

  async function beat(): Promise<void> {
    if (!(await locks.check())) for (const w of workers.values()) w.lockLost();
    for (const w of workers.values()) {
      await w
        .heartbeat()
        .catch((err: unknown) => logger.warn({ err, projection: w.name }, 'Heartbeat failed'));
    }
  }

  /** Whether `name` has passed `position`, using this process's state when it runs it. */
  function passedLocally(name: string, position: Position): boolean | null {
    const worker = workers.get(name);
    if (!worker?.holdsLock || !worker.checkpoint) return null;
    const committed = positions.get(name);
    return committed ? comparePositions(committed, position) >= 0 : false;
  }

  return {
    schema,
    projectionNames: names,
    async start() {
      if (started) return;
      started = true;
      await ensureProjectionTables(options.knex, schema);
      for (const w of workers.values()) w.start();
      heartbeat = setInterval(() => void beat(), options.heartbeatMs ?? 10_000);
      heartbeat.unref();
    },
    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      headWatcher.stop();
      await Promise.all([...workers.values()].map((w) => w.stop()));
      await locks.close();
      progressed.resolve();
    },
    wake() {
      headWatcher.wake();
    },
    status() {
      return [...workers.values()].map((w): ProjectionStatus => {
        const position = w.holdsLock ? positions.get(w.name) : undefined;
        return {
          name: w.name,
          state: w.phase === 'failed' ? 'failed' : w.phase === 'stopped' ? 'stopped' : 'running',
          phase: w.phase,
          holdsLock: w.holdsLock,
          position: position ? positionToToken(position) : null,
          lagMs: w.behindSince === null ? 0 : Date.now() - w.behindSince,
          error: w.lastError?.message ?? null,
        };
      });
    },
    async waitFor(position, projectionNames = names, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const remote: string[] = [];
        let passed = true;
        for (const name of projectionNames) {
          const local = passedLocally(name, position);
          if (local === null) remote.push(name);
          else if (!local) passed = false;
        }
        if (passed && remote.length > 0) {
          // Run by another instance (or not yet locked here): its committed checkpoint decides.
          // A read that fails (a connection the database just ended) is asked again until the
          // deadline: waiting answers yes or no, never a fault.
          const stored = await readCheckpointPositions(options.knex, schema, remote).catch(
            () => null,
          );
          passed =
            stored !== null &&
            remote.every((n) => {
              const p = stored.get(n);
              return p !== undefined && comparePositions(p, position) >= 0;
            });
        }
        if (passed) return true;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await raceTimeout(
          progressed.promise,
          remote.length > 0 ? Math.min(remaining, 25) : remaining,
        );
      }
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Waits for `promise` or `ms`, whichever comes first, leaving no timer behind. */
async function raceTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
