import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  academicPeriods,
  locations as locationKind,
  MAX_OCCURRENCES,
  ScheduleAnswer,
  ScheduleLocationsAnswer,
  SharedTeachingAnswer,
  subjectOf,
  type AssignmentStatus,
  type Meeting,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { readableWorkgroups, sendError, type ResourceViewer } from '../../http/viewer.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTION_PEOPLE_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from '../sections/projection.js';
import {
  addDays,
  defaultWeek,
  MyScheduleQuery,
  ScheduleQuery,
  scheduleOccurrences,
  type RecordedOverride,
  type ScheduleLocation,
  type ScheduleSection,
} from './model.js';
import {
  SCHEDULE_OVERRIDES_TABLE,
  scheduleOverridesProjection,
  type OverrideRow,
} from './projection.js';

export interface ScheduleRouteOptions {
  knex: Knex;
  tables: TableResolver;
  /** Today's date (ISO) for the default week; tests fix it. */
  today?: () => string;
}

interface SectionRowDb {
  id: string;
  revision: string;
  workgroup_id: string;
  course_number: string | null;
  course_name: string | null;
  state: ScheduleSection['state'];
}

const OnePeriod = z
  .object({ AcademicPeriodId: z.string().trim().min(1).max(100).optional() })
  .strict();

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The query is not valid.', fields);
}

function toSection(r: SectionRowDb): ScheduleSection {
  return {
    id: r.id,
    revision: Number(r.revision),
    WorkgroupId: r.workgroup_id,
    courseNumber: r.course_number,
    courseName: r.course_name,
    state: r.state,
  };
}

