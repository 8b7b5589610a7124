import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  NOTIFICATION_KINDS,
  NotificationPreferencesAnswer,
  users,
  NotificationsAnswer,
  NotificationsQuery,
  type NotificationAnswer,
  type NotificationKind,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { sendError } from '../../http/viewer.js';
import { NOTIFICATIONS_TABLE, notificationsProjection } from './projection.js';
import { SECTIONS_TABLE, sectionsProjection } from '../sections/projection.js';
import { wordsOf } from './teachingWords.js';
import { NOTIFICATION_PREFERENCES_TABLE } from './teaching.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';

export interface NotificationReadOptions {
  knex: Knex;
  tables: TableResolver;
}

interface Row {
  id: string;
  kind: NotificationKind;
  at: Date | string;
  title: string;
  text: string;
  link: string | null;
  read_at: Date | string | null;
  detail: unknown;
  course_number: string | null;
  section_number: string | null;
  section_name: string | null;
}

const answerOf = (row: Row): NotificationAnswer => ({
  id: row.id,
  kind: row.kind,
  at: new Date(row.at).toISOString(),
  read: row.read_at !== null,
  ...wordsOf(row),
  link: row.link,
});

/**
 * GET /api/notifications/mine: the signed-in person's notifications, newest first, with how many
 * are unread. Each kind is shown only while its reader may read what it is about (a failed import
 * to someone who may still use data services): nobody learns of what they may not see.
 */
export function notificationReadRoutes(
  fastify: FastifyInstance,
  options: NotificationReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;

  app.get(
    '/api/notifications/mine',
    { schema: { response: { 200: NotificationsAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      const query = NotificationsQuery.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const kinds = (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).filter((kind) =>
        viewer.ability.can('read', NOTIFICATION_KINDS[kind].subject),
      );
      const table = await tables.table(notificationsProjection.name, NOTIFICATIONS_TABLE);
      const sections = await tables.table(sectionsProjection.name, SECTIONS_TABLE);
      // Those the person wants only by e-mail are not in the bell.
      const mine = () =>
        knex({ n: table })
          .where({ 'n.user_id': viewer.userId, 'n.shown': true })
          .whereIn('n.kind', kinds);
      const { take, before } = query.data;
      const page = mine()
        .leftJoin({ s: sections }, 's.id', 'n.section_id')
        .select('n.*', 's.course_number', 's.section_number', { section_name: 's.name' })
        .orderBy([
          { column: 'n.at', order: 'desc' },
          { column: 'n.id', order: 'desc' },
        ]);
      if (before) page.where('n.at', '<', before);
      const [rows, unread] = await Promise.all([
        page.limit(take + 1) as Promise<Row[]>,
        mine().whereNull('n.read_at').count<{ count: string }[]>({ count: '*' }),
      ]);
      return {
        unread: Number(unread[0]?.count ?? 0),
        items: rows.slice(0, take).map(answerOf),
        more: rows.length > take,
      };
    },
  );
  // GET /api/notifications/preferences: the signed-in person's own notification settings, and
  // whether an e-mail digest can reach them (their profile's "receive emails", an address).
  app.get(
    '/api/notifications/preferences',
    { schema: { response: { 200: NotificationPreferencesAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      const [settings, person] = await Promise.all([
        knex(await tables.table(notificationsProjection.name, NOTIFICATION_PREFERENCES_TABLE))
          .where({ user_id: viewer.userId })
          .first() as Promise<{ app_off: string[]; email_off: string[] } | undefined>,
        knex(await tables.table(resourceProjectionName(users), recordsTable(users)))
          .select(
            knex.raw(
              "coalesce((data->'FacultyProfile'->>'receiveAssignments')::boolean, false) AND coalesce(trim(data->>'email'), '') <> '' AS reaches",
            ),
          )
          .where({ id: viewer.userId })
          .first() as Promise<{ reaches: boolean } | undefined>,
      ]);
      return NotificationPreferencesAnswer.parse({
        appOff: settings?.app_off ?? [],
        emailOff: settings?.email_off ?? [],
        receivesEmail: person?.reaches ?? false,
      });
    },
  );
  done();
}
