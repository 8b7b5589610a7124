import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  START_POSITION,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { openAdvisoryLocks, replayLockKey, type AdvisoryLocks } from './advisoryLocks.js';
import { BatchReader, commitBatch } from './batches.js';
import {
  deleteCheckpoint,
  ensureProjectionTables,
  readCheckpoint,
  sameCheckpoint,
  writeCheckpoint,
  type Checkpoint,
} from './checkpoints.js';
import { CheckpointMovedError, ProjectionVersionError, UnknownEventTypeError } from './errors.js';
import { COMPACT_AFTER_EVENTS, compactTables } from './compaction.js';
import { initializeProjection } from './initialize.js';
import { consoleProjectionLogger, type ProjectionLogger } from './logger.js';
import { handlerOf, type Projection } from './projection.js';
import { qualified } from './sql.js';
import {
  activeGeneration,
  physicalTableName,
  projectionContext,
  type TableGeneration,
} from './tableNames.js';
import { knownTypePredicate, type KnownEventTypes } from './knownEventTypes.js';

export interface ReplayProgress {
  projection: string;
  phase: 'building' | 'switched';
  /** Events read (handled or not) since the replay started. */
  done: number;
  /** Events in the log when the replay started (an estimate unless `countEvents` was given). */
  total: number;
  eventsPerSecond: number;
  generation: TableGeneration;
}

export interface ReplayOptions {
  store: EventStore;
  knex: Knex;
  projection: Projection;
  knownEventTypes: KnownEventTypes;
  schema?: string;
  batchSize?: number;
  /** Awaited: a slow callback slows the replay. */
  onProgress?: (progress: ReplayProgress) => void | Promise<void>;
  /** Least time between two progress calls while building (the last one always comes). */
  progressIntervalMs?: number;
  /** Exact number of events in the log; without it the head's global position estimates it. */
  countEvents?: () => Promise<number>;
  /** Time reads that resolved the old tables get to finish before they are dropped. */
  dropDelayMs?: number;
  logger?: ProjectionLogger;
  owner?: string;
  /** A runner passes its lock connection; otherwise the replay opens its own. */
  locks?: AdvisoryLocks;
  /**
   * Handled events after which the new tables are compacted before reads switch to them
   * (`COMPACT_AFTER_EVENTS` by default).
   */
  compactAfterEvents?: number;
}

export interface ReplayResult {
  projection: string;
  from: TableGeneration;
  to: TableGeneration;
  events: number;
  durationMs: number;
  eventsPerSecond: number;
  /** Settles once the old tables are dropped (after `dropDelayMs`); never rejects. */
  oldTablesDropped: Promise<void>;
}

const MAX_CONSECUTIVE_FAILURES = 10;

/** Database faults are retried from the committed build checkpoint; logic errors are not. */
function retryable(err: unknown): boolean {
  return !(
    err instanceof UnknownEventTypeError ||
    err instanceof ProjectionVersionError ||
    err instanceof CheckpointMovedError
  );
}

/** Replays running in this process (advisory locks are re-entrant under PGlite). */
const replaysHere = new Set<string>();

export function replaySubscriptionId(projectionName: string): string {
  return `replay:${projectionName}`;
}

/** The generation a replay writes: a new version's first build, or the next build of this one. */
export function nextGeneration(active: TableGeneration, codeVersion: number): TableGeneration {
  if (codeVersion > active.version) return { version: codeVersion, build: 0 };
  if (codeVersion === active.version) return { version: active.version, build: active.build + 1 };
  throw new ProjectionVersionError(
    `The read model is at version ${String(active.version)}, newer than this code's ` +
      `${String(codeVersion)}: run the newer code`,
  );
}

/**
 * Rebuilds a projection into a new table generation while reads (and a running runner) keep
 * using the active one: catch up in batches, then, in one transaction holding the projection's
 * checkpoint, apply the last events, point `projection_versions` and the checkpoint at the new
 * tables, and finally drop the old tables after a grace delay.
 */
