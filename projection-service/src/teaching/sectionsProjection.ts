import {
  activeAssignments,
  coverageOf,
  evolveSection,
  initialSectionState,
  REALTIME_EVENT_OF,
  SECTION_EVENTS,
  sectionPoints,
  teachingEventSchemas,
  type Coverage,
  type SectionEvent,
  type SectionState,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, RealtimeNotification } from '../runner/projection.js';

export const SECTIONS_TABLE = 'sections';
export const SECTION_ASSIGNMENTS_TABLE = 'section_assignments';

const SECTION_EVENT_TYPES = Object.values(SECTION_EVENTS);

/** The coverage of a live section: its points against its live assignments' shares. */
export function coverageOfState(state: SectionState): Coverage | null {
  if (state.status === 'absent') return null;
  // The course's credit hours are the last fallback; this read model does not join the course.
  const points = sectionPoints(state.section);
  return coverageOf(points, activeAssignments(state));
}

interface SectionRow {
  id: string;
  revision: string | number;
  state: SectionState;
}

async function upsertAssignments(
  trx: Knex.Transaction,
  table: string,
  state: SectionState,
  event: SectionEvent,
): Promise<void> {
  if (state.status === 'absent') return;
  const sectionId = state.section.id;
  if (event.type === 'TeachingAssignmentDeleted') {
    await trx(table).where({ id: event.data.id }).update({ deleted: true });
    return;
  }
  if (event.type === 'SectionDeleted') {
    await trx(table).where({ section_id: sectionId }).update({ deleted: true });
    return;
  }
  // Every assignment row carries the section's workgroup, so keep them all current.
  for (const a of Object.values(state.assignments)) {
    await trx.raw(
      `INSERT INTO ?? (id, section_id, workgroup_id, user_id, status, share, notes, deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, false)
       ON CONFLICT (id) DO UPDATE SET section_id = excluded.section_id,
         workgroup_id = excluded.workgroup_id, user_id = excluded.user_id, status = excluded.status,
         share = excluded.share, notes = excluded.notes, deleted = false`,
      [table, a.id, sectionId, state.section.WorkgroupId, a.UserId, a.status, a.share, a.notes],
    );
  }
}

function notificationOf(event: SectionEvent, actorId: string | null): RealtimeNotification | null {
  if (
    event.type !== 'TeachingAssignmentCreated' &&
    event.type !== 'TeachingAssignmentChanged' &&
    event.type !== 'TeachingAssignmentDeleted'
  ) {
    return null;
  }
  const { SectionId, id } = event.data;
  const status = event.type === 'TeachingAssignmentDeleted' ? null : event.data.status;
  return {
    event: REALTIME_EVENT_OF[event.type],
    rooms: ['all'],
    payload: { SectionId, id, status },
    actorId,
  };
}

/**
 * Sections with their meetings, assignments and coverage (one row per section, the whole state as
 * JSON), and one row per teaching assignment for lists across sections. Rows are guarded by the
 * stream revision, so a re-delivered or older event changes nothing.
 */
export const sectionsProjection: Projection = {
  name: 'sections',
  version: 1,
  eventTypes: SECTION_EVENT_TYPES,
  tables: [SECTIONS_TABLE, SECTION_ASSIGNMENTS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         revision bigint NOT NULL,
         workgroup_id text NOT NULL,
         course_offering_id text NOT NULL,
         deleted boolean NOT NULL DEFAULT false,
         state jsonb NOT NULL,
         coverage jsonb,
         updated_at timestamptz NOT NULL
       )`,
      [ctx.table(SECTIONS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (workgroup_id)', [
      `${ctx.physicalName(SECTIONS_TABLE)}_workgroup`,
      ctx.table(SECTIONS_TABLE),
    ]);
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         section_id text NOT NULL,
         workgroup_id text NOT NULL,
         user_id text NOT NULL,
         status text NOT NULL,
         share double precision,
         notes text,
         deleted boolean NOT NULL DEFAULT false
       )`,
      [ctx.table(SECTION_ASSIGNMENTS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (user_id)', [
      `${ctx.physicalName(SECTION_ASSIGNMENTS_TABLE)}_user`,
      ctx.table(SECTION_ASSIGNMENTS_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    const sections = ctx.table(SECTIONS_TABLE);
    const assignments = ctx.table(SECTION_ASSIGNMENTS_TABLE);
    const notifications: RealtimeNotification[] = [];
    for (const recordedEvent of events) {
      const schema = teachingEventSchemas[recordedEvent.type as SectionEvent['type']];
      if (!schema) continue;
      // A malformed event stops the projection rather than being skipped silently.
      const event = {
        type: recordedEvent.type,
        data: schema.parse(recordedEvent.data),
      } as SectionEvent;
      const sectionId = event.type.startsWith('Section')
        ? event.data.id
        : (event.data as { SectionId: string }).SectionId;
      const row = (await trx(sections).where({ id: sectionId }).first()) as SectionRow | undefined;
      if (row && BigInt(row.revision) >= recordedEvent.revision) continue;
      const state = evolveSection(row?.state ?? initialSectionState, event);
      if (state.status === 'absent') continue;
      const updatedAt = recordedEvent.metadata.occurredAt ?? recordedEvent.createdAt.toISOString();
      await trx.raw(
        `INSERT INTO ?? (id, revision, workgroup_id, course_offering_id, deleted, state, coverage, updated_at)
         VALUES (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)
         ON CONFLICT (id) DO UPDATE SET revision = excluded.revision,
           workgroup_id = excluded.workgroup_id, course_offering_id = excluded.course_offering_id,
           deleted = excluded.deleted, state = excluded.state, coverage = excluded.coverage,
           updated_at = excluded.updated_at`,
        [
          sections,
          sectionId,
          recordedEvent.revision.toString(),
          state.section.WorkgroupId,
          state.section.CourseOfferingId,
          state.status === 'deleted',
          JSON.stringify(state),
          JSON.stringify(coverageOfState(state)),
          updatedAt,
        ],
      );
      await upsertAssignments(trx, assignments, state, event);
      const notification = notificationOf(event, recordedEvent.metadata.actorId ?? null);
      if (notification) notifications.push(notification);
    }
    return notifications;
  },
};
