import type { Knex } from 'knex';
import {
  SessionEnded,
  SessionsEndedEverywhere,
  SystemActiveAcademicPeriodChanged,
  UsersMerged,
  WorkingAcademicPeriodChanged,
  roleSlugSchema,
  type RecordedEvent,
} from '@allot/shared-events';
import { z } from 'zod';
import { workingPeriodUpdatedOf } from './workingPeriodsProjection.js';
import type { Projection, ProjectionContext } from '../../runner/projection.js';
import { ACTIVE_STEPS_CHANGED } from '../resources/projection.js';

export const AUTH_USERS_TABLE = 'auth_users';
export const AUTH_MEMBERS_TABLE = 'auth_workgroup_members';
export const AUTH_STEPS_TABLE = 'auth_progress_steps';
export const AUTH_PERIODS_TABLE = 'auth_academic_periods';
export const AUTH_USER_SETTINGS_TABLE = 'auth_user_settings';
export const AUTH_ENDED_SESSIONS_TABLE = 'auth_ended_sessions';

/** Ended sessions are kept a day: no session cookie lives longer (12 hours). */
const ENDED_SESSIONS_KEPT = "interval '1 day'";

const Id = z.object({ id: z.string() });
const UserFields = z.object({
  id: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  displayName: z.string().optional(),
  email: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  Roles: z.array(z.object({ slug: roleSlugSchema })).optional(),
  isActive: z.boolean().optional(),
  WorkingAcademicPeriodId: z.string().nullable().optional(),
});
const WorkgroupFields = z.object({
  id: z.string(),
  members: z.array(z.object({ UserId: z.string(), permission: z.number().int() })).optional(),
});
const StepFields = z.object({
  id: z.string(),
  AcademicPeriodId: z.string().optional(),
  stepId: z.number().int().optional(),
  isActive: z.boolean().optional(),
});
const PeriodFields = z.object({ id: z.string(), isSystemActive: z.boolean().optional() });
const UserSettingFields = z.object({ id: z.string(), UserId: z.string().optional() });

type UserFields = z.infer<typeof UserFields>;

/** The user columns an event carries; an update carries only the fields that changed. */
function userColumns(user: UserFields): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (user.firstName !== undefined) columns.first_name = user.firstName;
  if (user.lastName !== undefined) columns.last_name = user.lastName;
  if (user.displayName !== undefined) columns.display_name = user.displayName;
  if (user.email !== undefined) columns.email = user.email;
  if (user.username !== undefined) columns.username = user.username;
  if (user.Roles !== undefined) columns.roles = JSON.stringify(user.Roles.map((r) => r.slug));
  if (user.isActive !== undefined) columns.is_active = user.isActive;
  if (user.WorkingAcademicPeriodId !== undefined) {
    columns.working_period_id = user.WorkingAcademicPeriodId;
  }
  return columns;
}

