import type { Knex } from 'knex';
import { roleSlugSchema, type RoleSlug } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import type { AuthFacts, AuthUser } from './authFacts.js';
import {
  AUTH_MEMBERS_TABLE,
  AUTH_PERIODS_TABLE,
  AUTH_STEPS_TABLE,
  AUTH_USERS_TABLE,
  AUTH_USER_SETTINGS_TABLE,
  AUTH_ENDED_SESSIONS_TABLE,
  authFactsProjection,
} from './authFactsProjection.js';

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string | null;
  username: string | null;
  roles: unknown;
  is_active: boolean;
  working_period_id: string | null;
  sessions_valid_from?: string | null;
}

interface SessionRow {
  users: UserRow[] | null;
  period_id: string | null;
  step_id: number | string | null;
  permissions: { id: string; permission: number }[] | null;
  ended: string[] | null;
}

/** Roles arrive from the read model; a slug the code no longer knows grants nothing. */
function knownRoles(value: unknown): RoleSlug[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((slug) => {
    const parsed = roleSlugSchema.safeParse(slug);
    return parsed.success ? [parsed.data] : [];
  });
}

function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    displayName: row.display_name || `${row.first_name} ${row.last_name}`.trim(),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    roles: knownRoles(row.roles),
    isActive: row.is_active,
    workingAcademicPeriodId: row.working_period_id,
    sessionsValidFrom: row.sessions_valid_from
      ? new Date(row.sessions_valid_from).toISOString()
      : null,
  };
}

/** AuthFacts and the session directory over the authFacts read model. */
export function createReadModelAuthFacts(
  knex: Knex,
  tables: TableResolver,
): AuthFacts & {
  isActiveUser(userId: string): Promise<boolean>;
  academicPeriodExists(academicPeriodId: string): Promise<boolean>;
  workgroupIdsOf(userId: string): Promise<string[]>;
  userSettingIdsOf(userId: string): Promise<string[]>;
  /** Every user (active or not) whose username or e-mail the identity names. */
  usersMatchingLogin(identity: {
    subject?: string;
    email?: string;
    username?: string;
  }): Promise<AuthUser[]>;
} {
  const table = (logical: string) => tables.table(authFactsProjection.name, logical);
  const userById = async (id: string) => {
    const row = await knex(await table(AUTH_USERS_TABLE))
      .where({ id })
      .first<UserRow | undefined>();
    return row ? toAuthUser(row) : null;
  };
  return {
    userById,
    async sessionFacts(userId, workingUserId) {
      // One statement instead of four reads: every request resolves its session.
      const [users, members, steps, periods, ended] = await Promise.all([
        table(AUTH_USERS_TABLE),
        table(AUTH_MEMBERS_TABLE),
        table(AUTH_STEPS_TABLE),
        table(AUTH_PERIODS_TABLE),
        table(AUTH_ENDED_SESSIONS_TABLE),
      ]);
      const result = await knex.raw<{ rows: SessionRow[] }>(
        `WITH working AS (SELECT working_period_id FROM ?? WHERE id = ?),
           period AS (SELECT COALESCE((SELECT working_period_id FROM working),
             (SELECT id FROM ?? WHERE is_system_active LIMIT 1)) AS id)
         SELECT
           (SELECT json_agg(u) FROM ?? AS u WHERE u.id IN (?, ?)) AS users,
           period.id AS period_id,
           (SELECT max(step_id) FROM ?? WHERE academic_period_id = period.id AND is_active)
             AS step_id,
           (SELECT json_agg(json_build_object('id', workgroup_id, 'permission', permission)
              ORDER BY workgroup_id) FROM ?? WHERE user_id = ?) AS permissions,
           (SELECT json_agg(sid ORDER BY sid) FROM ?? WHERE user_id = ?) AS ended
         FROM period`,
        [
          users,
          workingUserId,
          periods,
          users,
          userId,
          workingUserId,
          steps,
          members,
          workingUserId,
          ended,
          userId,
        ],
      );
      const row = result.rows[0];
      const found = (row?.users ?? []).map(toAuthUser);
      return {
        authenticated: found.find((u) => u.id === userId) ?? null,
        working: found.find((u) => u.id === workingUserId) ?? null,
        workingAcademicPeriodId: row?.period_id ?? null,
        progressStepId:
          row?.step_id === null || row?.step_id === undefined ? null : Number(row.step_id),
        workgroupPermissions: row?.permissions ?? [],
        endedSessionIds: row?.ended ?? [],
      };
    },
    async workgroupPermissionsOf(userId) {
      const rows = await knex(await table(AUTH_MEMBERS_TABLE))
        .where({ user_id: userId })
        .orderBy('workgroup_id')
        .select<{ workgroup_id: string; permission: number }[]>('workgroup_id', 'permission');
      return rows.map((r) => ({ id: r.workgroup_id, permission: r.permission }));
    },
    async progressStepIdOf(periodId) {
      const row: unknown = await knex(await table(AUTH_STEPS_TABLE))
        .where({ academic_period_id: periodId, is_active: true })
        .max('step_id as max')
        .first();
      const max = row !== null && typeof row === 'object' && 'max' in row ? row.max : null;
      return max === null || max === undefined ? null : Number(max);
    },
    async endedSessionIdsOf(userId) {
      const rows = await knex(await table(AUTH_ENDED_SESSIONS_TABLE))
        .where({ user_id: userId })
        .orderBy('sid')
        .select<{ sid: string }[]>('sid');
      return rows.map((r) => r.sid);
    },
    async systemActivePeriodId() {
      const row = await knex(await table(AUTH_PERIODS_TABLE))
        .where({ is_system_active: true })
        .first<{ id: string } | undefined>('id');
      return row?.id ?? null;
    },
    async isActiveUser(userId) {
      return (await userById(userId))?.isActive === true;
    },
    async workgroupIdsOf(userId) {
      const rows = await knex(await table(AUTH_MEMBERS_TABLE))
        .where({ user_id: userId })
        .orderBy('workgroup_id')
        .select<{ workgroup_id: string }[]>('workgroup_id');
      return rows.map((r) => r.workgroup_id);
    },
    async userSettingIdsOf(userId) {
      const rows = await knex(await table(AUTH_USER_SETTINGS_TABLE))
        .where({ user_id: userId })
        .orderBy('id')
        .select<{ id: string }[]>('id');
      return rows.map((r) => r.id);
    },
    async usersMatchingLogin({ subject, email, username }) {
      // The demo provider's subject is the username; other providers match by verified e-mail.
      const names = [username, subject].filter((v): v is string => typeof v === 'string');
      if (names.length === 0 && email === undefined) return [];
      const rows = await knex(await table(AUTH_USERS_TABLE))
        .where((q) => {
          for (const name of names) q.orWhereRaw('lower(username) = lower(?)', [name]);
          if (email !== undefined) q.orWhereRaw('lower(email) = lower(?)', [email]);
        })
        .orderBy('id')
        .select<UserRow[]>();
      return rows.map(toAuthUser);
    },
    async academicPeriodExists(academicPeriodId) {
      const row = await knex(await table(AUTH_PERIODS_TABLE))
        .where({ id: academicPeriodId })
        .first<{ id: string } | undefined>('id');
      return row !== undefined;
    },
  };
}
