import type { Knex } from 'knex';
import type { EventStore } from '@allot/shared-events';
import type { KnownEventTypes } from '../runner/knownEventTypes.js';
import { silentProjectionLogger, type ProjectionLogger } from '../runner/logger.js';
import type { Projection } from '../runner/projection.js';
import { physicalTableName } from '../runner/tableNames.js';
import { replayProjection, type ReplayProgress } from '../runner/replayProjection.js';

export interface ReplayCliDeps {
  projections: readonly Projection[];
  store: EventStore;
  knex: Knex;
  knownEventTypes: KnownEventTypes;
  /** Read-model schema. */
  schema?: string;
  /** Exact event count for the progress total (e.g. `SELECT count(*)` on the store's events). */
  countEvents?: () => Promise<number>;
  /** Where progress lines go (stdout by default). */
  out?: (line: string) => void;
  /** Where errors go (stderr by default). */
  err?: (line: string) => void;
  logger?: ProjectionLogger;
  /** Passed to the replay; default 5 s. */
  dropDelayMs?: number;
}

const USAGE = `Usage: allot replay [--batch-size=N] [projection...]

Rebuilds each named projection (all when none is named) into new tables while reads keep using
the current ones, then switches reads over atomically and drops the old tables.`;

const number = new Intl.NumberFormat('en-US');

function progressLine(p: ReplayProgress): string {
  const percent = p.total > 0 ? ` (${String(Math.floor((p.done / p.total) * 100))}%)` : '';
  return `${p.projection}: ${number.format(p.done)} / ${number.format(p.total)} events${percent}, ${number.format(p.eventsPerSecond)} events/s`;
}

/**
 * `allot replay [projection...]`: returns the exit code (0 done, 1 a replay failed, 2 usage).
 * The binary supplies the projections and connections; this prints progress and the outcome.
 */
export async function runReplayCli(argv: readonly string[], deps: ReplayCliDeps): Promise<number> {
  const out = deps.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = deps.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  let batchSize = 2000;
  const names: string[] = [];
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      out(USAGE);
      return 0;
    }
    const size = /^--batch-size=(\d+)$/.exec(arg);
    if (size?.[1]) {
      batchSize = Number(size[1]);
      continue;
    }
    if (arg.startsWith('-')) {
      err(`Unknown option ${arg}\n${USAGE}`);
      return 2;
    }
    names.push(arg);
  }
  if (batchSize < 1) {
    err('--batch-size must be at least 1');
    return 2;
  }
  const byName = new Map(deps.projections.map((p) => [p.name, p]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length > 0) {
    err(`Unknown projection(s): ${unknown.join(', ')}. Known: ${[...byName.keys()].join(', ')}`);
    return 2;
  }
  const chosen =
    names.length > 0 ? names.flatMap((n) => byName.get(n) ?? []) : [...deps.projections];
  let failed = 0;
  for (const projection of chosen) {
    out(`Replaying ${projection.name} (version ${String(projection.version)})`);
    try {
      const result = await replayProjection({
        store: deps.store,
        knex: deps.knex,
        projection,
        knownEventTypes: deps.knownEventTypes,
        schema: deps.schema,
        batchSize,
        countEvents: deps.countEvents,
        dropDelayMs: deps.dropDelayMs,
        logger: deps.logger ?? silentProjectionLogger,
        onProgress: (p) => {
          if (p.phase === 'building') out(progressLine(p));
        },
      });
      const physical = projection.tables.map((t) => physicalTableName(t, result.to));
      const tables = physical.length > 0 ? ` (${physical.join(', ')})` : '';
      out(
        `${projection.name}: switched to version ${String(result.to.version)} build ${String(result.to.build)}${tables}; ` +
          `${number.format(result.events)} events in ${(result.durationMs / 1000).toFixed(1)} s ` +
          `(${number.format(result.eventsPerSecond)} events/s)`,
      );
      await result.oldTablesDropped;
    } catch (e) {
      failed += 1;
      err(
        `${projection.name}: replay failed, reads still use the previous tables: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
  return failed > 0 ? 1 : 0;
}
