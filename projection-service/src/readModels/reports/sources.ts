import { ROLE_LABELS, type QueryableReportType } from '@allot/shared-events';
import type { Knex } from 'knex';
import { ASSIGNMENT_STEP } from '../workload/query.js';

/**
 * Each report type as one SELECT over the plan's versions, giving `id` and a column per key of
 * its definition (shared-events reports/definitions.ts), for the plan as of one instant: `v(kind)`
 * is the set of that kind's versions valid then. The query engine (query.ts) filters, sorts,
 * groups and pages on top; a test checks every declared column has its expression here.
 */
export interface SourceContext {
  /** The versions of a kind valid at the report's instant, as a parenthesised subquery. */
  v(kind: string): string;
  /** The period the report reads. */
  period: string | null;
  /** Every period at once (an instructor's teaching record); `period` is then ignored. */
  allPeriods?: boolean;
  /** Only this instructor's rows, for the types whose rows belong to one. */
  userId?: string | null;
  /** Whether the report reads the plan now (true) or as of a past instant. */
  now?: boolean;
}

export interface Source {
  sql: string;
  bindings: Knex.RawBinding[];
  /**
   * Columns a page may compute for its own rows only, as SQL over the row's `base.id`, when the
   * query neither filters, sorts, groups nor splits on them: a section's instructors' names are
   * then aggregated for the 50 rows shown, not for every section of the period.
   */
  late?: Readonly<Record<string, string>>;
}

const userName = (alias: string) =>
  `COALESCE(${alias}.state->>'displayName', trim(concat(${alias}.state->>'firstName', ' ', ${alias}.state->>'lastName')))`;
const num = (expression: string) => `(${expression})::double precision`;
const round2 = (expression: string) => `round((${expression})::numeric, 2)::double precision`;
const WEEKDAY_NAMES = "'{MO,Mon,TU,Tue,WE,Wed,TH,Thu,FR,Fri,SA,Sat,SU,Sun}'::text[]";
/** A meeting's days as people read them: ["TU","TH"] → "Tue/Thu". */
const daysText = (meeting: string) => `(SELECT string_agg(
    (${WEEKDAY_NAMES})[array_position(${WEEKDAY_NAMES}, d) + 1], '/' ORDER BY array_position(${WEEKDAY_NAMES}, d))
  FROM jsonb_array_elements_text(${meeting}->'days') AS d)`;

/**
 * A section's course through its offering (`oc`). For the plan now it is narrowed to what reports
 * read of it before it is joined (OFFSET 0 keeps PostgreSQL from flattening it): the joins then
 * carry three values per section, not two whole versions (a fifth of the Sections report's time
 * on the 20,000-section plan). As of a past instant it stays flat, so each section finds its
 * offering's and course's versions by key (a fenced one read every version alive then: 7 times
 * as slow).
 */
const sectionCourse = (c: SourceContext, section: string) => `LEFT JOIN (
      SELECT o.id, c.state->>'courseNumber' AS course_number, c.state->>'name' AS course_name,
        ${num("c.state->>'sectionCreditHours'")} AS credit_hours
      FROM ${c.v('courseOffering')} o LEFT JOIN ${c.v('course')} c ON c.id = o.state->>'CourseId'
      ${c.now ? 'OFFSET 0' : ''}) oc ON oc.id = ${section}.parent_id`;

/** DOMAIN.md: a section's points are its own, else its default, else the course's credit hours. */
const SECTION_POINTS = 'COALESCE(s.own_points, oc.credit_hours, 0)';

/** The columns every section-based report shares: course, section, workgroup, term, mode. */
function sectionColumns(c: SourceContext): { select: string; joins: string } {
  return {
    select: `oc.course_number AS "courseNumber",
      oc.course_name AS "courseName",
      s.section_number AS "sectionNumber",
      s.section_name AS "sectionName",
      w.state->>'name' AS workgroup,
      t.state->>'name' AS term,
      m.state->>'name' AS "teachingMode"`,
    joins: `${sectionCourse(c, 's')}
      LEFT JOIN ${c.v('workgroup')} w ON w.id = s.workgroup_id
      LEFT JOIN ${c.v('academicTerm')} t ON t.id = s.term_id
      LEFT JOIN ${c.v('teachingMode')} m ON m.id = s.mode_id`,
  };
}

/**
 * The live assignments of the report's sections, aggregated once per section (share total and,
 * with `names`, the instructors' names) and joined, rather than a subquery per section row: one
 * pass over the period's assignments whatever the number of sections.
 */
