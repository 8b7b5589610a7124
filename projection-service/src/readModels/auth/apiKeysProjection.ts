import type { Knex } from 'knex';
import { ApiKeyCreated, ApiKeyRevoked, type ApiKeyAnswer } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import type { Projection } from '../../runner/projection.js';

export const API_KEYS_TABLE = 'api_keys';

/** API keys for their list: never the key or its hash, only who, what for and whether revoked. */
export const apiKeysProjection: Projection = {
  name: 'api_keys',
  version: 1,
  eventTypes: ['ApiKeyCreated', 'ApiKeyRevoked'],
  tables: [API_KEYS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         user_id text NOT NULL,
         name text NOT NULL,
         created_at timestamptz NOT NULL,
         revoked_at timestamptz
       )`,
      [ctx.table(API_KEYS_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const table = ctx.table(API_KEYS_TABLE);
    for (const event of events) {
      const at = event.metadata.occurredAt ?? event.createdAt.toISOString();
      if (event.type === 'ApiKeyCreated') {
        const { apiKeyId, userId, name } = ApiKeyCreated.parse(event.data);
        await trx(table)
          .insert({ id: apiKeyId, user_id: userId, name, created_at: at })
          .onConflict('id')
          .ignore();
      } else if (event.type === 'ApiKeyRevoked') {
        const { apiKeyId } = ApiKeyRevoked.parse(event.data);
        await trx(table).where({ id: apiKeyId }).whereNull('revoked_at').update({ revoked_at: at });
      }
    }
    return [];
  },
};

/** A key as GET /api/apiKeys lists it (readApi's `ApiKeyAnswer`). */
export type ApiKeyListItem = ApiKeyAnswer;

interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** Every key, newest first. */
export function createApiKeyList(
  knex: Knex,
  tables: TableResolver,
): () => Promise<ApiKeyListItem[]> {
  return async () => {
    const rows = await knex(await tables.table(apiKeysProjection.name, API_KEYS_TABLE))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .select<ApiKeyRow[]>();
    return rows.map((r) => ({
      id: r.id,
      UserId: r.user_id,
      name: r.name,
      createdAt: iso(r.created_at),
      revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
    }));
  };
}
