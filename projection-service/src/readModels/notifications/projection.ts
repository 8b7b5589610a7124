import {
  ImportRunFinished,
  ImportRunStarted,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_CHANGED,
  NotificationsRead,
  NotificationDigestSent,
  SEED_ACTOR_ID,
  SYSTEM_ACTOR_ID,
  type NotificationKind,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type {
  Projection,
  ProjectionContext,
  RealtimeNotification,
} from '../../runner/projection.js';
import {
  applyTeachingEvent,
  migrateTeaching,
  NOTIFICATION_PREFERENCES_TABLE,
  NOTIFIED_ASSIGNMENTS_TABLE,
  TEACHING_EVENT_TYPES,
  wantedBy,
  type TeachingNotice,
} from './teaching.js';

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
  /** A teaching notification's section and what its words are made of (teachingWords.ts). */
  section_id?: string | null;
  detail?: string | null;
  /** Shown in Allot (the bell); wanted in the person's e-mail digest. */
  shown?: boolean;
  email?: boolean;
}

const notificationOf = (
  row: Omit<NotificationRow, 'subject'>,
): NotificationRow & { read_at: null } => ({
  ...row,
  subject: NOTIFICATION_KINDS[row.kind].subject,
  read_at: null,
});

const TEACHING_LINKS: Readonly<Record<TeachingNotice['kind'], string>> = {
  assignmentProposed: '/myWorkload',
  assignmentApproved: '/myWorkload',
  assignmentChanged: '/myWorkload',
  assignmentWithdrawn: '/myWorkload',
  assignmentRemoved: '/myWorkload',
  meetingsChanged: '/mySchedule',
};

/**
 * Stores a teaching notice for its person as they want it (in Allot, by e-mail, both; neither
 * stores nothing), unless they caused it themselves or no person did (a system step, or the demo
 * seeds writing the starting state). Its words are
 * made when it is read, from the section as it is then.
 */
async function addTeachingNotice(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
  notice: TeachingNotice,
): Promise<boolean> {
  const actor = event.metadata.actorId ?? null;
  if (actor === null || actor === SYSTEM_ACTOR_ID || actor === SEED_ACTOR_ID) return false;
  if (actor === notice.userId) return false;
  const wanted = await wantedBy(trx, ctx, notice.userId, notice.kind);
  if (!wanted.app && !wanted.email) return false;
  const inserted = await trx(ctx.table(NOTIFICATIONS_TABLE))
    .insert(
      notificationOf({
        id: `${notice.kind}:${event.streamId}:${String(event.revision)}:${notice.userId}`,
        user_id: notice.userId,
        kind: notice.kind,
        at: at(event),
        title: '',
        text: '',
        link: TEACHING_LINKS[notice.kind],
        section_id: notice.sectionId,
        detail: JSON.stringify(notice.detail),
        shown: wanted.app,
        email: wanted.email,
      }),
    )
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length > 0 && wanted.app;
}

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
    case 'NotificationDigestSent': {
      // Told by e-mail: the next digest leaves them out.
      const data = NotificationDigestSent.parse(event.data);
      await trx(notifications)
        .where({ user_id: data.userId })
        .whereIn('id', data.ids)
        .whereNull('emailed_at')
        .update({ emailed_at: at(event) });
      return [];
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
    default: {
      const told: string[] = [];
      for (const notice of await applyTeachingEvent(trx, event, ctx)) {
        if (await addTeachingNotice(trx, event, ctx, notice)) told.push(notice.userId);
      }
      return told;
    }
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
  version: 2,
  eventTypes: [
    'ImportRunStarted',
    'ImportRunFinished',
    'NotificationsRead',
    'NotificationDigestSent',
    ...TEACHING_EVENT_TYPES,
  ],
  tables: [
    NOTIFICATIONS_TABLE,
    NOTIFIED_RUNS_TABLE,
    NOTIFIED_ASSIGNMENTS_TABLE,
    NOTIFICATION_PREFERENCES_TABLE,
  ],

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
         read_at timestamptz,
         section_id text,
         detail jsonb,
         shown boolean NOT NULL DEFAULT true,
         email boolean NOT NULL DEFAULT false,
         emailed_at timestamptz
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
    // The e-mail digest's work: what is wanted by e-mail and not yet sent, by person.
    await trx.raw(
      'CREATE INDEX IF NOT EXISTS ?? ON ?? (user_id, at) WHERE email AND emailed_at IS NULL',
      [`${ctx.physicalName(NOTIFICATIONS_TABLE)}_unmailed`, ctx.table(NOTIFICATIONS_TABLE)],
    );
    await migrateTeaching(trx, ctx);
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