function assignmentTotals(
  c: SourceContext,
  bindings: Knex.RawBinding[],
  { names }: { names: boolean },
): string {
  const where = periodFilter('ia', c, bindings);
  // Without the names the sums read the assignments' covering index alone (no users joined,
  // nothing sorted): a third of the Sections report's time on the 20,000-section plan.
  return `LEFT JOIN (
      SELECT ia.parent_id AS section_id,
        sum(ia.share_percent) AS share_total
        ${names ? `, string_agg(${userName('iu')}, ', ' ORDER BY ${userName('iu')}) AS instructors` : ''}
      FROM ${c.v('assignment')} ia
      ${names ? `LEFT JOIN ${c.v('user')} iu ON iu.id = ia.user_id` : ''}
      WHERE ${where} AND ia.status <> 'withdrawn'
      GROUP BY ia.parent_id
    ) ag ON ag.section_id = s.id`;
}

/** A section's meetings in words ("Tue/Thu 09:30–10:45, SSH 120; …"), from its version `s`. */
function meetingsText(c: SourceContext, s: string): string {
  return `(SELECT string_agg(concat(${daysText('mt')}, ' ', mt->>'startTime', '–', mt->>'endTime',
                                    CASE WHEN l.id IS NULL THEN '' ELSE ', ' || (l.state->>'code') END), '; ')
      FROM jsonb_array_elements(${s}.state->'section'->'meetings') mt
      LEFT JOIN ${c.v('location')} l ON l.id = mt->>'LocationId')`;
}

/**
 * A section's instructors' names (live assignments), as a subquery per row: PostgreSQL leaves it
 * out when the report neither shows nor uses the names, and a page computes it for its own rows.
 */
function instructorNames(c: SourceContext, sectionId: string): string {
  return `(SELECT string_agg(${userName('iu')}, ', ' ORDER BY ${userName('iu')})
      FROM ${c.v('assignment')} ia LEFT JOIN ${c.v('user')} iu ON iu.id = ia.user_id
      WHERE ia.parent_id = ${sectionId} AND ia.status <> 'withdrawn')`;
}

const periodFilter = (alias: string, c: SourceContext, bindings: Knex.RawBinding[]) => {
  if (c.allPeriods) return 'true';
  bindings.push(c.period);
  return `${alias}.period_id = ?`;
};

/** Narrows to one instructor's rows when the query names one. */
const userFilter = (column: string, c: SourceContext, bindings: Knex.RawBinding[]) => {
  if (!c.userId) return 'true';
  bindings.push(c.userId);
  return `${column} = ?`;
};