export async function replayProjection(options: ReplayOptions): Promise<ReplayResult> {
  const { store, knex, projection } = options;
  const schema = options.schema ?? 'public';
  const batchSize = options.batchSize ?? 2000;
  const logger = options.logger ?? consoleProjectionLogger;
  const owner = options.owner ?? `replay:${randomUUID()}`;
  const isKnown = knownTypePredicate(options.knownEventTypes);
  const guardKey = `${schema}.${projection.name}`;
  if (replaysHere.has(guardKey))
    throw new Error(`A replay of ${projection.name} is already running`);
  await ensureProjectionTables(knex, schema);
  const locks = options.locks ?? openAdvisoryLocks(knex);
  replaysHere.add(guardKey);
  let locked = false;
  let target: TableGeneration | null = null;
  let switched = false;
  try {
    locked = await locks.tryLock(replayLockKey(projection.name));
    if (!locked) throw new Error(`A replay of ${projection.name} is already running elsewhere`);
    const active = await initializeProjection(knex, schema, projection, owner);
    target = nextGeneration(active, projection.version);
    const generation = target;
    const ctx = projectionContext(schema, generation);
    const tables = projection.tables.map((t) => physicalTableName(t, generation));
    let checkpoint: Checkpoint = {
      subscriptionId: replaySubscriptionId(projection.name),
      generation,
      position: START_POSITION,
      owner,
    };
    await knex.transaction(async (trx) => {
      // Leftovers of an interrupted replay of the same generation; never the active tables.
      for (const table of tables)
        await trx.raw('DROP TABLE IF EXISTS ??', [qualified(schema, table)]);
      await projection.migrate(trx, ctx);
      await writeCheckpoint(trx, schema, checkpoint);
    });

    const started = Date.now();
    const head = await store.headPosition();
    let total = options.countEvents ? await options.countEvents() : Number(head?.prepare ?? 0n);
    let done = 0;
    let lastProgress = 0;
    const progress = async (phase: ReplayProgress['phase'], force: boolean): Promise<void> => {
      if (!options.onProgress) return;
      const now = Date.now();
      if (!force && now - lastProgress < (options.progressIntervalMs ?? 1000)) return;
      lastProgress = now;
      total = Math.max(total, done);
      const seconds = Math.max((now - started) / 1000, 0.001);
      await options.onProgress({
        projection: projection.name,
        phase,
        done,
        total,
        eventsPerSecond: Math.round(done / seconds),
        generation,
      });
    };
    const checkKnown = (events: readonly RecordedEvent[]): void => {
      const unknown = events.find((e) => !isKnown(e.type));
      if (unknown) throw new UnknownEventTypeError(projection.name, unknown);
    };
    const handles = handlerOf(projection);
    await progress('building', true);

    let oldTables: string[] = [];
    const reader = new BatchReader(store, batchSize);
    let failures = 0;
    let handled = 0;
    let compacted = false;
    for (;;) {
      try {
        const events = await reader.read(checkpoint.position);
        checkKnown(events);
        if (events.length > 0) {
          ({ checkpoint } = await commitBatch({
            knex,
            schema,
            projection,
            ctx,
            expected: checkpoint,
            events,
            handles,
            owner,
          }));
          done += events.length;
          handled += events.filter(handles).length;
          await progress('building', false);
        }
        if (events.length < batchSize && !compacted) {
          // Nobody reads the new tables yet, so rewriting them blocks no request.
          compacted = true;
          if (handled >= (options.compactAfterEvents ?? COMPACT_AFTER_EVENTS)) {
            await compactTables(knex, schema, tables, logger, projection.name);
          }
        }
        if (events.length < batchSize && (await trySwitch())) break;
        failures = 0;
      } catch (err) {
        if (!retryable(err) || ++failures > MAX_CONSECUTIVE_FAILURES) throw err;
        const delayMs = Math.min(100 * 2 ** (failures - 1), 5000);
        logger.warn(
          { err, projection: projection.name, retryInMs: delayMs },
          'Replay batch failed; retrying',
        );
        await new Promise((r) => setTimeout(r, delayMs));
        reader.reset();
        // Resume from what is committed (the failed transaction may or may not have).
        const stored = await readCheckpoint(knex, schema, checkpoint.subscriptionId);
        if (!stored) throw err;
        checkpoint = stored;
      }
    }
    switched = true;
    await progress('switched', true);
    const durationMs = Date.now() - started;
    logger.info(
      { projection: projection.name, from: active, to: generation, events: done, durationMs },
      'Replay switched reads to the new tables',
    );
    const replaced =
      oldTables.length > 0 ? oldTables : projection.tables.map((t) => physicalTableName(t, active));
    const oldTablesDropped = dropTablesLater(
      knex,
      schema,
      replaced,
      options.dropDelayMs ?? 5000,
      logger,
    );
    return {
      projection: projection.name,
      from: active,
      to: generation,
      events: done,
      durationMs,
      eventsPerSecond: Math.round(done / Math.max(durationMs / 1000, 0.001)),
      oldTablesDropped,
    };

    /** Applies the newest events and switches if nothing is left and the runner is not ahead. */
    async function trySwitch(): Promise<boolean> {
      // Read before the transaction: under PGlite another connection's query would wait for it.
      const events = await store.readAll({
        fromPosition:
          comparePositions(checkpoint.position, START_POSITION) === 0
            ? 'start'
            : checkpoint.position,
        maxCount: batchSize,
      });
      checkKnown(events);
      const expected = checkpoint;
      const last = events[events.length - 1];
      const position = last ? last.position : expected.position;
      const outcome = await knex.transaction(async (trx) => {
        const main = await readCheckpoint(trx, schema, projection.name, true);
        const versions = await trx.raw<{ rows: { tables: string[] }[] }>(
          'SELECT tables FROM ?? WHERE name = ? FOR UPDATE',
          [qualified(schema, 'projection_versions'), projection.name],
        );
        const mine = await readCheckpoint(trx, schema, expected.subscriptionId, true);
        if (!mine || !sameCheckpoint(mine, expected))
          throw new CheckpointMovedError(expected.subscriptionId);
        const handled = events.filter(handles);
        if (handled.length > 0) await projection.apply(trx, handled, ctx);
        const caughtUp =
          events.length < batchSize && (!main || comparePositions(position, main.position) >= 0);
        if (!caughtUp) {
          await writeCheckpoint(trx, schema, { ...expected, position });
          return false;
        }
        await trx.raw(
          'UPDATE ?? SET active_version = ?, active_build = ?, tables = ?, switched_at = now() WHERE name = ?',
          [
            qualified(schema, 'projection_versions'),
            generation.version,
            generation.build,
            tables,
            projection.name,
          ],
        );
        await writeCheckpoint(trx, schema, {
          subscriptionId: projection.name,
          generation,
          position,
          owner: main?.owner ?? owner,
        });
        await deleteCheckpoint(trx, schema, expected.subscriptionId);
        oldTables = versions.rows[0]?.tables ?? [];
        return true;
      });
      checkpoint = { ...expected, position };
      done += events.length;
      reader.reset();
      return outcome;
    }
  } finally {
    if (!switched && target) await abandonBuild(knex, schema, projection, target, logger);
    if (locked) await locks.unlock(replayLockKey(projection.name));
    if (!options.locks) await locks.close();
    replaysHere.delete(guardKey);
  }
}