/** The last date a meeting could be held on (until, else its occurrences spread over weeks). */
function lastDateOf(
  m: Pick<Meeting, 'startDate' | 'until' | 'occurrences' | 'frequency' | 'days'>,
) {
  if (m.until) return m.until;
  const count = Math.min(m.occurrences ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const weeks =
    Math.ceil(count / Math.max(1, m.days.length)) * (m.frequency === 'biweekly' ? 2 : 1);
  return addDays(m.startDate, weeks * 7);
}

/**
 * GET /api/schedule (the Schedule: a period's meetings by location or instructor, dated and
 * flagged), GET /api/schedule/mine (My Schedule) and GET /api/sharedTeaching/mine
 * (My Shared Teaching). docs/teaching.md "Schedule".
 */
export function scheduleRoutes(
  fastify: FastifyInstance,
  options: ScheduleRouteOptions,
  done: (err?: Error) => void,
): void {
  const { knex, tables } = options;
  const app = withAnswers(fastify);
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const sectionsTable = (logical: string) => tables.table(sectionsProjection.name, logical);
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  function allowed(
    request: FastifyRequest,
    reply: FastifyReply,
    may: (viewer: ResourceViewer) => boolean,
    refusal: string,
  ): ResourceViewer | null {
    const viewer = request.viewer;
    if (!viewer) {
      sendError(reply, 401, 'Please log in.');
      return null;
    }
    if (!may(viewer)) {
      sendError(reply, 403, refusal);
      return null;
    }
    return viewer;
  }

  /** The period's default week, from its meetings (or its start date). */
  async function weekOf(periodId: string): Promise<{ from: string; to: string }> {
    const meetings = (await knex
      .select(knex.raw('m.value->>\'startDate\' AS "startDate"'))
      .select(knex.raw("m.value->>'until' AS until"))
      .select(knex.raw("(m.value->>'occurrences')::int AS occurrences"))
      .select(knex.raw("m.value->>'frequency' AS frequency"))
      .select(knex.raw("m.value->'days' AS days"))
      .from(
        knex.raw(
          "?? AS s CROSS JOIN LATERAL jsonb_array_elements(s.state->'section'->'meetings') AS m",
          [await sectionsTable(SECTIONS_TABLE)],
        ),
      )
      .where({ 's.academic_period_id': periodId, 's.deleted': false })) as Pick<
      Meeting,
      'startDate' | 'until' | 'occurrences' | 'frequency' | 'days'
    >[];
    let first: string | null = null;
    let last: string | null = null;
    for (const m of meetings) {
      if (!first || m.startDate < first) first = m.startDate;
      const end = lastDateOf(m);
      if (!last || end > last) last = end;
    }
    const period = (await knex(await kind(academicPeriods))
      .where({ id: periodId })
      .first()) as { data: { startDate?: string } } | undefined;
    return defaultWeek(today(), first, last, period?.data.startDate ?? null);
  }

  /** Everything the schedule needs around the shown sections, then the dated occurrences. */
  async function answer(
    viewer: ResourceViewer,
    periodId: string,
    window: { from?: string | undefined; to?: string | undefined },
    shownRows: SectionRowDb[],
    meetingFilter: (m: Meeting) => boolean,
  ) {
    const { from, to } =
      window.from && window.to ? { from: window.from, to: window.to } : await weekOf(periodId);
    const shown = shownRows.map(toSection);
    const instructorIds = new Set<string>();
    const locationIds = new Set<string>();
    for (const s of shown) {
      for (const a of Object.values(s.state.assignments)) {
        if (a.status !== 'withdrawn') instructorIds.add(a.UserId);
      }
      for (const m of s.state.section.meetings) if (m.LocationId) locationIds.add(m.LocationId);
    }
    const sections = await sectionsTable(SECTIONS_TABLE);
    const assignments = await sectionsTable(SECTION_ASSIGNMENTS_TABLE);
    // Clashes are looked for among the period's sections sharing an instructor or a room.
    const others =
      instructorIds.size + locationIds.size === 0
        ? []
        : ((await knex({ s: sections })
            .select(
              's.id',
              's.revision',
              's.workgroup_id',
              's.course_number',
              's.course_name',
              's.state',
            )
            .where({ 's.deleted': false, 's.academic_period_id': periodId })
            .where((b) => {
              if (instructorIds.size > 0) {
                b.orWhereExists(
                  knex({ a: assignments })
                    .select(knex.raw('1'))
                    .whereRaw('a.section_id = s.id')
                    .whereIn('a.user_id', [...instructorIds])
                    .where('a.deleted', false)
                    .whereNot('a.status', 'withdrawn'),
                );
              }
              for (const LocationId of locationIds) {
                b.orWhereRaw(`s.state->'section'->'meetings' @> ?::jsonb`, [
                  JSON.stringify([{ LocationId }]),
                ]);
              }
            })) as SectionRowDb[]);
    const otherSections = others.map(toSection);
    for (const s of otherSections) {
      for (const m of s.state.section.meetings) if (m.LocationId) locationIds.add(m.LocationId);
    }
    const rooms =
      locationIds.size === 0
        ? []
        : ((await knex(await kind(locationKind))
            .select('id', 'data')
            .whereIn('id', [...locationIds])) as {
            id: string;
            data: { code?: string; capacity?: number };
          }[]);
    const locations = new Map<string, ScheduleLocation>(
      rooms.map((r) => {
        const code = r.data.code ?? null;
        return [
          r.id,
          {
            id: r.id,
            code,
            building: code ? (code.trim().split(/\s+/)[0] ?? code) : null,
            capacity: typeof r.data.capacity === 'number' ? r.data.capacity : null,
          },
        ];
      }),
    );
    const shownIds = shown.map((s) => s.id);
    const overrideRows =
      shownIds.length === 0
        ? []
        : ((await knex(
            await tables.table(scheduleOverridesProjection.name, SCHEDULE_OVERRIDES_TABLE),
          )
            .whereIn('section_id', shownIds)
            .orWhereIn('other_section_id', shownIds)) as OverrideRow[]);
    const overrides: RecordedOverride[] = overrideRows.map((o) => ({
      SectionId: o.section_id,
      meetingId: o.meeting_id,
      kind: o.kind,
      otherSectionId: o.other_section_id,
      otherMeetingId: o.other_meeting_id,
      UserId: o.user_id,
      LocationId: o.location_id,
      message: o.message,
      at: new Date(o.recorded_at).toISOString(),
      by: o.recorded_by,
    }));
    const people = [...instructorIds, ...overrides.flatMap((o) => (o.by ? [o.by] : []))];
    const names = new Map<string, string>(
      people.length === 0
        ? []
        : (
            (await knex(await sectionsTable(SECTION_PEOPLE_TABLE))
              .select('id', 'display_name')
              .whereIn('id', [...new Set(people)])) as { id: string; display_name: string | null }[]
          ).map((p) => [p.id, p.display_name ?? p.id]),
    );
    const occurrences = scheduleOccurrences({
      from,
      to,
      shown,
      meetingFilter,
      others: otherSections,
      locations,
      overrides,
      names,
      mayRead: (WorkgroupId) => viewer.ability.can('read', subjectOf('Section', { WorkgroupId })),
    });
    return { AcademicPeriodId: periodId, from, to, occurrences };
  }

  /** The period's sections an instructor teaches (a live assignment), optionally of some workgroups. */
  async function sectionsOf(periodId: string, UserId: string, workgroups: string[] | null) {
    const assignments = await sectionsTable(SECTION_ASSIGNMENTS_TABLE);
    return (await knex({ s: await sectionsTable(SECTIONS_TABLE) })
      .select('s.id', 's.revision', 's.workgroup_id', 's.course_number', 's.course_name', 's.state')
      .where({ 's.deleted': false, 's.academic_period_id': periodId })
      .modify((b) => {
        if (workgroups) b.whereIn('s.workgroup_id', workgroups);
      })
      .whereExists(
        knex({ a: assignments })
          .select(knex.raw('1'))
          .whereRaw('a.section_id = s.id')
          .where({ 'a.user_id': UserId, 'a.deleted': false })
          .whereNot('a.status', 'withdrawn'),
      )) as SectionRowDb[];
  }

  /** The period's sections meeting in a room, optionally of some workgroups. */
  async function sectionsAt(
    periodId: string,
    LocationId: string,
    workgroups: string[] | null,
  ): Promise<SectionRowDb[]> {
    const meetsThere = knex.raw(`s.state->'section'->'meetings' @> ?::jsonb`, [
      JSON.stringify([{ LocationId }]),
    ]);
    const found: SectionRowDb[] = await knex({ s: await sectionsTable(SECTIONS_TABLE) })
      .select('s.id', 's.revision', 's.workgroup_id', 's.course_number', 's.course_name', 's.state')
      .where({ 's.deleted': false, 's.academic_period_id': periodId })
      .where(meetsThere)
      .modify((b) => {
        if (workgroups) b.whereIn('s.workgroup_id', workgroups);
      });
    return found;
  }

  app.get(
    '/api/schedule',
    {
      schema: { querystring: ScheduleQuery, response: { 200: ScheduleAnswer } },
      config: requiresRead('Section'),
    },
    async (request, reply) => {
      const viewer = allowed(
        request,
        reply,
        (v) => v.ability.can('read', 'Section') || v.ability.can('read', 'Scheduler'),
        'You may not read the schedule.',
      );
      if (!viewer) return answered(reply);
      const query = ScheduleQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { AcademicPeriodId, by, LocationId, UserId } = query.data;
      // Workgroup members see their workgroups' sections only.
      const workgroups = readableWorkgroups(viewer.ability);
      const rows =
        by === 'location'
          ? await sectionsAt(AcademicPeriodId, LocationId ?? '', workgroups)
          : await sectionsOf(AcademicPeriodId, UserId ?? '', workgroups);
      const filter = by === 'location' ? (m: Meeting) => m.LocationId === LocationId : () => true;
      const result = await answer(viewer, AcademicPeriodId, query.data, rows, filter);
      return { ...result, by, ...(by === 'location' ? { LocationId } : { UserId }) };
    },
  );

  app.get(
    '/api/schedule/locations',
    { schema: { response: { 200: ScheduleLocationsAnswer } }, config: requiresRead('Section') },
    async (request, reply) => {
      const viewer = allowed(
        request,
        reply,
        (v) => v.ability.can('read', 'Section') || v.ability.can('read', 'Scheduler'),
        'You may not read the schedule.',
      );
      if (!viewer) return answered(reply);
      const query = z
        .object({ AcademicPeriodId: z.string().trim().min(1).max(100) })
        .strict()
        .safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      // The rooms the period's meetings use (the schedule's room picker; schedulers may not list
      // every location).
      const workgroups = readableWorkgroups(viewer.ability);
      const used: { id: string }[] = await knex
        .distinct(knex.raw("m.value->>'LocationId' AS id"))
        .from(
          knex.raw(
            "?? AS s CROSS JOIN LATERAL jsonb_array_elements(s.state->'section'->'meetings') AS m",
            [await sectionsTable(SECTIONS_TABLE)],
          ),
        )
        .where({ 's.academic_period_id': query.data.AcademicPeriodId, 's.deleted': false })
        .whereRaw("m.value->>'LocationId' IS NOT NULL")
        .modify((b) => {
          if (workgroups) b.whereIn('s.workgroup_id', workgroups);
        });
      const rooms =
        used.length === 0
          ? []
          : ((await knex(await kind(locationKind))
              .select('id', 'data')
              .whereIn(
                'id',
                used.map((u) => u.id),
              )) as { id: string; data: { code?: string; capacity?: number } }[]);
      const rows = rooms
        .map((r) => ({ id: r.id, code: r.data.code ?? r.id, capacity: r.data.capacity ?? null }))
        .sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));
      return { count: rows.length, rows };
    },
  );

  app.get(
    '/api/schedule/mine',
    {
      schema: { querystring: MyScheduleQuery, response: { 200: ScheduleAnswer } },
      config: requiresRead('MySchedule'),
    },
    async (request, reply) => {
      const viewer = allowed(
        request,
        reply,
        (v) => v.ability.can('read', 'MySchedule'),
        'You may not read a schedule of your own.',
      );
      if (!viewer) return answered(reply);
      const query = MyScheduleQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return answered(sendError(reply, 404, 'No academic period is active.'));
      // The session's user only: no query parameter names anyone else.
      const rows = await sectionsOf(periodId, viewer.userId, null);
      const result = await answer(viewer, periodId, query.data, rows, () => true);
      return { ...result, by: 'instructor' as const, UserId: viewer.userId };
    },
  );

  app.get(
    '/api/sharedTeaching/mine',
    {
      schema: { querystring: OnePeriod, response: { 200: SharedTeachingAnswer } },
      config: requiresRead('MySharedTeaching'),
    },
    async (request, reply) => {
      const viewer = allowed(
        request,
        reply,
        (v) => v.ability.can('read', 'MySharedTeaching'),
        'You may not read shared teaching of your own.',
      );
      if (!viewer) return answered(reply);
      const query = OnePeriod.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return answered(sendError(reply, 404, 'No academic period is active.'));
      const table = await sectionsTable(SECTION_ASSIGNMENTS_TABLE);
      const live = (b: Knex.QueryBuilder): void => {
        b.where({ deleted: false }).whereNot('status', 'withdrawn');
      };
      const mine = (await knex(table)
        .modify(live)
        .where({ user_id: viewer.userId, academic_period_id: periodId })) as AssignmentDb[];
      const sectionIds = mine.map((a) => a.section_id);
      const others =
        sectionIds.length === 0
          ? []
          : ((await knex(table)
              .modify(live)
              .whereIn('section_id', sectionIds)
              .whereNot('user_id', viewer.userId)
              .orderBy('user_name')) as AssignmentDb[]);
      const rows = mine
        .map((a) => ({
          SectionId: a.section_id,
          AssignmentId: a.id,
          courseNumber: a.course_number,
          courseName: a.course_name,
          sectionNumber: a.section_number,
          sectionName: a.section_name,
          status: a.status,
          sharePercent: a.share_percent,
          points: a.points,
          coInstructors: others
            .filter((o) => o.section_id === a.section_id)
            .map((o) => ({
              UserId: o.user_id,
              name: o.user_name ?? o.user_id,
              status: o.status,
              sharePercent: o.share_percent,
              points: o.points,
            })),
        }))
        .filter((r) => r.coInstructors.length > 0)
        .sort(
          (a, b) =>
            (a.courseNumber ?? '').localeCompare(b.courseNumber ?? '') ||
            a.sectionNumber.localeCompare(b.sectionNumber),
        );
      return { AcademicPeriodId: periodId, count: rows.length, rows };
    },
  );
  done();
}

interface AssignmentDb {
  id: string;
  section_id: string;
  user_id: string;
  user_name: string | null;
  status: AssignmentStatus;
  share_percent: number;
  points: number;
  course_number: string | null;
  course_name: string | null;
  section_number: string;
  section_name: string;
}
