import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  academicPeriods,
  academicTerms,
  assignmentTypes,
  courses,
  MyPreferencesAnswer,
  PreferenceChoicesAnswer,
  PreferenceListAnswer,
  PreferenceSubmissionsAnswer,
  teachingModes,
  SUBMISSION_STATUSES,
  users,
  type PreferenceLevel,
  type PreferencesState,
  type ResourceDefinition,
  type SubmissionStatus,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import {
  PREFERENCE_SUBMISSIONS_TABLE,
  TEACHING_PREFERENCES_TABLE,
  preferencesProjection,
} from './projection.js';

export interface PreferenceReadOptions {
  knex: Knex;
  tables: TableResolver;
}

const id = z.string().trim().min(1).max(100);
const Paging = {
  take: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
};
const PreferenceList = z
  .object({ ...Paging, AcademicPeriodId: id.optional(), UserId: id.optional() })
  .strict();
const SUBMISSION_SORTS = ['name', 'status', 'count', 'submittedAt'] as const;
const SubmissionList = z
  .object({
    ...Paging,
    AcademicPeriodId: id.optional(),
    /** One instructor's row (the instructor page's Preferences tab). */
    UserId: id.optional(),
    /** A status, or `unsubmitted`: anyone who has not submitted (not started, draft, reopened). */
    status: z.enum([...SUBMISSION_STATUSES, 'unsubmitted']).optional(),
    q: z.string().trim().max(200).optional(),
    sort: z.enum(SUBMISSION_SORTS).default('name'),
    order: z.enum(['ASC', 'DESC']).default('ASC'),
  })
  .strict();

interface PreferenceRow {
  id: string;
  user_id: string;
  period_id: string;
  level: PreferenceLevel;
  weight: number | null;
  course_id: string | null;
  assignment_type_id: string | null;
  academic_term_id: string | null;
  teaching_mode_id: string | null;
  notes: string | null;
  course_number: string | null;
  course_name: string | null;
  assignment_type_name: string | null;
  academic_term_name: string | null;
  teaching_mode_name: string | null;
}

/**
 * A preference as answered: its fields with the course's number and name (spec), and the names
 * of its assignment type, term and teaching mode (staff who read instructors may not list those).
 */
function preferenceView(r: PreferenceRow) {
  return {
    id: r.id,
    UserId: r.user_id,
    AcademicPeriodId: r.period_id,
    level: r.level,
    weight: r.weight,
    CourseId: r.course_id,
    courseNumber: r.course_number,
    courseName: r.course_name,
    AssignmentTypeId: r.assignment_type_id,
    assignmentTypeName: r.assignment_type_name,
    AcademicTermId: r.academic_term_id,
    academicTermName: r.academic_term_name,
    TeachingModeId: r.teaching_mode_id,
    teachingModeName: r.teaching_mode_name,
    notes: r.notes,
  };
}

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The query is not valid.', fields);
}

/**
 * GET /api/teachingPreferences/mine[/:AcademicPeriodId] (the session's user only; the working
 * period when none is named), GET /api/teachingPreferences and GET /api/preferenceSubmissions
 * (staff who read instructors: every faculty member of a period with their submission status,
 * "notStarted" when they have none).
 */
