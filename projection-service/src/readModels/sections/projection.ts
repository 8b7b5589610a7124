import {
  UsersMerged,
  courseOfferings,
  courses,
  evolveSection,
  initialSectionState,
  REALTIME_EVENT_OF,
  SECTION_EVENTS,
  teachingEventSchemas,
  users,
  type RecordedEvent,
  type SectionEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type {
  Projection,
  ProjectionContext,
  RealtimeNotification,
} from '../../runner/projection.js';
import { isSectionChange, SectionChanges, type SectionChange } from './changed.js';
import { applyLookup, Id, Lookups, type Live } from './lookups.js';
import {
  migrateSections,
  SECTION_ASSIGNMENTS_TABLE,
  SECTION_COURSES_TABLE,
  SECTION_LIST_TABLE,
  SECTION_OFFERINGS_TABLE,
  SECTION_PEOPLE_TABLE,
  SECTIONS_TABLE,
} from './schema.js';
import { refreshSections, SectionBatch } from './writes.js';

export * from './schema.js';
export { coverageOfState, searchTextOf } from './writes.js';

const SECTION_EVENT_TYPES: readonly string[] = Object.values(SECTION_EVENTS);
const COURSE_EVENT_TYPES = Object.values(courses.eventTypes).filter(
  (t): t is string => t !== undefined,
);
const OFFERING_EVENT_TYPES = Object.values(courseOfferings.eventTypes).filter(
  (t): t is string => t !== undefined,
);
const USER_EVENT_TYPES = [
  ...Object.values(users.eventTypes).filter((t): t is string => t !== undefined),
  'UsersMerged',
];

function changesAny(event: RecordedEvent, keys: readonly string[]): boolean {
  const data = event.data as Record<string, unknown>;
  return keys.some((k) => k in data);
}

function only(keys: readonly string[]) {
  return (data: Record<string, unknown>) =>
    Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]]));
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

/** What a section's own event announces: the section, its period and workgroup, who did it. */
async function sectionChange(
  lookups: Lookups,
  { section }: Live,
  recordedEvent: RecordedEvent,
): Promise<SectionChange> {
  const offering = await lookups.offering(section.CourseOfferingId);
  return {
    SectionId: section.id,
    AcademicPeriodId: offering?.AcademicPeriodId ?? null,
    WorkgroupId: section.WorkgroupId,
    actorId: recordedEvent.metadata.actorId ?? null,
  };
}

/** The section an event of the section aggregate belongs to. */
function sectionIdOf(event: RecordedEvent): string {
  const data = event.data as { id?: unknown; SectionId?: unknown };
  const id = event.type.startsWith('Section') ? data.id : data.SectionId;
  return typeof id === 'string' ? id : '';
}

async function applySectionEvent(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  lookups: Lookups,
  batch: SectionBatch,
  recordedEvent: RecordedEvent,
  changes: SectionChanges,
): Promise<RealtimeNotification | null> {
  const schema = teachingEventSchemas[recordedEvent.type as SectionEvent['type']];
  // A malformed event stops the projection rather than being skipped silently.
  const event = {
    type: recordedEvent.type,
    data: schema.parse(recordedEvent.data),
  } as SectionEvent;
  const sectionId = event.type.startsWith('Section')
    ? event.data.id
    : (event.data as { SectionId: string }).SectionId;
  await batch.load([sectionId]);
  const row = batch.current(sectionId);
  if (row && row.revision >= recordedEvent.revision) return null;
  const previous = row?.state ?? initialSectionState;
  const state = evolveSection(previous, event);
  if (state.status === 'absent') return null;
  if (isSectionChange(event.type)) changes.add(await sectionChange(lookups, state, recordedEvent));
  const updatedAt = recordedEvent.metadata.occurredAt ?? recordedEvent.createdAt.toISOString();
  batch.record(state, previous, recordedEvent.revision, updatedAt);
  if (event.type === 'TeachingAssignmentReassigned') {
    // A merge's move changes who teaches it: open lists refresh as for any assignment change.
    const { SectionId, id } = event.data;
    return {
      event: REALTIME_EVENT_OF.TeachingAssignmentChanged,
      rooms: ['all'],
      payload: { SectionId, id, status: state.assignments[id]?.status ?? null },
      actorId: recordedEvent.metadata.actorId ?? null,
    };
  }
  if (event.type === 'TeachingAssignmentDeleted') {
    // The deleted assignment's row is written (if it was new in this batch), then marked.
    await batch.flush();
    await trx(ctx.table(SECTION_ASSIGNMENTS_TABLE))
      .where({ id: event.data.id })
      .update({ deleted: true, updated_at: updatedAt });
  }
  return notificationOf(event, recordedEvent.metadata.actorId ?? null);
}