const roleLabels = `(VALUES ${Object.entries(ROLE_LABELS)
  .map(([slug, label]) => `('${slug}', '${label.replace(/'/g, "''")}')`)
  .join(', ')}) AS rl(slug, label)`;

export const REPORT_SOURCES: Readonly<Record<QueryableReportType, (c: SourceContext) => Source>> = {
  Courses(c) {
    return {
      sql: `SELECT c.id,
          c.state->>'courseNumber' AS "courseNumber",
          c.state->>'name' AS name,
          w.state->>'name' AS workgroup,
          ${num("c.state->>'sectionCreditHours'")} AS "creditHours",
          ${num("c.state->>'unitsMax'")} AS "unitsMax",
          ${num("c.state->>'sectionMaxStudents'")} AS "maxStudents",
          COALESCE((c.state->>'isOffered')::boolean, true) AS "isOffered",
          COALESCE((c.state->>'isActive')::boolean, true) AS "isActive"
        FROM ${c.v('course')} c
        LEFT JOIN ${c.v('workgroup')} w ON w.id = c.workgroup_id`,
      bindings: [],
    };
  },

  CourseOfferings(c) {
    const bindings: Knex.RawBinding[] = [];
    const sectionPeriod = periodFilter('s', c, bindings);
    const where = periodFilter('o', c, bindings);
    return {
      sql: `SELECT o.id,
          c.state->>'courseNumber' AS "courseNumber",
          c.state->>'name' AS "courseName",
          w.state->>'name' AS workgroup,
          (SELECT string_agg(concat(t.state->>'name', ' — ', m.state->>'name'), ', '
                             ORDER BY t.state->>'name', m.state->>'name')
             FROM jsonb_array_elements(COALESCE(o.state->'termModes', '[]'::jsonb)) tm
             LEFT JOIN ${c.v('academicTerm')} t ON t.id = tm->>'AcademicTermId'
             LEFT JOIN ${c.v('teachingMode')} m ON m.id = tm->>'TeachingModeId') AS "termModes",
          COALESCE(sc.sections, 0)::double precision AS sections,
          COALESCE(sc.points, 0)::double precision AS points
        FROM ${c.v('courseOffering')} o
        LEFT JOIN ${c.v('course')} c ON c.id = o.state->>'CourseId'
        LEFT JOIN ${c.v('workgroup')} w ON w.id = c.workgroup_id
        -- Each offering's sections, counted once per period rather than per offering row; a
        -- section without points of its own takes the course's credit hours (DOMAIN.md).
        LEFT JOIN (
          SELECT s.parent_id AS offering_id, count(*) AS sections,
            sum(s.own_points) AS own_points,
            count(*) FILTER (WHERE s.own_points IS NULL) AS without_points
          FROM ${c.v('section')} s WHERE ${sectionPeriod}
          GROUP BY s.parent_id
        ) sc0 ON sc0.offering_id = o.id
        CROSS JOIN LATERAL (
          SELECT sc0.sections,
            ${round2(`COALESCE(sc0.own_points, 0) + COALESCE(sc0.without_points, 0) * COALESCE(${num("c.state->>'sectionCreditHours'")}, 0)`)} AS points
        ) sc
        WHERE ${where}`,
      bindings,
    };
  },

  Instructors(c) {
    const profile = (field: string) => `u.state->'FacultyProfile'->>'${field}'`;
    return {
      sql: `SELECT u.id,
          ${userName('u')} AS name,
          u.state->>'email' AS email,
          u.state->>'EmployeeId' AS "employeeId",
          it.state->>'name' AS "instructorType",
          r.state->>'name' AS rank,
          d.state->>'name' AS division,
          tr.state->>'name' AS track,
          ${num("u.state->'FinancialData'->>'pointsRequired'")} AS "pointsRequired",
          COALESCE((${profile('receiveAssignments')})::boolean, true) AS "receiveAssignments",
          COALESCE((u.state->>'isActive')::boolean, true) AS "isActive"
        FROM ${c.v('user')} u
        LEFT JOIN ${c.v('instructorType')} it ON it.id = ${profile('InstructorTypeId')}
        LEFT JOIN ${c.v('rank')} r ON r.id = ${profile('RankId')}
        LEFT JOIN ${c.v('division')} d ON d.id = ${profile('DivisionId')}
        LEFT JOIN ${c.v('track')} tr ON tr.id = ${profile('TrackId')}
        WHERE COALESCE((u.state->>'isFaculty')::boolean, false)`,
      bindings: [],
    };
  },

  InstructorWorkloads(c) {
    const profile = (field: string) => `u.state->'FacultyProfile'->>'${field}'`;
    return {
      sql: `WITH teaching AS (
          SELECT a.user_id,
                 sum(${SECTION_POINTS} * a.share_percent / 100) AS points,
                 count(*) AS sections
          FROM ${c.v('assignment')} a
          JOIN ${c.v('section')} s ON s.id = a.parent_id
          ${sectionCourse(c, 's')}
          WHERE a.period_id = ? AND a.status <> 'withdrawn'
          GROUP BY a.user_id
        ), taught_in AS (
          -- The workgroup of the sections an instructor teaches the most points in this period.
          SELECT DISTINCT ON (a.user_id) a.user_id, w.state->>'name' AS name
          FROM ${c.v('assignment')} a
          JOIN ${c.v('section')} s ON s.id = a.parent_id
          JOIN ${c.v('workgroup')} w ON w.id = s.workgroup_id
          ${sectionCourse(c, 's')}
          WHERE a.period_id = ? AND a.status <> 'withdrawn'
          GROUP BY a.user_id, w.state->>'name'
          ORDER BY a.user_id, sum(${SECTION_POINTS} * a.share_percent) DESC,
            w.state->>'name'
        ), admin AS (
          SELECT aa.user_id, sum(${num("aa.state->>'points'")}) AS points
          FROM ${c.v('administrativeAssignment')} aa WHERE aa.period_id = ?
          GROUP BY aa.user_id
        ), step AS (
          SELECT COALESCE(max(${num("ps.state->>'stepId'")}), 0) > ? AS closed
          FROM ${c.v('progressStep')} ps
          WHERE ps.period_id = ? AND COALESCE((ps.state->>'isActive')::boolean, false)
        ), loads AS (
          SELECT u.id,
            ${userName('u')} AS name,
            u.state->>'email' AS email,
            COALESCE(hw.name, ti.name) AS workgroup,
            it.state->>'name' AS "instructorType",
            r.state->>'name' AS rank,
            COALESCE(${num("u.state->'FinancialData'->>'pointsRequired'")}, 0) AS required,
            ${round2('COALESCE(t.points, 0)')} AS teaching,
            ${round2('COALESCE(ad.points, 0)')} AS administrative,
            COALESCE(t.sections, 0)::double precision AS sections
          FROM ${c.v('user')} u
          LEFT JOIN teaching t ON t.user_id = u.id
          LEFT JOIN admin ad ON ad.user_id = u.id
          LEFT JOIN taught_in ti ON ti.user_id = u.id
          -- An instructor's workgroup for grouping: the first by name of those they belong to,
          -- else (most instructors are no member of any) the one they teach the most in.
          LEFT JOIN (
            SELECT m->>'UserId' AS user_id, min(w.state->>'name') AS name
            FROM ${c.v('workgroup')} w
            CROSS JOIN LATERAL jsonb_array_elements(COALESCE(w.state->'members', '[]'::jsonb)) m
            GROUP BY m->>'UserId'
          ) hw ON hw.user_id = u.id
          LEFT JOIN ${c.v('instructorType')} it ON it.id = ${profile('InstructorTypeId')}
          LEFT JOIN ${c.v('rank')} r ON r.id = ${profile('RankId')}
          WHERE COALESCE((u.state->>'isFaculty')::boolean, false)
            AND COALESCE((u.state->>'isActive')::boolean, true)
        )
        SELECT l.*, ${round2('l.teaching + l.administrative')} AS assigned,
          ${round2('l.required - l.teaching - l.administrative')} AS remaining,
          CASE WHEN l.required - l.teaching - l.administrative < 0 THEN 'over'
               WHEN l.required - l.teaching - l.administrative > 0 AND (SELECT closed FROM step) THEN 'under'
               ELSE 'within' END AS load
        FROM loads l`,
      bindings: [c.period, c.period, c.period, ASSIGNMENT_STEP, c.period],
    };
  },

  Sections(c) {
    const bindings: Knex.RawBinding[] = [];
    const { select, joins } = sectionColumns(c);
    const totals = assignmentTotals(c, bindings, { names: false });
    const where = periodFilter('s', c, bindings);
    return {
      sql: `SELECT base.*,
          CASE WHEN base.share_total <= 0 THEN 'uncovered'
               WHEN abs(base.share_total - 100) < 0.01 THEN 'covered'
               WHEN base.share_total < 100 THEN 'partial' ELSE 'over' END AS coverage,
          ${round2('base.points * base.share_total / 100')} AS "assignedPoints",
          ${round2('round((base.points * base.share_total / 100)::numeric, 2) - base.points')} AS variance
        FROM (
          SELECT s.id, ${select},
            s.enrollment,
            ${SECTION_POINTS} AS points,
            COALESCE(ag.share_total, 0) AS share_total,
            ${instructorNames(c, 's.id')} AS instructors,
            ${meetingsText(c, 's')} AS meetings
          FROM ${c.v('section')} s
          ${totals}
          ${joins}
          WHERE ${where}
        ) base`,
      bindings,
      late: {
        instructors: instructorNames(c, 'base.id'),
        meetings: `(SELECT ${meetingsText(c, 'ls')} FROM ${c.v('section')} ls WHERE ls.id = base.id)`,
      },
    };
  },

  SectionSchedules(c) {
    const bindings: Knex.RawBinding[] = [];
    const { select, joins } = sectionColumns(c);
    const totals = assignmentTotals(c, bindings, { names: true });
    const where = periodFilter('s', c, bindings);
    return {
      sql: `SELECT concat(s.id, '/', mt->>'id') AS id, ${select},
          ${daysText('mt')} AS days,
          mt->>'startTime' AS "startTime",
          mt->>'endTime' AS "endTime",
          mt->>'startDate' AS "startDate",
          mt->>'until' AS "endDate",
          mt->>'frequency' AS frequency,
          l.state->>'code' AS room,
          ag.instructors
        FROM ${c.v('section')} s
        ${totals}
        CROSS JOIN LATERAL jsonb_array_elements(s.state->'section'->'meetings') mt
        LEFT JOIN ${c.v('location')} l ON l.id = mt->>'LocationId'
        ${joins}
        WHERE ${where}`,
      bindings,
    };
  },

  TeachingAssignments(c) {
    const bindings: Knex.RawBinding[] = [];
    const { select, joins } = sectionColumns(c);
    const where = periodFilter('a', c, bindings);
    const mine = userFilter('a.user_id', c, bindings);
    return {
      sql: `SELECT a.id, ${select},
          ${userName('u')} AS instructor,
          u.state->>'email' AS email,
          a.status,
          ${round2('a.share_percent')} AS share,
          ${round2(`${SECTION_POINTS} * a.share_percent / 100`)} AS points,
          a.state->>'notes' AS notes,
          ap.state->>'name' AS period
        FROM ${c.v('assignment')} a
        LEFT JOIN ${c.v('academicPeriod')} ap ON ap.id = a.period_id
        JOIN ${c.v('section')} s ON s.id = a.parent_id
        LEFT JOIN ${c.v('user')} u ON u.id = a.user_id
        ${joins}
        WHERE ${where} AND ${mine}`,
      bindings,
    };
  },

  TeachingPreferences(c) {
    const bindings: Knex.RawBinding[] = [];
    const where = periodFilter('p', c, bindings);
    const mine = userFilter('p.user_id', c, bindings);
    return {
      sql: `SELECT pr.key AS id,
          ${userName('u')} AS instructor,
          pr.value->>'level' AS level,
          c.state->>'courseNumber' AS "courseNumber",
          c.state->>'name' AS "courseName",
          at.state->>'name' AS "assignmentType",
          t.state->>'name' AS term,
          m.state->>'name' AS "teachingMode",
          ${num("pr.value->>'weight'")} AS weight,
          pr.value->>'notes' AS notes,
          p.state->>'status' AS submission
        FROM ${c.v('preferences')} p
        CROSS JOIN LATERAL jsonb_each(p.state->'preferences') pr
        LEFT JOIN ${c.v('user')} u ON u.id = p.user_id
        LEFT JOIN ${c.v('course')} c ON c.id = pr.value->>'CourseId'
        LEFT JOIN ${c.v('assignmentType')} at ON at.id = pr.value->>'AssignmentTypeId'
        LEFT JOIN ${c.v('academicTerm')} t ON t.id = pr.value->>'AcademicTermId'
        LEFT JOIN ${c.v('teachingMode')} m ON m.id = pr.value->>'TeachingModeId'
        WHERE ${where} AND ${mine}`,
      bindings,
    };
  },

  TeachingPreferenceSubmissions(c) {
    const bindings: Knex.RawBinding[] = [c.period];
    return {
      sql: `SELECT u.id,
          ${userName('u')} AS instructor,
          u.state->>'email' AS email,
          COALESCE(p.state->>'status', 'notStarted') AS status,
          p.state->>'submittedAt' AS "submittedAt",
          COALESCE((SELECT count(*) FROM jsonb_object_keys(p.state->'preferences')), 0)::double precision AS preferences,
          COALESCE(jsonb_array_length(p.state->'unavailable'), 0)::double precision AS "unavailableTimes"
        FROM ${c.v('user')} u
        LEFT JOIN ${c.v('preferences')} p ON p.user_id = u.id AND p.period_id = ?
        WHERE COALESCE((u.state->>'isFaculty')::boolean, false)
          AND COALESCE((u.state->>'isActive')::boolean, true)`,
      bindings,
    };
  },

  Users(c) {
    return {
      sql: `SELECT u.id,
          ${userName('u')} AS name,
          u.state->>'email' AS email,
          u.state->>'username' AS username,
          u.state->>'EmployeeId' AS "employeeId",
          (SELECT string_agg(rl.label, ', ' ORDER BY rl.label)
             FROM jsonb_array_elements(COALESCE(u.state->'Roles', '[]'::jsonb)) ur
             JOIN ${roleLabels} ON rl.slug = ur->>'slug') AS roles,
          COALESCE((u.state->>'isFaculty')::boolean, false) AS "isFaculty",
          COALESCE((u.state->>'isActive')::boolean, true) AS "isActive",
          u.state->>'lastLoginAt' AS "lastLoginAt"
        FROM ${c.v('user')} u`,
      bindings: [],
    };
  },
};