async function applyOne(trx: Knex.Transaction, event: RecordedEvent, ctx: ProjectionContext) {
  const users = ctx.table(AUTH_USERS_TABLE);
  const members = ctx.table(AUTH_MEMBERS_TABLE);
  const steps = ctx.table(AUTH_STEPS_TABLE);
  const periods = ctx.table(AUTH_PERIODS_TABLE);
  switch (event.type) {
    case 'UserCreated': {
      const user = UserFields.parse(event.data);
      await trx(users)
        .insert({ id: user.id, ...userColumns(user) })
        .onConflict('id')
        .merge();
      return;
    }
    case 'UserUpdated': {
      const user = UserFields.parse(event.data);
      const columns = userColumns(user);
      if (Object.keys(columns).length > 0) await trx(users).where({ id: user.id }).update(columns);
      return;
    }
    case 'UserDeactivated':
      await trx(users).where(Id.parse(event.data)).update({ is_active: false });
      return;
    case 'UserDeleted': {
      const { id } = Id.parse(event.data);
      await trx(users).where({ id }).delete();
      await trx(members).where({ user_id: id }).delete();
      return;
    }
    case 'WorkingAcademicPeriodChanged': {
      const { userId, academicPeriodId } = WorkingAcademicPeriodChanged.parse(event.data);
      await trx(users).where({ id: userId }).update({ working_period_id: academicPeriodId });
      return;
    }
    case 'WorkgroupCreated':
    case 'WorkgroupUpdated': {
      const workgroup = WorkgroupFields.parse(event.data);
      if (workgroup.members === undefined) return;
      // The event carries the whole member list: it replaces the old one.
      await trx(members).where({ workgroup_id: workgroup.id }).delete();
      if (workgroup.members.length > 0) {
        await trx(members).insert(
          workgroup.members.map((m) => ({
            workgroup_id: workgroup.id,
            user_id: m.UserId,
            permission: m.permission,
          })),
        );
      }
      return;
    }
    case 'WorkgroupDeleted':
      await trx(members)
        .where({ workgroup_id: Id.parse(event.data).id })
        .delete();
      return;
    case 'UsersMerged': {
      const { masterId, duplicateId } = UsersMerged.parse(event.data);
      // The master keeps its own bits and gains the duplicate's, workgroup by workgroup.
      await trx.raw(
        `INSERT INTO ?? (workgroup_id, user_id, permission)
           SELECT workgroup_id, ?, permission FROM ?? WHERE user_id = ?
         ON CONFLICT (workgroup_id, user_id) DO UPDATE
           SET permission = ??.permission | excluded.permission`,
        [members, masterId, members, duplicateId, members],
      );
      await trx(members).where({ user_id: duplicateId }).delete();
      // The duplicate is merged away (inactive, as the users list shows it): it signs in no more.
      await trx(users).where({ id: duplicateId }).update({ is_active: false });
      return;
    }
    case 'ProgressStepCreated':
    case 'ProgressStepUpdated': {
      const step = StepFields.parse(event.data);
      const columns: Record<string, unknown> = {};
      if (step.AcademicPeriodId !== undefined) columns.academic_period_id = step.AcademicPeriodId;
      if (step.stepId !== undefined) columns.step_id = step.stepId;
      if (step.isActive !== undefined) columns.is_active = step.isActive;
      if (event.type === 'ProgressStepCreated') {
        await trx(steps)
          .insert({ id: step.id, ...columns })
          .onConflict('id')
          .merge();
      } else if (Object.keys(columns).length > 0) {
        await trx(steps).where({ id: step.id }).update(columns);
      }
      return;
    }
    case 'ProgressStepDeactivated':
      // "Deactivate" on the steps list: the step no longer counts toward the current one.
      await trx(steps).where(Id.parse(event.data)).update({ is_active: false });
      return;
    case 'ProgressStepDeleted':
      await trx(steps).where(Id.parse(event.data)).delete();
      return;
    case 'UserSettingCreated':
    case 'UserSettingUpdated': {
      // Only whose settings they are: a merge moves the duplicate's to the master.
      const setting = UserSettingFields.parse(event.data);
      if (setting.UserId === undefined) return;
      await trx(ctx.table(AUTH_USER_SETTINGS_TABLE))
        .insert({ id: setting.id, user_id: setting.UserId })
        .onConflict('id')
        .merge();
      return;
    }
    case 'UserSettingDeleted':
      await trx(ctx.table(AUTH_USER_SETTINGS_TABLE)).where(Id.parse(event.data)).delete();
      return;
    case 'AcademicPeriodCreated': {
      const { id } = PeriodFields.parse(event.data);
      await trx(periods).insert({ id, is_system_active: false }).onConflict('id').ignore();
      return;
    }
    case 'AcademicPeriodDeleted':
      await trx(periods).where(Id.parse(event.data)).delete();
      return;
    case 'SessionEnded': {
      const { userId, sid } = SessionEnded.parse(event.data);
      const ended = ctx.table(AUTH_ENDED_SESSIONS_TABLE);
      const at = event.metadata.occurredAt ?? event.createdAt.toISOString();
      await trx(ended).insert({ sid, user_id: userId, ended_at: at }).onConflict('sid').ignore();
      // Expired by now anyway: the table stays as small as the number of recent logouts.
      await trx.raw(`DELETE FROM ?? WHERE ended_at < ?::timestamptz - ${ENDED_SESSIONS_KEPT}`, [
        ended,
        at,
      ]);
      return;
    }
    case 'SessionsEndedEverywhere': {
      const { userId, before } = SessionsEndedEverywhere.parse(event.data);
      await trx.raw(
        `UPDATE ?? SET sessions_valid_from = GREATEST(sessions_valid_from, ?::timestamptz)
         WHERE id = ?`,
        [users, before, userId],
      );
      return;
    }
    case 'SystemActiveAcademicPeriodChanged': {
      const { id } = SystemActiveAcademicPeriodChanged.parse(event.data);
      await trx(periods).update({ is_system_active: false });
      if (id !== null) await trx(periods).where({ id }).update({ is_system_active: true });
      return;
    }
    default:
      return;
  }
}