const COURSE_KEYS = ['courseNumber', 'name', 'sectionCreditHours'];
const OFFERING_KEYS = ['CourseId', 'AcademicPeriodId'];
const PERSON_KEYS = ['displayName', 'firstName', 'lastName', 'isFaculty', 'isActive'];
const NAME_KEYS = ['displayName', 'firstName', 'lastName'];

/**
 * Sections with their meetings, assignments and coverage, and one row per teaching assignment
 * for lists across sections. Each row carries its course (number, name) and period, and each
 * assignment row its instructor's name: the projection keeps what it needs of the course,
 * offering and user streams in tables of its own, in log order, so a replay builds the same rows.
 * Section rows are guarded by the stream revision, so a re-delivered or older event changes
 * nothing; a course, offering or name change re-derives the rows that name it.
 */
export const sectionsProjection: Projection = {
  name: 'sections',
  version: 5,
  eventTypes: [
    ...SECTION_EVENT_TYPES,
    ...COURSE_EVENT_TYPES,
    ...OFFERING_EVENT_TYPES,
    ...USER_EVENT_TYPES,
  ],
  tables: [
    SECTIONS_TABLE,
    SECTION_LIST_TABLE,
    SECTION_ASSIGNMENTS_TABLE,
    SECTION_COURSES_TABLE,
    SECTION_OFFERINGS_TABLE,
    SECTION_PEOPLE_TABLE,
  ],

  async migrate(trx, ctx) {
    await migrateSections(trx, ctx);
  },

  async apply(trx, events, ctx) {
    const lookups = new Lookups(trx, ctx);
    const notifications: RealtimeNotification[] = [];
    const changes = new SectionChanges();
    const batch = new SectionBatch(trx, ctx, lookups);
    // One read of every section the batch touches; each is written once, at a flush.
    await batch.load(events.filter((e) => SECTION_EVENT_TYPES.includes(e.type)).map(sectionIdOf));
    for (const event of events) {
      if (SECTION_EVENT_TYPES.includes(event.type)) {
        const notification = await applySectionEvent(trx, ctx, lookups, batch, event, changes);
        if (notification) notifications.push(notification);
        continue;
      }
      // Course, offering and user events read and rewrite section rows: those must be current.
      await batch.flush();
      if (COURSE_EVENT_TYPES.includes(event.type)) {
        const { id } = Id.parse(event.data);
        const table = ctx.table(SECTION_COURSES_TABLE);
        if (await applyLookup(trx, table, event, courses.eventTypes, only(COURSE_KEYS))) {
          lookups.forget('course', id);
          if (event.type === courses.eventTypes.updated && changesAny(event, COURSE_KEYS)) {
            await refreshSections(trx, ctx, lookups, { course_id: id });
          }
        }
      } else if (OFFERING_EVENT_TYPES.includes(event.type)) {
        const { id } = Id.parse(event.data);
        const table = ctx.table(SECTION_OFFERINGS_TABLE);
        if (await applyLookup(trx, table, event, courseOfferings.eventTypes, only(OFFERING_KEYS))) {
          lookups.forget('offering', id);
          if (
            event.type === courseOfferings.eventTypes.updated &&
            changesAny(event, OFFERING_KEYS)
          ) {
            await refreshSections(trx, ctx, lookups, { course_offering_id: id });
          }
        }
      } else if (event.type === 'UsersMerged') {
        const { duplicateId } = UsersMerged.parse(event.data);
        await trx.raw(`UPDATE ?? SET data = data || '{"isActive": false}'::jsonb WHERE id = ?`, [
          ctx.table(SECTION_PEOPLE_TABLE),
          duplicateId,
        ]);
      } else if (USER_EVENT_TYPES.includes(event.type)) {
        const { id } = Id.parse(event.data);
        const table = ctx.table(SECTION_PEOPLE_TABLE);
        if (await applyLookup(trx, table, event, users.eventTypes, only(PERSON_KEYS))) {
          lookups.forget('person', id);
          if (event.type === users.eventTypes.updated && changesAny(event, NAME_KEYS)) {
            // Each section row carries its instructors' names in its stored view.
            await refreshSections(trx, ctx, lookups, { user_id: id });
          }
          await trx.raw(
            `UPDATE ?? AS a SET user_name = p.display_name FROM ?? AS p
             WHERE p.id = ? AND a.user_id = p.id AND a.user_name IS DISTINCT FROM p.display_name`,
            [ctx.table(SECTION_ASSIGNMENTS_TABLE), table, id],
          );
        }
      }
    }
    await batch.flush();
    return [...notifications, ...changes.notifications()];
  },
};
