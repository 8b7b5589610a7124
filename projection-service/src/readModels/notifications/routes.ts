import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  NOTIFICATION_KINDS,
  NotificationsAnswer,
  NotificationsQuery,
  type NotificationAnswer,
  type NotificationKind,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { sendError } from '../../http/viewer.js';
import { NOTIFICATIONS_TABLE, notificationsProjection } from './projection.js';

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
}

const answerOf = (row: Row): NotificationAnswer => ({
  id: row.id,
  kind: row.kind,
  at: new Date(row.at).toISOString(),
  read: row.read_at !== null,
  title: row.title,
  text: row.text,
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
      const mine = () => knex(table).where({ user_id: viewer.userId }).whereIn('kind', kinds);
      const { take, before } = query.data;
      const page = mine().orderBy([
        { column: 'at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (before) page.where('at', '<', before);
      const [rows, unread] = await Promise.all([
        page.limit(take + 1) as Promise<Row[]>,
        mine().whereNull('read_at').count<{ count: string }[]>({ count: '*' }),
      ]);
      return {
        unread: Number(unread[0]?.count ?? 0),
        items: rows.slice(0, take).map(answerOf),
        more: rows.length > take,
      };
    },
  );
  done();
}