async function dropTablesLater(
  knex: Knex,
  schema: string,
  tables: readonly string[],
  delayMs: number,
  logger: ProjectionLogger,
): Promise<void> {
  // Unref'd: a process that is shutting down need not wait for the drop (the next replay does it).
  await new Promise((r) => setTimeout(r, delayMs).unref());
  try {
    await dropTables(knex, schema, tables);
  } catch (err) {
    logger.warn({ err, tables }, 'Dropping replaced tables failed');
  }
}

async function dropTables(knex: Knex, schema: string, tables: readonly string[]): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const table of tables)
      await trx.raw('DROP TABLE IF EXISTS ??', [qualified(schema, table)]);
  });
}

/** A failed replay leaves the active tables alone and removes its half-built ones. */
async function abandonBuild(
  knex: Knex,
  schema: string,
  projection: Projection,
  target: TableGeneration,
  logger: ProjectionLogger,
): Promise<void> {
  try {
    // An ambiguous COMMIT error may hide a switch that happened: never drop active tables.
    const active = await activeGeneration(knex, schema, projection.name);
    if (active && active.version === target.version && active.build === target.build) return;
    await dropTables(
      knex,
      schema,
      projection.tables.map((t) => physicalTableName(t, target)),
    );
    await deleteCheckpoint(knex, schema, replaySubscriptionId(projection.name));
  } catch (err) {
    logger.warn({ err, projection: projection.name }, 'Cleaning up after a failed replay failed');
  }
}
