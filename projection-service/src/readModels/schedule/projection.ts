import {
  SECTION_EVENTS,
  teachingEventSchemas,
  type RecordedEvent,
  type SectionEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../../runner/projection.js';

export const SCHEDULE_OVERRIDES_TABLE = 'schedule_overrides';
/** The last section event applied per section (re-delivered or older events change nothing). */
export const SCHEDULE_OVERRIDE_SECTIONS_TABLE = 'schedule_override_sections';

const HANDLED = [
  SECTION_EVENTS.meetingsSet,
  SECTION_EVENTS.meetingMoved,
  SECTION_EVENTS.assignmentCreated,
  SECTION_EVENTS.assignmentChanged,
  SECTION_EVENTS.assignmentDeleted,
  SECTION_EVENTS.deleted,
] as const;

/** One conflict a section's event recorded as overridden (`override: true`), as stored. */
export interface OverrideRow {
  section_id: string;
  meeting_id: string;
  /** Set when the override came with an assignment (withdrawn or deleted, it goes). */
  assignment_id: string | null;
  kind: string;
  other_section_id: string | null;
  other_meeting_id: string | null;
  user_id: string | null;
  location_id: string | null;
  message: string;
  recorded_at: Date | string;
  recorded_by: string | null;
}

type Recorded = Extract<
  SectionEvent,
  { type: 'SectionMeetingsSet' }
>['data']['overriddenConflicts'];

async function insert(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  conflicts: Recorded,
  event: RecordedEvent,
  assignmentId: string | null,
): Promise<void> {
  if (conflicts.length === 0) return;
  const at = event.metadata.occurredAt ?? event.createdAt.toISOString();
  await trx(ctx.table(SCHEDULE_OVERRIDES_TABLE)).insert(
    conflicts.map((c) => ({
      section_id: c.SectionId,
      meeting_id: c.meetingId,
      assignment_id: assignmentId,
      kind: c.kind,
      other_section_id: c.otherSectionId,
      other_meeting_id: c.otherMeetingId,
      user_id: c.UserId,
      location_id: c.LocationId,
      message: c.message,
      recorded_at: at,
      recorded_by: event.metadata.actorId ?? null,
    })),
  );
}

/**
 * Which of a batch's section events are newer than the last one applied to their section (a
 * re-delivered or older event changes nothing), recording the newest of each section: two
 * statements per batch, not one per event.
 */
async function newerThanApplied(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  events: readonly { sectionId: string; revision: bigint }[],
): Promise<boolean[]> {
  if (events.length === 0) return [];
  const table = ctx.table(SCHEDULE_OVERRIDE_SECTIONS_TABLE);
  const ids = [...new Set(events.map((e) => e.sectionId))];
  const stored = await trx.raw<{ rows: { section_id: string; revision: string }[] }>(
    'SELECT section_id, revision::text AS revision FROM ?? WHERE section_id = ANY(?)',
    [table, ids],
  );
  const applied = new Map(stored.rows.map((r) => [r.section_id, BigInt(r.revision)]));
  const fresh = events.map((e) => {
    const last = applied.get(e.sectionId);
    if (last !== undefined && last >= e.revision) return false;
    applied.set(e.sectionId, e.revision);
    return true;
  });
  const newest = ids.map((id) => ({ section_id: id, revision: String(applied.get(id)) }));
  await trx(table).insert(newest).onConflict('section_id').merge(['revision']);
  return fresh;
}

/**
 * The conflicts each section's events recorded as overridden: the sections read model keeps
 * the schedule but not these, and the Schedule flags them (docs/teaching.md "Schedule").
 * SectionMeetingsSet replaces the section's records (it re-checks the whole schedule);
 * SectionMeetingMoved those of the moved meeting; TeachingAssignmentCreated adds the
 * assignment's, which go when it is withdrawn or deleted; SectionDeleted removes them all.
 */
export const scheduleOverridesProjection: Projection = {
  name: 'schedule_overrides',
  version: 1,
  eventTypes: HANDLED,
  tables: [SCHEDULE_OVERRIDES_TABLE, SCHEDULE_OVERRIDE_SECTIONS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id bigserial PRIMARY KEY,
         section_id text NOT NULL,
         meeting_id text NOT NULL,
         assignment_id text,
         kind text NOT NULL,
         other_section_id text,
         other_meeting_id text,
         user_id text,
         location_id text,
         message text NOT NULL,
         recorded_at timestamptz NOT NULL,
         recorded_by text
       )`,
      [ctx.table(SCHEDULE_OVERRIDES_TABLE)],
    );
    for (const [suffix, column] of [
      ['section', 'section_id'],
      ['other', 'other_section_id'],
      ['assignment', 'assignment_id'],
    ] as const) {
      await trx.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (??)`, [
        `${ctx.physicalName(SCHEDULE_OVERRIDES_TABLE)}_${suffix}`,
        ctx.table(SCHEDULE_OVERRIDES_TABLE),
        column,
      ]);
    }
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (section_id text PRIMARY KEY, revision bigint NOT NULL)`,
      [ctx.table(SCHEDULE_OVERRIDE_SECTIONS_TABLE)],
    );
  },

  /**
   * Assignments are made and changed far more often than conflicts are overridden: only those
   * that record an override or withdraw an assignment can change this read model.
   */
  handlesEvent(event) {
    const data = event.data as { overriddenConflicts?: unknown; status?: unknown };
    if (event.type === SECTION_EVENTS.assignmentCreated) {
      return Array.isArray(data.overriddenConflicts) && data.overriddenConflicts.length > 0;
    }
    if (event.type === SECTION_EVENTS.assignmentChanged) return data.status === 'withdrawn';
    return true;
  },

  async apply(trx, events, ctx) {
    const overrides = () => trx(ctx.table(SCHEDULE_OVERRIDES_TABLE));
    const parsed = events.flatMap((recordedEvent) => {
      const type = recordedEvent.type as SectionEvent['type'];
      if (!(HANDLED as readonly string[]).includes(type)) return [];
      const event = {
        type,
        data: teachingEventSchemas[type].parse(recordedEvent.data),
      } as SectionEvent;
      const sectionId = event.type.startsWith('Section')
        ? event.data.id
        : (event.data as { SectionId: string }).SectionId;
      return [{ recordedEvent, event, sectionId }];
    });
    const fresh = await newerThanApplied(
      trx,
      ctx,
      parsed.map((p) => ({ sectionId: p.sectionId, revision: p.recordedEvent.revision })),
    );
    // A section's records replaced by none (most meetings set, every section deleted): deleted
    // for all such sections of the batch in one statement, before anything else touches them.
    const cleared = new Set<string>();
    const clear = async () => {
      if (cleared.size === 0) return;
      await trx.raw('DELETE FROM ?? WHERE section_id = ANY(?)', [
        ctx.table(SCHEDULE_OVERRIDES_TABLE),
        [...cleared],
      ]);
      cleared.clear();
    };
    for (const [i, { recordedEvent, event, sectionId }] of parsed.entries()) {
      if (!fresh[i]) continue;
      if (
        event.type === 'SectionDeleted' ||
        (event.type === 'SectionMeetingsSet' && event.data.overriddenConflicts.length === 0)
      ) {
        cleared.add(sectionId);
        continue;
      }
      await clear();
      switch (event.type) {
        case 'SectionMeetingsSet':
          await overrides().where({ section_id: sectionId }).delete();
          await insert(trx, ctx, event.data.overriddenConflicts, recordedEvent, null);
          break;
        case 'SectionMeetingMoved':
          await overrides()
            .where({ section_id: sectionId, meeting_id: event.data.meeting.id })
            .delete();
          await insert(trx, ctx, event.data.overriddenConflicts, recordedEvent, null);
          break;
        case 'TeachingAssignmentCreated':
          await insert(trx, ctx, event.data.overriddenConflicts, recordedEvent, event.data.id);
          break;
        case 'TeachingAssignmentChanged':
          if (event.data.status === 'withdrawn') {
            await overrides().where({ assignment_id: event.data.id }).delete();
          }
          break;
        case 'TeachingAssignmentDeleted':
          await overrides().where({ assignment_id: event.data.id }).delete();
          break;
        default:
          break;
      }
    }
    await clear();
    return [];
  },
};
