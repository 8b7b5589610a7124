import type { Knex } from 'knex';
import { comparePositions, type Position } from '@allot/shared-events';
import { readCheckpointPositions } from '../runner/checkpoints.js';
import type { PositionWaiter } from '../runner/runner.js';
import { qualified } from '../runner/sql.js';

export interface CheckpointWaiterOptions {
  knex: Knex;
  /** The read-model schema holding `es_checkpoints`. */
  schema?: string;
  /** How often a waiting request looks at the checkpoints. */
  intervalMs?: number;
}

/**
 * Waits by polling `es_checkpoints`: for a process that serves reads while the runner runs
 * elsewhere. Without names it waits for every projection (all rows except replay builds).
 */
export function createCheckpointWaiter(options: CheckpointWaiterOptions): PositionWaiter {
  const schema = options.schema ?? 'public';
  const intervalMs = options.intervalMs ?? 20;
  const { knex } = options;

  async function allProjectionNames(): Promise<string[]> {
    const result = await knex.raw<{ rows: { subscription_id: string }[] }>(
      "SELECT subscription_id FROM ?? WHERE subscription_id NOT LIKE 'replay:%'",
      [qualified(schema, 'es_checkpoints')],
    );
    return result.rows.map((r) => r.subscription_id);
  }

  return {
    async waitFor(position: Position, projectionNames?: readonly string[], timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      const names = projectionNames ?? (await allProjectionNames());
      for (;;) {
        const stored = await readCheckpointPositions(knex, schema, names);
        const passed = names.every((n) => {
          const p = stored.get(n);
          return p !== undefined && comparePositions(p, position) >= 0;
        });
        if (passed) return true;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await new Promise((r) => setTimeout(r, Math.min(intervalMs, remaining)));
      }
    },
  };
}
