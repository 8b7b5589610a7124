import { allResources, type AppAbility, type SubjectName } from '@allot/shared-events';
import type { Knex } from 'knex';

/** SQL over a change row (`c`) with its bindings. */
export interface Sql {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** The columns a permission's conditions may name, as the change row holds them. */
const CONDITION_COLUMNS: Readonly<Record<string, string>> = {
  WorkgroupId: 'c.workgroup_id',
  UserId: 'c.user_id',
  AcademicPeriodId: 'c.period_id',
};

const FALSE: Sql = { sql: 'false', bindings: [] };
const TRUE: Sql = { sql: 'true', bindings: [] };

/** One rule's conditions as SQL, or null when they name what a change row does not hold. */
function conditionSql(conditions: Record<string, unknown> | undefined): Sql | null {
  if (!conditions) return TRUE;
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  for (const [field, value] of Object.entries(conditions)) {
    const column = CONDITION_COLUMNS[field];
    if (!column) return null;
    if (typeof value === 'string') {
      parts.push(`${column} = ?`);
      bindings.push(value);
    } else if (
      typeof value === 'object' &&
      value !== null &&
      Object.keys(value).length === 1 &&
      Array.isArray((value as { $in?: unknown }).$in)
    ) {
      parts.push(`${column} = ANY(?::text[])`);
      bindings.push((value as { $in: string[] }).$in.map(String));
    } else {
      return null;
    }
  }
  return { sql: parts.length > 0 ? `(${parts.join(' AND ')})` : 'true', bindings };
}

/**
 * Which records of one subject the viewer may read, as SQL: CASL's rules in priority order, each
 * grant bounded by the refusals above it. Conditions the change rows cannot check (a field they
 * do not hold) grant nothing and, in a refusal, refuse everything: never more than CASL allows.
 */
export function readableSql(ability: AppAbility, subject: SubjectName): Sql {
  const grants: Sql[] = [];
  const refusals: Sql[] = [];
  for (const rule of ability.rulesFor('read', subject)) {
    // A rule about some fields only decides what of a record is shown, not whether it is.
    if (rule.fields) continue;
    const condition = conditionSql(rule.conditions);
    if (rule.inverted) {
      if (condition === null || condition === TRUE) break;
      refusals.push(condition);
      continue;
    }
    if (condition === null) continue;
    const bounded = [condition, ...refusals.map((r) => ({ ...r, sql: `NOT ${r.sql}` }))];
    grants.push({
      sql: bounded.map((b) => b.sql).join(' AND '),
      bindings: bounded.flatMap((b) => b.bindings),
    });
  }
  if (grants.length === 0) return FALSE;
  return {
    sql: `(${grants.map((g) => `(${g.sql})`).join(' OR ')})`,
    bindings: grants.flatMap((g) => g.bindings),
  };
}

const or = (parts: Sql[]): Sql => {
  const kept = parts.filter((p) => p.sql !== 'false');
  if (kept.length === 0) return FALSE;
  return {
    sql: `(${kept.map((p) => p.sql).join(' OR ')})`,
    bindings: kept.flatMap((p) => p.bindings),
  };
};

/** One's own records: theirs now, or theirs before the change (an assignment given away). */
const mine = (userId: string): Sql => ({
  sql: '(c.user_id = ? OR c.previous_user_id = ?)',
  bindings: [userId, userId],
});

const own = (ability: AppAbility, subject: SubjectName, userId: string): Sql =>
  ability.can('read', subject) ? mine(userId) : FALSE;

/**
 * The records of each kind the viewer may read, as the pages that show them decide: a section
 * with the Section subject (a chair's workgroups), an assignment on the Section Assignments page
 * or in the section it belongs to, or on one's own My pages; preferences with the instructors'
 * pages or one's own; a declared kind with its subject, or its owner.
 */
export function visibleChangesSql(ability: AppAbility, userId: string): Sql {
  const kinds: { kind: string; visible: Sql }[] = [
    { kind: 'section', visible: readableSql(ability, 'Section') },
    {
      kind: 'assignment',
      visible: or([
        readableSql(ability, 'SectionAssignment'),
        readableSql(ability, 'Section'),
        own(ability, 'MySectionAssignment', userId),
      ]),
    },
    {
      kind: 'preferences',
      visible: or([
        readableSql(ability, 'Instructor'),
        own(ability, 'MyTeachingPreference', userId),
      ]),
    },
    { kind: 'approval', visible: readableSql(ability, 'WorkgroupApproval') },
    ...allResources.map((resource) => ({
      kind: resource.name,
      visible: or([
        readableSql(ability, resource.subject),
        ...(resource.ownerField ? [mine(userId)] : []),
        ...(resource.name === 'administrativeAssignment'
          ? [readableSql(ability, 'MyAdminAssignment')]
          : []),
      ]),
    })),
  ];
  return or(
    kinds
      .filter((k) => k.visible.sql !== 'false')
      .map((k) => ({
        sql: `(c.kind = ? AND ${k.visible.sql})`,
        bindings: [k.kind, ...k.visible.bindings],
      })),
  );
}
