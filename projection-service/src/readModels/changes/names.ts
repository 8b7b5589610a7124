import {
  allResources,
  users,
  type HistoryApiKey,
  type HistoryNames,
  type HistoryPerson,
} from '@allot/shared-events';
import type { Knex } from 'knex';

/** The physical tables the names are read from. */
export interface NameTables {
  versions: string;
  apiKeys: string | null;
  importRuns: string | null;
}

const kindOfPath = new Map(allResources.map((r) => [r.path, r.name]));
const key = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * Names for one page of the change feed, from the plan's history: a record's last version, so a
 * deleted record keeps its name. Lookups made in the same tick are read in one query (the words
 * of 50 changes ask for a few hundred names, a few rounds deep: an offering, then its course).
 */
export function createVersionNames(db: Knex | Knex.Transaction, tables: NameTables): HistoryNames {
  const states = new Map<string, Promise<Record<string, unknown> | null>>();
  interface Pending {
    kind: string;
    id: string;
    resolve: (state: unknown) => void;
    reject: (error: unknown) => void;
  }
  let pending = new Map<string, Pending>();
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = [...pending.values()];
    pending = new Map();
    scheduled = false;
    const found = new Map<string, unknown>();
    try {
      await readInto(batch, found);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    for (const item of batch) item.resolve(found.get(key(item.kind, item.id)) ?? null);
  }

  async function readInto(batch: Pending[], found: Map<string, unknown>): Promise<void> {
    for (let i = 0; i < batch.length; i += 200) {
      const chunk = batch.slice(i, i + 200);
      const rows = await db.raw<{ rows: { kind: string; id: string; state: unknown }[] }>(
        `SELECT DISTINCT ON (kind, id) kind, id, state FROM ??
         WHERE (kind, id) IN (${chunk.map(() => '(?, ?)').join(', ')})
         ORDER BY kind, id, valid_from DESC`,
        [tables.versions, ...chunk.flatMap((c) => [c.kind, c.id])],
      );
      for (const row of rows.rows) found.set(key(row.kind, row.id), row.state);
    }
  }

  function stateOf(kind: string, id: string): Promise<Record<string, unknown> | null> {
    const k = key(kind, id);
    let found = states.get(k);
    if (!found) {
      found = new Promise((resolve, reject) => {
        pending.set(k, {
          kind,
          id,
          resolve: (s) => resolve(s as Record<string, unknown> | null),
          reject,
        });
      });
      states.set(k, found);
      if (!scheduled) {
        scheduled = true;
        // After the current tick's lookups have queued: one query for all of them.
        setImmediate(() => void flush());
      }
    }
    return found;
  }

  const person = async (userId: string): Promise<HistoryPerson | null> => {
    const state = await stateOf(users.name, userId);
    if (!state) return null;
    // A user's display name, else their first and last names (as the users list derives it).
    const name =
      typeof state.displayName === 'string' && state.displayName !== ''
        ? state.displayName
        : [state.firstName, state.lastName].filter((p) => typeof p === 'string' && p).join(' ');
    return { id: userId, displayName: name || '(unknown)' };
  };
  const keys = new Map<string, Promise<HistoryApiKey | null>>();
  const runs = new Map<string, ReturnType<HistoryNames['importRun']>>();
  return {
    importRun(id) {
      let found = runs.get(id);
      if (!found) {
        const table = tables.importRuns;
        found = table
          ? db
              .raw<{ rows: { spec_name: string | null; file_name: string }[] }>(
                'SELECT spec_name, file_name FROM ?? WHERE id = ?',
                [table, id],
              )
              .then((r) => {
                const row = r.rows[0];
                return row ? { name: row.spec_name, fileName: row.file_name } : null;
              })
          : Promise.resolve(null);
        runs.set(id, found);
      }
      return found;
    },
    person,
    async record(path, id, labelField = 'name') {
      const kind = kindOfPath.get(path);
      if (!kind) return null;
      if (kind === users.name) return (await person(id))?.displayName ?? null;
      const value = (await stateOf(kind, id))?.[labelField];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    },
    apiKey(id) {
      let found = keys.get(id);
      if (!found) {
        const table = tables.apiKeys;
        found = table
          ? db
              .raw<{ rows: { name: string; user_id: string }[] }>(
                'SELECT name, user_id FROM ?? WHERE id = ?',
                [table, id],
              )
              .then(async (r) => {
                const row = r.rows[0];
                return row ? { id, name: row.name, createdBy: await person(row.user_id) } : null;
              })
          : Promise.resolve(null);
        keys.set(id, found);
      }
      return found;
    },
  };
}
