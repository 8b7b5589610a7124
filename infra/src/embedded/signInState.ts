import type { Knex } from 'knex';
import type { SignInStateStore } from '@allot/command-service';

export const SIGN_IN_STATE_TABLE = 'allot_sign_in_state';

/**
 * Sign-in's short-lived memory in the database, so a SAML answer may reach another process, or
 * this one after a restart: one row per key with its expiry; expired rows are ignored and swept.
 */
export async function createSqlSignInState(knex: Knex): Promise<SignInStateStore> {
  const create = () =>
    knex.raw(`CREATE TABLE IF NOT EXISTS ${SIGN_IN_STATE_TABLE} (
      key text PRIMARY KEY,
      value text NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
  try {
    await create();
  } catch {
    // Two processes creating it at once: one wins, the other finds it there.
    await create();
  }
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await knex(SIGN_IN_STATE_TABLE).where('expires_at', '<=', new Date()).delete();
  };
  return {
    async add(key, value, expiresAt) {
      await sweep();
      // An expired row under the key gives way; a live one keeps it (one use of each id).
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `INSERT INTO ${SIGN_IN_STATE_TABLE} (key, value, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
           WHERE ${SIGN_IN_STATE_TABLE}.expires_at <= now()
         RETURNING key`,
        [key, value, expiresAt],
      );
      return rows.length === 1;
    },
    async get(key) {
      const row = await knex(SIGN_IN_STATE_TABLE)
        .where({ key })
        .andWhere('expires_at', '>', new Date())
        .first<{ value: string } | undefined>('value');
      return row?.value ?? null;
    },
    async take(key) {
      const rows = await knex(SIGN_IN_STATE_TABLE)
        .where({ key })
        .delete()
        .returning<{ value: string; expires_at: Date }[]>(['value', 'expires_at']);
      const row = rows[0];
      return row && row.expires_at.getTime() > Date.now() ? row.value : null;
    },
    async takePrefix(prefix) {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await knex(SIGN_IN_STATE_TABLE)
        .whereRaw(`key LIKE ? ESCAPE '\\'`, [`${escaped}%`])
        .delete()
        .returning<{ value: string; expires_at: Date }[]>(['value', 'expires_at']);
      return rows.filter((r) => r.expires_at.getTime() > Date.now()).map((r) => r.value);
    },
  };
}
