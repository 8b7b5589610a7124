import type { Knex } from 'knex';
import { users, type NotificationKind } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { SECTIONS_TABLE, sectionsProjection } from '../sections/projection.js';
import { NOTIFICATIONS_TABLE, notificationsProjection } from './projection.js';
import { wordsOf, type WordedRow } from './teachingWords.js';

/** A person with notifications waiting for their e-mail digest (command-service's DigestPerson). */
export interface PendingDigest {
  userId: string;
  firstName: string;
  email: string;
  items: {
    id: string;
    kind: NotificationKind;
    at: string;
    title: string;
    text: string;
    link: string | null;
  }[];
}

interface Row extends WordedRow {
  id: string;
  user_id: string;
  at: Date | string;
  link: string | null;
  first_name: string | null;
  email: string;
}

/**
 * What the hourly digest reads: notifications wanted by e-mail and not yet sent, since an
 * instant, of active people whose faculty profile receives e-mail and who have an address, each
 * worded as the bell words it, oldest first.
 */
export function createNotificationDigestReader(knex: Knex, tables: TableResolver) {
  return {
    async pending(since: Date): Promise<PendingDigest[]> {
      const rows = (await knex({
        n: await tables.table(notificationsProjection.name, NOTIFICATIONS_TABLE),
      })
        .join(
          { u: await tables.table(resourceProjectionName(users), recordsTable(users)) },
          'u.id',
          'n.user_id',
        )
        .leftJoin(
          { s: await tables.table(sectionsProjection.name, SECTIONS_TABLE) },
          's.id',
          'n.section_id',
        )
        .select(
          'n.id',
          'n.user_id',
          'n.kind',
          'n.at',
          'n.title',
          'n.text',
          'n.link',
          'n.detail',
          's.course_number',
          's.section_number',
          { section_name: 's.name' },
          knex.raw("u.data->>'firstName' AS first_name"),
          knex.raw("trim(u.data->>'email') AS email"),
        )
        .where('n.email', true)
        .whereNull('n.emailed_at')
        .where('n.at', '>=', since.toISOString())
        .whereRaw("coalesce((u.data->>'isActive')::boolean, true)")
        .whereRaw("coalesce((u.data->'FacultyProfile'->>'receiveAssignments')::boolean, false)")
        .whereRaw("coalesce(trim(u.data->>'email'), '') <> ''")
        .orderBy([{ column: 'n.user_id' }, { column: 'n.at' }, { column: 'n.id' }])) as Row[];
      const people = new Map<string, PendingDigest>();
      for (const row of rows) {
        const person = people.get(row.user_id) ?? {
          userId: row.user_id,
          firstName: row.first_name ?? '',
          email: row.email,
          items: [],
        };
        person.items.push({
          id: row.id,
          kind: row.kind,
          at: new Date(row.at).toISOString(),
          ...wordsOf(row),
          link: row.link,
        });
        people.set(row.user_id, person);
      }
      return [...people.values()];
    },
  };
}
