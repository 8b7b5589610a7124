import type { Knex } from 'knex';
import { users, workgroups, type ResourceDefinition } from '@allot/shared-events';

type Row = Record<string, unknown>;

interface MemberLink {
  id: string;
  UserId: string;
  permission: number;
}

function membersOf(row: Row): MemberLink[] {
  return Array.isArray(row.members) ? (row.members as MemberLink[]) : [];
}

/**
 * `include=true` on workgroups: spec §3's `Users`, each with its WorkgroupUser link record. A
 * member whose user is gone keeps its link with null names (the UI labels it "Error!!").
 */
async function workgroupUsers(knex: Knex, usersTable: string, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.flatMap((r) => membersOf(r).map((m) => m.UserId)))];
  const found =
    ids.length === 0
      ? []
      : await knex<{ id: string; data: Row }>(usersTable)
          .select('id', 'data')
          .whereIn('id', ids)
          .whereNull('deleted_at');
  const byId = new Map(found.map((u) => [u.id, u.data]));
  return rows.map((row) => ({
    ...row,
    Users: membersOf(row).map((m) => {
      const user = byId.get(m.UserId);
      return {
        id: m.UserId,
        displayName: user?.displayName ?? null,
        firstName: user?.firstName ?? null,
        lastName: user?.lastName ?? null,
        WorkgroupUser: {
          id: m.id,
          UserId: m.UserId,
          WorkgroupId: row.id,
          permission: m.permission,
        },
      };
    }),
  }));
}

/** Adds the associated records a kind offers with `include=true`; others answer as they are. */
export async function withIncludes(
  knex: Knex,
  tableOf: (resource: ResourceDefinition) => Promise<string>,
  resource: ResourceDefinition,
  rows: Row[],
): Promise<Row[]> {
  if (resource.name === workgroups.name) return workgroupUsers(knex, await tableOf(users), rows);
  return rows;
}
