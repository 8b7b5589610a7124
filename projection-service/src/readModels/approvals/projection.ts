import { ProgressActionRecorded } from '@allot/shared-events';
import type { Projection, RealtimeNotification } from '../../runner/projection.js';

export const WORKGROUP_APPROVALS_TABLE = 'workgroup_approvals';
export const PROGRESS_ACTIONS_TABLE = 'progress_actions';
/** Spec §4: another user's progress action refreshes every browser's progress data. */
export const APPROVALS_CHANGED = 'approvalsChanged';

/**
 * Workgroup approvals (one row per workgroup and progress step: its status) and the progress
 * actions that moved them, newest last. Guarded by the stream revision.
 */
export const approvalsProjection: Projection = {
  name: 'approvals',
  version: 1,
  eventTypes: ['ProgressActionRecorded'],
  tables: [WORKGROUP_APPROVALS_TABLE, PROGRESS_ACTIONS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         workgroup_id text NOT NULL,
         progress_step_id text NOT NULL,
         period_id text NOT NULL,
         step_id integer NOT NULL,
         status text NOT NULL,
         revision bigint NOT NULL,
         updated_at timestamptz NOT NULL,
         PRIMARY KEY (workgroup_id, progress_step_id)
       )`,
      [ctx.table(WORKGROUP_APPROVALS_TABLE)],
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         workgroup_id text NOT NULL,
         progress_step_id text NOT NULL,
         period_id text NOT NULL,
         step_id integer NOT NULL,
         action text NOT NULL,
         from_status text NOT NULL,
         status text NOT NULL,
         comment text,
         actor_id text,
         on_behalf_of_id text,
         occurred_at timestamptz NOT NULL
       )`,
      [ctx.table(PROGRESS_ACTIONS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (period_id, workgroup_id)', [
      `${ctx.physicalName(PROGRESS_ACTIONS_TABLE)}_period`,
      ctx.table(PROGRESS_ACTIONS_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    const notifications: RealtimeNotification[] = [];
    for (const event of events) {
      if (event.type !== 'ProgressActionRecorded') continue;
      const data = ProgressActionRecorded.parse(event.data);
      const at = event.metadata.occurredAt ?? event.createdAt.toISOString();
      const written: { rows: unknown[] } = await trx.raw(
        `INSERT INTO ?? AS t (workgroup_id, progress_step_id, period_id, step_id, status, revision, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (workgroup_id, progress_step_id) DO UPDATE SET status = excluded.status,
           revision = excluded.revision, updated_at = excluded.updated_at
         WHERE t.revision < excluded.revision
         RETURNING 1`,
        [
          ctx.table(WORKGROUP_APPROVALS_TABLE),
          data.WorkgroupId,
          data.ProgressStepId,
          data.AcademicPeriodId,
          data.stepId,
          data.status,
          event.revision.toString(),
          at,
        ],
      );
      if (written.rows.length === 0) continue;
      await trx(ctx.table(PROGRESS_ACTIONS_TABLE))
        .insert({
          id: data.id,
          workgroup_id: data.WorkgroupId,
          progress_step_id: data.ProgressStepId,
          period_id: data.AcademicPeriodId,
          step_id: data.stepId,
          action: data.action,
          from_status: data.from,
          status: data.status,
          comment: data.comment,
          actor_id: event.metadata.actorId ?? null,
          on_behalf_of_id: event.metadata.onBehalfOfId ?? null,
          occurred_at: at,
        })
        .onConflict('id')
        .ignore();
      notifications.push({
        event: APPROVALS_CHANGED,
        rooms: ['all'],
        payload: {
          WorkgroupId: data.WorkgroupId,
          ProgressStepId: data.ProgressStepId,
          status: data.status,
        },
        actorId: event.metadata.actorId ?? null,
      });
    }
    return notifications;
  },
};
