import type { Knex } from 'knex';
import { MasqueradeStarted } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import type { Projection } from '../../runner/projection.js';

export const MASQUERADES_TABLE = 'masquerades';

/**
 * Who ever masqueraded as whom: one row per pair. The masquerade events live in the admin's
 * stream (`masquerade-<adminId>`), so the history of the user acted as finds them through this
 * read model, as a merge's master finds its merges through the users read model.
 */
export const masqueradesProjection: Projection = {
  name: 'masquerades',
  version: 1,
  eventTypes: ['MasqueradeStarted'],
  tables: [MASQUERADES_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         working_user_id text NOT NULL,
         user_id text NOT NULL,
         PRIMARY KEY (working_user_id, user_id)
       )`,
      [ctx.table(MASQUERADES_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const table = ctx.table(MASQUERADES_TABLE);
    for (const event of events) {
      if (event.type !== 'MasqueradeStarted') continue;
      const { userId, workingUserId } = MasqueradeStarted.parse(event.data);
      // A pair is kept once; a re-delivered event changes nothing.
      await trx.raw(
        `INSERT INTO ?? (working_user_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
        [table, workingUserId, userId],
      );
    }
    return [];
  },
};

/** The ids of the users who ever masqueraded as `workingUserId`, in id order. */
export type MasqueradersLookup = (workingUserId: string) => Promise<string[]>;

export function createMasqueradersLookup(options: {
  knex: Knex;
  tables: TableResolver;
}): MasqueradersLookup {
  return async (workingUserId) => {
    const table = await options.tables.table(masqueradesProjection.name, MASQUERADES_TABLE);
    const rows = await options
      .knex(table)
      .where({ working_user_id: workingUserId })
      .orderBy('user_id')
      .select<{ user_id: string }[]>('user_id');
    return rows.map((r) => r.user_id);
  };
}
