import type { Knex } from 'knex';
import {
  ASSIGNMENT_STATUS_LABELS,
  academicPeriods,
  academicTerms,
  administrativeAssignments,
  users,
  workgroups,
  type AssignmentStatus,
  type EmailRecipient,
  type RecipientFilter,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { PREFERENCE_SUBMISSIONS_TABLE, preferencesProjection } from '../preferences/projection.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from '../sections/projection.js';

/** What a recipient's merge fields are filled from (the command service's `RecipientFacts`). */
export interface EmailRecipientFacts {
  UserId: string;
  firstName: string;
  lastName: string;
  name: string;
  assignments: { label: string; term: string | null; points: number; status: string }[];
  workload: { required: number; assigned: number };
}

const NAME =
  "coalesce(nullif(u.data->>'displayName', ''), concat_ws(' ', u.data->>'firstName', u.data->>'lastName'))";
const round = (n: unknown) => Math.round(Number(n ?? 0) * 100) / 100;

/**
 * Who an e-mail to instructors reaches (docs/email.md), read from the read models: the active
 * faculty, narrowed by workgroup (its members, and whoever teaches its sections in the period),
 * instructor type, rank, having assignments in the period or not (teaching or administrative),
 * and not having submitted preferences for it. Each with whether they receive mail: not when
 * their profile turns e-mail off (receive emails) or they have no address.
 */
export function createEmailRecipientReader(knex: Knex, tables: TableResolver) {
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  async function period(id: string) {
    const row = await knex(await recordsOf(academicPeriods))
      .whereNull('deleted_at')
      .where({ id })
      .first<{ id: string; name: string } | undefined>('id', knex.raw("data->>'name' as name"));
    return row ?? null;
  }

  async function matching(
    filter: RecipientFilter,
    options: { onlyUserIds?: readonly string[]; q?: string } = {},
  ) {
    const [u, sa, aa, wg, subs] = await Promise.all([
      recordsOf(users),
      tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE),
      recordsOf(administrativeAssignments),
      recordsOf(workgroups),
      tables.table(preferencesProjection.name, PREFERENCE_SUBMISSIONS_TABLE),
    ]);
    const periodId = filter.AcademicPeriodId;
    // Subqueries for whereExists: callbacks that build, answering nothing (a builder is a thenable).
    const teaches =
      (workgroupId?: string) =>
      (q: Knex.QueryBuilder): void => {
        void q
          .select(knex.raw('1'))
          .from(sa)
          .whereRaw('user_id = u.id')
          .where({ deleted: false, academic_period_id: periodId })
          .whereNot({ status: 'withdrawn' })
          .modify((w) => {
            if (workgroupId) void w.where({ workgroup_id: workgroupId });
          });
      };
    const holdsDuty = (q: Knex.QueryBuilder): void => {
      void q
        .select(knex.raw('1'))
        .from(aa)
        .whereNull('deleted_at')
        .whereRaw("data->>'UserId' = u.id and data->>'AcademicPeriodId' = ?", [periodId]);
    };
    const member =
      (workgroupId: string) =>
      (q: Knex.QueryBuilder): void => {
        void q
          .select(knex.raw('1'))
          .from(wg)
          .where({ id: workgroupId })
          .whereNull('deleted_at')
          .whereRaw("data->'members' @> jsonb_build_array(jsonb_build_object('UserId', u.id))");
      };
    const unsubmitted = (q: Knex.QueryBuilder): void => {
      void q
        .select(knex.raw('1'))
        .from(subs)
        .whereRaw('user_id = u.id')
        .where({ period_id: periodId, status: 'submitted' });
    };
    // Wrapped: a query builder is a thenable, and an async function's answer would run it.
    const query = knex({ u })
      .whereNull('u.deleted_at')
      .whereRaw("coalesce((u.data->>'isFaculty')::boolean, false)")
      .whereRaw("coalesce((u.data->>'isActive')::boolean, true)")
      .whereRaw("coalesce((u.data->'FacultyProfile'->>'isActive')::boolean, true)")
      .modify((q) => {
        if (options.onlyUserIds) q.whereIn('u.id', [...options.onlyUserIds]);
        if (filter.InstructorTypeId) {
          q.whereRaw("u.data->'FacultyProfile'->>'InstructorTypeId' = ?", [
            filter.InstructorTypeId,
          ]);
        }
        if (filter.RankId) q.whereRaw("u.data->'FacultyProfile'->>'RankId' = ?", [filter.RankId]);
        if (filter.WorkgroupId) {
          const id = filter.WorkgroupId;
          q.where((w) => {
            void w.whereExists(teaches(id)).orWhereExists(member(id));
          });
        }
        if (filter.assignments === 'with') {
          q.where((w) => {
            void w.whereExists(teaches()).orWhereExists(holdsDuty);
          });
        }
        if (filter.assignments === 'without') q.whereNotExists(teaches()).whereNotExists(holdsDuty);
        if (filter.preferences === 'notSubmitted') q.whereNotExists(unsubmitted);
        if (options.q) {
          const like = `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          q.whereRaw(`lower(${NAME} || ' ' || coalesce(u.data->>'email', '')) like ?`, [like]);
        }
      });
    return { query };
  }

  const SKIPPED = `case
      when not coalesce((u.data->'FacultyProfile'->>'receiveAssignments')::boolean, false) then 'optedOut'
      when coalesce(nullif(trim(u.data->>'email'), ''), '') = '' then 'noAddress'
    end`;
  const columns = () => [
    'u.id',
    knex.raw(`${NAME} as name`),
    knex.raw("nullif(trim(u.data->>'email'), '') as email"),
    knex.raw(`${SKIPPED} as skipped`),
  ];
  type Row = { id: string; name: string | null; email: string | null; skipped: string | null };
  const recipientOf = (r: Row): EmailRecipient => ({
    UserId: r.id,
    name: r.name ?? r.id,
    email: r.email,
    skipped: r.skipped === 'optedOut' || r.skipped === 'noAddress' ? r.skipped : null,
  });

  /** Every instructor the filter finds (of these only, when named), by name. */
  async function recipients(
    filter: RecipientFilter,
    onlyUserIds?: readonly string[],
  ): Promise<EmailRecipient[]> {
    const { query } = await matching(filter, onlyUserIds ? { onlyUserIds } : {});
    const rows: Row[] = await query.select(columns()).orderByRaw(`lower(${NAME}), u.id`);
    return rows.map(recipientOf);
  }

  /** A page of them (searched by name or address), with how many match and how many receive. */
  async function page(
    filter: RecipientFilter,
    options: { q?: string; take: number; skip: number },
  ) {
    const { query: base } = await matching(filter, options.q ? { q: options.q } : {});
    const [counted]: { count: string; receiving: string }[] = await base
      .clone()
      .select(
        knex.raw('count(*) as count'),
        knex.raw(`count(*) filter (where (${SKIPPED}) is null) as receiving`),
      );
    const rows = await base
      .select<Row[]>(columns())
      .orderByRaw(`lower(${NAME}), u.id`)
      .limit(options.take)
      .offset(options.skip);
    return {
      count: Number(counted?.count ?? 0),
      receiving: Number(counted?.receiving ?? 0),
      rows: rows.map(recipientOf),
    };
  }

  /** Each named instructor's period: their sections (named, with term and points) and workload. */
  async function facts(
    periodId: string,
    userIds: readonly string[],
  ): Promise<Map<string, EmailRecipientFacts>> {
    const result = new Map<string, EmailRecipientFacts>();
    if (userIds.length === 0) return result;
    const [u, sa, sections, terms, aa] = await Promise.all([
      recordsOf(users),
      tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE),
      tables.table(sectionsProjection.name, SECTIONS_TABLE),
      recordsOf(academicTerms),
      recordsOf(administrativeAssignments),
    ]);
    for (let i = 0; i < userIds.length; i += 1000) {
      const ids = userIds.slice(i, i + 1000);
      const people: {
        id: string;
        name: string | null;
        first_name: string;
        last_name: string;
        required: string | number;
      }[] = await knex({ u })
        .whereIn('u.id', ids)
        .select(
          'u.id',
          knex.raw(`${NAME} as name`),
          knex.raw("coalesce(u.data->>'firstName', '') as first_name"),
          knex.raw("coalesce(u.data->>'lastName', '') as last_name"),
          knex.raw(
            "coalesce((u.data->'FinancialData'->>'pointsRequired')::numeric, 0) as required",
          ),
        );
      for (const p of people) {
        result.set(p.id, {
          UserId: p.id,
          firstName: p.first_name,
          lastName: p.last_name,
          name: p.name ?? p.id,
          assignments: [],
          workload: { required: round(p.required), assigned: 0 },
        });
      }
      const taught: {
        user_id: string;
        course_number: string | null;
        course_name: string | null;
        section_number: string;
        status: AssignmentStatus;
        points: number;
        term: string | null;
      }[] = await knex({ a: sa })
        .leftJoin({ s: sections }, 's.id', 'a.section_id')
        .leftJoin({ t: terms }, (j) => {
          j.on('t.id', '=', knex.raw("s.state->'section'->'TermMode'->>'AcademicTermId'"));
        })
        .whereIn('a.user_id', ids)
        .where({ 'a.deleted': false, 'a.academic_period_id': periodId })
        .whereNot('a.status', 'withdrawn')
        .orderBy(['a.course_number', 'a.section_number'])
        .select(
          'a.user_id',
          'a.course_number',
          'a.course_name',
          'a.section_number',
          'a.status',
          'a.points',
          knex.raw("t.data->>'name' as term"),
        );
      for (const a of taught) {
        const person = result.get(a.user_id);
        if (!person) continue;
        const course = [a.course_number, a.section_number].filter(Boolean).join('-');
        person.assignments.push({
          label: a.course_name ? `${course} ${a.course_name}` : course,
          term: a.term,
          points: round(a.points),
          status: (ASSIGNMENT_STATUS_LABELS[a.status] ?? a.status).toLowerCase(),
        });
        person.workload.assigned = round(person.workload.assigned + Number(a.points));
      }
      const duties: { user_id: string; points: string | number }[] = await knex(aa)
        .whereNull('deleted_at')
        .whereRaw("data->>'AcademicPeriodId' = ?", [periodId])
        .whereRaw(`data->>'UserId' in (${ids.map(() => '?').join(', ')})`, [...ids])
        .select(
          knex.raw("data->>'UserId' as user_id"),
          knex.raw("sum((data->>'points')::numeric) as points"),
        )
        .groupByRaw("data->>'UserId'");
      for (const d of duties) {
        const person = result.get(d.user_id);
        if (person) person.workload.assigned = round(person.workload.assigned + Number(d.points));
      }
    }
    return result;
  }

  return { period, recipients, page, facts };
}
export type EmailRecipientReader = ReturnType<typeof createEmailRecipientReader>;