export function preferenceReadRoutes(
  fastify: FastifyInstance,
  options: PreferenceReadOptions,
  done: (err?: Error) => void,
): void {
  const { knex } = options;
  const own = (logical: string) => options.tables.table(preferencesProjection.name, logical);
  const kind = (resource: ResourceDefinition) =>
    options.tables.table(resourceProjectionName(resource), recordsTable(resource));
  const app = withAnswers(fastify);
  const viewerOf = (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = request.viewer;
    if (!viewer) sendError(reply, 401, 'Please log in.');
    return viewer;
  };

  /**
   * Preferences with their course's number and name and the names of their assignment type, term
   * and mode. Answered inside an object: a query builder is thenable, so a promise of one would run it.
   */
  const preferencesQuery = async () => {
    const [p, c, at, t, m] = await Promise.all([
      own(TEACHING_PREFERENCES_TABLE),
      kind(courses),
      kind(assignmentTypes),
      kind(academicTerms),
      kind(teachingModes),
    ]);
    const query = knex({ p })
      .leftJoin({ c }, 'c.id', 'p.course_id')
      .leftJoin({ at }, 'at.id', 'p.assignment_type_id')
      .leftJoin({ t }, 't.id', 'p.academic_term_id')
      .leftJoin({ m }, 'm.id', 'p.teaching_mode_id')
      .select(
        'p.*',
        knex.raw("c.data->>'courseNumber' as course_number"),
        knex.raw("c.data->>'name' as course_name"),
        knex.raw("at.data->>'name' as assignment_type_name"),
        knex.raw("t.data->>'name' as academic_term_name"),
        knex.raw("m.data->>'name' as teaching_mode_name"),
      );
    return { query };
  };

  async function mine(viewer: ResourceViewer, periodId: string | null, reply: FastifyReply) {
    if (!periodId) return answered(sendError(reply, 404, 'No academic period is active.'));
    const period = (await knex(await kind(academicPeriods))
      .where({ id: periodId })
      .first()) as { data: { name?: string; preferencesDueDate?: string } } | undefined;
    if (!period) return answered(sendError(reply, 404, `No academic period with id ${periodId}.`));
    const submission = (await knex(await own(PREFERENCE_SUBMISSIONS_TABLE))
      .where({ user_id: viewer.userId, period_id: periodId })
      .first()) as { revision: string; state: PreferencesState } | undefined;
    const { query: preferences } = await preferencesQuery();
    const rows = (await preferences
      .where({ 'p.user_id': viewer.userId, 'p.period_id': periodId })
      .orderBy('p.position')) as PreferenceRow[];
    const data = period.data;
    return {
      UserId: viewer.userId,
      AcademicPeriodId: periodId,
      periodName: data.name ?? null,
      dueDate: data.preferencesDueDate ?? null,
      status: submission?.state.status ?? 'notStarted',
      submittedAt: submission?.state.submittedAt ?? null,
      revision: submission ? Number(submission.revision) : null,
      unavailable: [...(submission?.state.unavailable ?? [])],
      preferences: rows.map(preferenceView),
    };
  }

  const mineOpts = { config: requiresRead('MyTeachingPreference') };
  const mine200 = { ...mineOpts, schema: { response: { 200: MyPreferencesAnswer } } };
  const gate = (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = viewerOf(request, reply);
    if (!viewer) return null;
    if (!viewer.ability.can('manage', 'MyTeachingPreference')) {
      sendError(reply, 403, 'Only faculty have teaching preferences.');
      return null;
    }
    return viewer;
  };
  app.get('/api/teachingPreferences/mine', mine200, async (request, reply) => {
    const viewer = gate(request, reply);
    if (!viewer) return answered(reply);
    const query = z.object({}).strict().safeParse(request.query);
    if (!query.success) return answered(invalid(reply, query.error));
    return mine(viewer, viewer.workingAcademicPeriodId, reply);
  });
  app.get('/api/teachingPreferences/mine/:AcademicPeriodId', mine200, async (request, reply) => {
    const viewer = gate(request, reply);
    if (!viewer) return answered(reply);
    const params = z.object({ AcademicPeriodId: id }).safeParse(request.params);
    if (!params.success) return answered(invalid(reply, params.error));
    return mine(viewer, params.data.AcademicPeriodId, reply);
  });

  /**
   * What a preference may name, for the faculty's form: they read no catalog or configuration
   * list themselves. Active courses, assignment types and teaching modes; the period's terms.
   */
  app.get(
    '/api/teachingPreferences/choices',
    { ...mineOpts, schema: { response: { 200: PreferenceChoicesAnswer } } },
    async (request, reply) => {
      const viewer = gate(request, reply);
      if (!viewer) return answered(reply);
      const query = z.object({ AcademicPeriodId: id.optional() }).strict().safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      const active = "coalesce((data->>'isActive')::boolean, true)";
      const named = async (resource: ResourceDefinition, scope?: (q: Knex.QueryBuilder) => void) =>
        (
          (await knex(await kind(resource))
            .select('id', knex.raw("data->>'name' as name"))
            .whereRaw(active)
            .modify((q) => scope?.(q))
            .orderByRaw("lower(data->>'name'), id")
            .limit(5000)) as { id: string; name: string }[]
        ).map((r) => ({ id: r.id, name: r.name }));
      const courseRows = (await knex(await kind(courses))
        .select(
          'id',
          knex.raw("data->>'courseNumber' as course_number"),
          knex.raw("data->>'name' as name"),
        )
        .whereRaw(active)
        .orderByRaw("data->>'courseNumber', id")
        .limit(5000)) as { id: string; course_number: string; name: string }[];
      return {
        AcademicPeriodId: periodId,
        courses: courseRows.map((c) => ({ id: c.id, courseNumber: c.course_number, name: c.name })),
        assignmentTypes: await named(assignmentTypes),
        teachingModes: await named(teachingModes),
        academicTerms: periodId
          ? await named(academicTerms, (q) => {
              q.whereRaw("data->>'AcademicPeriodId' = ?", [periodId]);
            })
          : [],
      };
    },
  );

  const staff = (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = viewerOf(request, reply);
    if (!viewer) return null;
    if (!viewer.ability.can('read', 'Instructor')) {
      sendError(reply, 403, "You may not read instructors' preferences.");
      return null;
    }
    return viewer;
  };

  app.get(
    '/api/teachingPreferences',
    {
      schema: { querystring: PreferenceList, response: { 200: PreferenceListAnswer } },
      config: requiresRead('Instructor'),
    },
    async (request, reply) => {
      const viewer = staff(request, reply);
      if (!viewer) return answered(reply);
      const query = PreferenceList.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { take, skip, UserId } = query.data;
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      const { query: list } = await preferencesQuery();
      const base = list.modify((q) => {
        if (periodId) q.where('p.period_id', periodId);
        if (UserId) q.where('p.user_id', UserId);
      });
      const [counted] = await base.clone().clearSelect().count<{ count: string }[]>({ count: '*' });
      const rows = (await base
        .orderBy([{ column: 'p.user_id' }, { column: 'p.position' }])
        .limit(take)
        .offset(skip)) as PreferenceRow[];
      return { count: Number(counted?.count ?? 0), rows: rows.map(preferenceView) };
    },
  );

  app.get(
    '/api/preferenceSubmissions',
    {
      schema: { querystring: SubmissionList, response: { 200: PreferenceSubmissionsAnswer } },
      config: requiresRead('Instructor'),
    },
    async (request, reply) => {
      const viewer = staff(request, reply);
      if (!viewer) return answered(reply);
      const query = SubmissionList.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { take, skip, UserId, status, q, sort, order } = query.data;
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return { count: 0, rows: [], AcademicPeriodId: null };
      const statusExpr = "coalesce(s.status, 'notStarted')";
      const nameExpr =
        "lower(coalesce(u.data->>'lastName', '') || ' ' || coalesce(u.data->>'firstName', ''))";
      const base = knex({ u: await kind(users) })
        .leftJoin({ s: await own(PREFERENCE_SUBMISSIONS_TABLE) }, function join() {
          this.on('s.user_id', '=', 'u.id').andOn('s.period_id', '=', knex.raw('?', [periodId]));
        })
        .whereRaw("coalesce((u.data->>'isFaculty')::boolean, false)")
        .whereRaw("coalesce((u.data->>'isActive')::boolean, true)")
        .modify((b) => {
          if (UserId) b.where('u.id', UserId);
          if (status === 'unsubmitted') b.whereRaw(`${statusExpr} <> 'submitted'`);
          else if (status) b.whereRaw(`${statusExpr} = ?`, [status]);
          if (q) {
            b.whereRaw(`(${nameExpr} || ' ' || lower(coalesce(u.data->>'email', ''))) like ?`, [
              `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
            ]);
          }
        });
      const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
      const orderExpr = {
        name: nameExpr,
        status: statusExpr,
        count: 'coalesce(s.preference_count, 0)',
        submittedAt: 's.submitted_at',
      }[sort];
      const rows = (await base
        .select(
          'u.id as user_id',
          knex.raw("u.data->>'firstName' as first_name"),
          knex.raw("u.data->>'lastName' as last_name"),
          knex.raw("u.data->>'email' as email"),
          knex.raw(`${statusExpr} as status`),
          knex.raw('coalesce(s.preference_count, 0) as preference_count'),
          's.submitted_at',
          's.updated_at',
        )
        .orderByRaw(`${orderExpr} ${order} NULLS LAST, u.id`)
        .limit(take)
        .offset(skip)) as {
        user_id: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        status: SubmissionStatus;
        preference_count: number;
        submitted_at: Date | null;
        updated_at: Date | null;
      }[];
      return {
        AcademicPeriodId: periodId,
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => ({
          UserId: r.user_id,
          AcademicPeriodId: periodId,
          name: [r.first_name, r.last_name].filter(Boolean).join(' '),
          email: r.email,
          status: r.status,
          count: Number(r.preference_count),
          submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
          updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
        })),
      };
    },
  );
  done();
}
