import {
  ImportRunFinished,
  ImportRunStarted,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_CHANGED,
  NotificationsRead,
  type NotificationKind,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type {
  Projection,
  ProjectionContext,
  RealtimeNotification,
} from '../../runner/projection.js';

export const NOTIFICATIONS_TABLE = 'notifications';
/** Runs someone is to hear of if they fail, until they end. */
export const NOTIFIED_RUNS_TABLE = 'notification_runs';

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();

interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  subject: string;
  at: string;
  title: string;
  text: string;
  link: string | null;
}

const notificationOf = (
  row: Omit<NotificationRow, 'subject'>,
): NotificationRow & { read_at: null } => ({
  ...row,
  subject: NOTIFICATION_KINDS[row.kind].subject,
  read_at: null,
});

/** Who hears of which event, and in which words (written here: DESIGN's histories likewise). */
async function applyEvent(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
): Promise<string[]> {
  const notifications = ctx.table(NOTIFICATIONS_TABLE);
  const runs = ctx.table(NOTIFIED_RUNS_TABLE);
  switch (event.type) {
    case 'ImportRunStarted': {
      const data = ImportRunStarted.parse(event.data);
      if (!data.notify) return [];
      await trx(runs)
        .insert({
          run_id: data.id,
          user_id: data.notify,
          spec_name: data.spec?.name ?? null,
          file_name: data.fileName,
          trigger: data.trigger,
        })
        .onConflict('run_id')
        .ignore();
      return [];
    }
    case 'ImportRunFinished': {
      const data = ImportRunFinished.parse(event.data);
      const run = (await trx(runs).where({ run_id: data.id }).first()) as
        | { user_id: string; spec_name: string | null; file_name: string; trigger: string }
        | undefined;
      if (!run) return [];
      await trx(runs).where({ run_id: data.id }).delete();
      if (data.status !== 'failed') return [];
      const name = run.spec_name ? `“${run.spec_name}”` : `of ${run.file_name}`;
      const inserted = await trx(notifications)
        .insert(
          notificationOf({
            id: `importRunFailed:${data.id}`,
            user_id: run.user_id,
            kind: 'importRunFailed',
            at: at(event),
            title: `${run.trigger === 'schedule' ? 'Scheduled import' : 'Import'} ${name} failed`,
            text:
              data.reason ?? 'It stopped before the end; nothing after that point was imported.',
            link: `/dataServices?view=imports&run=${encodeURIComponent(data.id)}`,
          }),
        )
        .onConflict('id')
        .ignore()
        .returning('user_id');
      return inserted.length > 0 ? [run.user_id] : [];
    }
    case 'NotificationsRead': {
      const data = NotificationsRead.parse(event.data);
      const changed = await trx(notifications)
        .where({ user_id: data.userId })
        .whereNull('read_at')
        .where((q) => {
          if (data.ids.length > 0) q.orWhereIn('id', data.ids);
          if (data.upTo !== null) q.orWhere('at', '<=', data.upTo);
        })
        .update({ read_at: at(event) });
      return changed > 0 ? [data.userId] : [];
    }
    default:
      return [];
  }
}

/**
 * Notifications (docs/notifications.md), one row per person told of something: derived from the
 * events that cause them (a saved import's run that failed tells whom the run names), read or
 * not by the person's own marks. Replayable like every read model; the person's browser hears of
 * each change in their own room.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 1,
  eventTypes: ['ImportRunStarted', 'ImportRunFinished', 'NotificationsRead'],
  tables: [NOTIFICATIONS_TABLE, NOTIFIED_RUNS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         user_id text NOT NULL,
         kind text NOT NULL,
         subject text NOT NULL,
         at timestamptz NOT NULL,
         title text NOT NULL,
         text text NOT NULL,
         link text,
         read_at timestamptz
       )`,
      [ctx.table(NOTIFICATIONS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (user_id, at DESC, id DESC)', [
      `${ctx.physicalName(NOTIFICATIONS_TABLE)}_user`,
      ctx.table(NOTIFICATIONS_TABLE),
    ]);
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         run_id text PRIMARY KEY,
         user_id text NOT NULL,
         spec_name text,
         file_name text NOT NULL,
         trigger text NOT NULL
       )`,
      [ctx.table(NOTIFIED_RUNS_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const told = new Set<string>();
    for (const event of events) {
      for (const userId of await applyEvent(trx, event, ctx)) told.add(userId);
    }
    return [...told].map((userId): RealtimeNotification => ({
      event: NOTIFICATIONS_CHANGED,
      rooms: [`user:${userId}`],
      payload: { userId },
    }));
  },
};
