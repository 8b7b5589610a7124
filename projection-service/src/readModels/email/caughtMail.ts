import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CaughtMail } from '@allot/shared-events';
import { qualified } from '../../runner/sql.js';

/**
 * Mail the embedded SMTP catcher kept (docs/email.md): with no SMTP server configured, what Allot
 * sends stays here for admins to read in the app instead of leaving. Not a projection: the sent
 * messages are in the log (who, what, when); this is the mailbox they were delivered to.
 */
export function caughtMailTable(schema = 'public'): string {
  return qualified(schema, 'caught_mail');
}

/** The most messages kept: the oldest go first. */
const KEPT = 5000;

export async function migrateCaughtMail(knex: Knex, schema = 'public'): Promise<void> {
  const table = caughtMailTable(schema);
  const create = () =>
    knex.transaction(async (trx) => {
      // The read models' schema may not be there yet (a replay drops and makes it again).
      await trx.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ${table} (
         id text PRIMARY KEY,
         received_at timestamptz NOT NULL,
         "from" text NOT NULL,
         "to" jsonb NOT NULL,
         subject text NOT NULL,
         text text NOT NULL
       )`,
      );
    });
  try {
    await create();
  } catch {
    // Another process created it in the same instant.
    await create();
  }
}

export function createCaughtMailStore(knex: Knex, table = caughtMailTable()) {
  return {
    async keep(mail: Omit<CaughtMail, 'id' | 'receivedAt'>): Promise<void> {
      await knex(table).insert({
        id: randomUUID(),
        // Microseconds: two messages of one millisecond still list in the order they came.
        received_at: knex.raw('clock_timestamp()'),
        from: mail.from,
        to: JSON.stringify(mail.to),
        subject: mail.subject,
        text: mail.text,
      });
      await knex(table)
        .whereIn(
          'id',
          knex(table).select('id').orderBy('received_at', 'desc').offset(KEPT).limit(1000),
        )
        .delete();
    },
    async list(take: number, skip: number): Promise<{ count: number; rows: CaughtMail[] }> {
      const [counted] = await knex(table).count<{ count: string }[]>({ count: '*' });
      const rows = (await knex(table)
        .orderBy([
          { column: 'received_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(take)
        .offset(skip)) as {
        id: string;
        received_at: Date;
        from: string;
        to: string[];
        subject: string;
        text: string;
      }[];
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => ({
          id: r.id,
          receivedAt: new Date(r.received_at).toISOString(),
          from: r.from,
          to: r.to,
          subject: r.subject,
          text: r.text,
        })),
      };
    },
  };
}
export type CaughtMailStore = ReturnType<typeof createCaughtMailStore>;
