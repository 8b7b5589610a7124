import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  ASSIGNMENT_STATUS_LABELS,
  CALENDAR_FEED_TOKEN,
  CalendarFeedAnswer,
  locations as locationKind,
  meetingBounds,
  TIME_ZONE_SETTING,
  type AssignmentStatus,
  type Meeting,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { addDays } from '../schedule/model.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from '../sections/projection.js';
import { getSetting, SETTINGS_TABLE, settingsProjection } from '../settings/index.js';
import { calendarText, type FeedMeeting } from './icalendar.js';
import { CALENDAR_FEEDS_TABLE, calendarFeedsProjection } from './projection.js';

/** A feed holds meetings that ended less than this long ago (calendar apps keep older ones). */
const FEED_HISTORY_DAYS = 400;

interface FeedOptions {
  knex: Knex;
  tables: TableResolver;
}

const feedsTable = (tables: TableResolver) =>
  tables.table(calendarFeedsProjection.name, CALENDAR_FEEDS_TABLE);

/** GET /api/calendarFeed/mine: whether the signed-in person's feed is on, and since when. */
export function calendarFeedStatusRoutes(
  fastify: FastifyInstance,
  options: FeedOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  app.get(
    '/api/calendarFeed/mine',
    {
      schema: { response: { 200: CalendarFeedAnswer } },
      config: requiresRead('MySchedule'),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'MySchedule')) {
        return answered(sendError(reply, 403, 'You have no schedule of your own.'));
      }
      const row = (await options
        .knex(await feedsTable(options.tables))
        .where({ user_id: viewer.userId })
        .first()) as { issued_at: Date | string } | undefined;
      return row
        ? { active: true, issuedAt: new Date(row.issued_at).toISOString() }
        : { active: false, issuedAt: null };
    },
  );
  done();
}

export interface CalendarFeedRouteOptions extends FeedOptions {
  /** Who a user is now (active, their abilities), as a session of theirs would be; null if nobody. */
  viewerOf?: ((userId: string) => Promise<ResourceViewer | null>) | undefined;
  /** Today's date (ISO) and the feed's time stamp; tests fix them. */
  now?: () => Date;
}

interface AssignmentRow {
  section_id: string;
  user_id: string;
  user_name: string | null;
  status: AssignmentStatus;
}

interface SectionRow {
  id: string;
  revision: string;
  course_number: string | null;
  course_name: string | null;
  section_number: string;
  name: string;
  state: { section: { meetings: Meeting[] } };
}

/**
 * GET /api/calendarFeed/<secret>.ics: the person's teaching as an iCalendar feed, read by their
 * calendar app without a sign-in. Any address that is not a working one — never made, reset,
 * turned off, or its person no longer active or without a schedule of their own — answers 404
 * alike, so an address tells nothing about anyone.
 */
export function calendarFeedRoutes(
  fastify: FastifyInstance,
  options: CalendarFeedRouteOptions,
  done: (err?: Error) => void,
): void {
  const { knex, tables } = options;
  const now = options.now ?? (() => new Date());
  const sectionsTable = (logical: string) => tables.table(sectionsProjection.name, logical);

  async function meetingsOf(userId: string, today: string): Promise<FeedMeeting[]> {
    const assignments = await sectionsTable(SECTION_ASSIGNMENTS_TABLE);
    const live = (b: Knex.QueryBuilder): void => {
      b.where({ deleted: false }).whereNot('status', 'withdrawn');
    };
    const mine = (await knex(assignments)
      .select('section_id', 'user_id', 'user_name', 'status')
      .modify(live)
      .where({ user_id: userId })) as AssignmentRow[];
    if (mine.length === 0) return [];
    const sectionIds = [...new Set(mine.map((a) => a.section_id))];
    const sections = (await knex(await sectionsTable(SECTIONS_TABLE))
      .select('id', 'revision', 'course_number', 'course_name', 'section_number', 'name', 'state')
      .whereIn('id', sectionIds)
      .where({ deleted: false })) as SectionRow[];
    const others = (await knex(assignments)
      .select('section_id', 'user_id', 'user_name', 'status')
      .modify(live)
      .whereIn('section_id', sectionIds)
      .whereNot({ user_id: userId })
      .orderBy('user_name')) as AssignmentRow[];
    const oldest = addDays(today, -FEED_HISTORY_DAYS);
    const meetings = sections.flatMap((s) =>
      s.state.section.meetings
        .filter((m) => meetingBounds(m).last >= oldest)
        .map((meeting) => ({ section: s, meeting })),
    );
    const roomIds = [
      ...new Set(
        meetings.flatMap(({ meeting }) => (meeting.LocationId ? [meeting.LocationId] : [])),
      ),
    ];
    const rooms = new Map(
      roomIds.length === 0
        ? []
        : (
            (await knex(
              await tables.table(resourceProjectionName(locationKind), recordsTable(locationKind)),
            )
              .select('id', 'data')
              .whereIn('id', roomIds)) as { id: string; data: { code?: string } }[]
          ).map((r) => [r.id, r.data.code ?? null]),
    );
    return meetings.map(({ section, meeting }): FeedMeeting => {
      const status = mine.find((a) => a.section_id === section.id)?.status ?? 'proposed';
      const teachers = others.filter((o) => o.section_id === section.id);
      const course = [section.course_number, section.course_name].filter(Boolean).join(' ');
      const lines = [
        `Section ${section.section_number} of ${course || section.name}`,
        `Your assignment: ${ASSIGNMENT_STATUS_LABELS[status]}`,
        teachers.length > 0
          ? `Taught with: ${teachers.map((t) => t.user_name ?? 'another instructor').join(', ')}`
          : null,
        meeting.description ?? null,
      ];
      return {
        uid: `${section.id}.${meeting.id}@allot`,
        sequence: Number(section.revision),
        summary: `${section.course_number ?? ''} ${section.section_number} ${section.name}`.trim(),
        location: meeting.LocationId ? (rooms.get(meeting.LocationId) ?? null) : null,
        description: lines.filter((l): l is string => l !== null).join('\n'),
        confirmed: status === 'approved' || status === 'final',
        meeting,
      };
    });
  }

  fastify.get('/api/calendarFeed/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const notFound = () => sendError(reply, 404, 'There is no calendar at this address.');
    if (!CALENDAR_FEED_TOKEN.test(token)) return notFound();
    const tokenSha256 = createHash('sha256').update(token, 'utf8').digest('hex');
    const feed = (await knex(await feedsTable(tables))
      .where({ token_sha256: tokenSha256 })
      .first()) as { user_id: string } | undefined;
    const viewer = feed && options.viewerOf ? await options.viewerOf(feed.user_id) : null;
    if (!viewer || viewer.userId !== feed?.user_id || !viewer.ability.can('read', 'MySchedule')) {
      return notFound();
    }
    const at = now();
    const zone = await getSetting(
      knex,
      await tables.table(settingsProjection.name, SETTINGS_TABLE),
      TIME_ZONE_SETTING,
    );
    const text = calendarText({
      name: 'My teaching (Allot)',
      timeZone: zone?.Setting.value || null,
      meetings: await meetingsOf(feed.user_id, at.toISOString().slice(0, 10)),
      now: at,
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="allot-teaching.ics"')
      .header('cache-control', 'private, no-cache')
      .header('x-robots-tag', 'noindex')
      .send(text);
  });
  done();
}