/**
 * What sessions are built from: users (roles, active, working period), workgroup members with
 * their bits, progress steps and the system-active period. One read model for one query (DESIGN
 * §5): the auth context, asked on every request, reads a few narrow rows.
 */
export const authFactsProjection: Projection = {
  name: 'auth_facts',
  // 2: a merged duplicate is inactive; 3: a deactivated step is inactive; 4: ended sessions
  // (rebuilt on start).
  version: 4,
  eventTypes: [
    'UserCreated',
    'UserUpdated',
    'UserDeactivated',
    'UserDeleted',
    'WorkingAcademicPeriodChanged',
    'WorkgroupCreated',
    'WorkgroupUpdated',
    'WorkgroupDeleted',
    'UsersMerged',
    'ProgressStepCreated',
    'ProgressStepUpdated',
    'ProgressStepDeactivated',
    'ProgressStepDeleted',
    'UserSettingCreated',
    'UserSettingUpdated',
    'UserSettingDeleted',
    'AcademicPeriodCreated',
    'AcademicPeriodDeleted',
    'SystemActiveAcademicPeriodChanged',
    'SessionEnded',
    'SessionsEndedEverywhere',
  ],
  tables: [
    AUTH_USERS_TABLE,
    AUTH_MEMBERS_TABLE,
    AUTH_STEPS_TABLE,
    AUTH_PERIODS_TABLE,
    AUTH_USER_SETTINGS_TABLE,
    AUTH_ENDED_SESSIONS_TABLE,
  ],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         first_name text NOT NULL DEFAULT '',
         last_name text NOT NULL DEFAULT '',
         display_name text NOT NULL DEFAULT '',
         email text,
         username text,
         roles jsonb NOT NULL DEFAULT '[]',
         is_active boolean NOT NULL DEFAULT true,
         working_period_id text,
         sessions_valid_from timestamptz
       )`,
      [ctx.table(AUTH_USERS_TABLE)],
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         sid text PRIMARY KEY,
         user_id text NOT NULL,
         ended_at timestamptz NOT NULL
       )`,
      [ctx.table(AUTH_ENDED_SESSIONS_TABLE)],
    );
    await trx.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (user_id)`, [
      `${ctx.physicalName(AUTH_ENDED_SESSIONS_TABLE)}_user`,
      ctx.table(AUTH_ENDED_SESSIONS_TABLE),
    ]);
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         workgroup_id text NOT NULL,
         user_id text NOT NULL,
         permission integer NOT NULL,
         PRIMARY KEY (workgroup_id, user_id)
       )`,
      [ctx.table(AUTH_MEMBERS_TABLE)],
    );
    await trx.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (user_id)`, [
      `${ctx.physicalName(AUTH_MEMBERS_TABLE)}_user`,
      ctx.table(AUTH_MEMBERS_TABLE),
    ]);
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         academic_period_id text NOT NULL DEFAULT '',
         step_id integer NOT NULL DEFAULT 0,
         is_active boolean NOT NULL DEFAULT false
       )`,
      [ctx.table(AUTH_STEPS_TABLE)],
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         is_system_active boolean NOT NULL DEFAULT false
       )`,
      [ctx.table(AUTH_PERIODS_TABLE)],
    );
    await trx.raw(`CREATE TABLE IF NOT EXISTS ?? (id text PRIMARY KEY, user_id text NOT NULL)`, [
      ctx.table(AUTH_USER_SETTINGS_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    for (const event of events) await applyOne(trx, event, ctx);
    // The auth context's step (and so the step-6 abilities) is read from here: announce a step
    // change once this read model has it, so a browser refreshing its abilities reads the new
    // step (the steps list announces it too, from its own read model).
    const step = events.findLast((e) => e.type.startsWith('ProgressStep'));
    // Likewise the working period: that user's browsers read their context anew on it.
    const periods = events
      .filter((e) => e.type === 'WorkingAcademicPeriodChanged')
      .map(workingPeriodUpdatedOf);
    return step
      ? [
          ...periods,
          { event: ACTIVE_STEPS_CHANGED, rooms: ['all'], actorId: step.metadata.actorId ?? null },
        ]
      : periods;
  },
};
