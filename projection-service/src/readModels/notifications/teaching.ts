import {
  NotificationPreferencesSet,
  SectionDeleted,
  SectionMeetingMoved,
  SectionMeetingsSet,
  TeachingAssignmentChanged,
  TeachingAssignmentCreated,
  TeachingAssignmentDeleted,
  TeachingAssignmentReassigned,
  type AssignmentStatus,
  type RecordedEvent,
  type TeachingNotificationKind,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { ProjectionContext } from '../../runner/projection.js';

/** Whose assignment is whose, so a moved meeting tells the section's teachers. */
export const NOTIFIED_ASSIGNMENTS_TABLE = 'notification_assignments';
/** Each person's notification settings (the teaching kinds they turned off). */
export const NOTIFICATION_PREFERENCES_TABLE = 'notification_preferences';

/** What a teaching notification's words are made of when it is read (teachingWords.ts). */
export interface TeachingDetail {
  status?: AssignmentStatus;
  previousStatus?: AssignmentStatus;
  share?: number | null;
  notesChanged?: boolean;
  reason?: string | null;
}

/** A teaching notification to add: the projection words and stores it (projection.ts). */
export interface TeachingNotice {
  userId: string;
  kind: TeachingNotificationKind;
  sectionId: string;
  detail: TeachingDetail;
}

export const TEACHING_EVENT_TYPES = [
  'TeachingAssignmentCreated',
  'TeachingAssignmentChanged',
  'TeachingAssignmentDeleted',
  'TeachingAssignmentReassigned',
  'SectionMeetingsSet',
  'SectionMeetingMoved',
  'SectionDeleted',
  'NotificationPreferencesSet',
] as const;

export async function migrateTeaching(trx: Knex.Transaction, ctx: ProjectionContext) {
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       id text PRIMARY KEY,
       section_id text NOT NULL,
       user_id text NOT NULL,
       status text NOT NULL
     )`,
    [ctx.table(NOTIFIED_ASSIGNMENTS_TABLE)],
  );
  await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (section_id)', [
    `${ctx.physicalName(NOTIFIED_ASSIGNMENTS_TABLE)}_section`,
    ctx.table(NOTIFIED_ASSIGNMENTS_TABLE),
  ]);
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       user_id text PRIMARY KEY,
       app_off jsonb NOT NULL,
       email_off jsonb NOT NULL
     )`,
    [ctx.table(NOTIFICATION_PREFERENCES_TABLE)],
  );
}

const APPROVED: readonly AssignmentStatus[] = ['approved', 'final'];

/** Which notice a change of an assignment gives its teacher, if any. */
function changeNotice(
  data: z.infer<typeof TeachingAssignmentChanged>,
  userId: string,
): Omit<TeachingNotice, 'sectionId'> | null {
  const statusMoved = data.status !== data.previousStatus;
  if (statusMoved && data.status === 'withdrawn') {
    return { userId, kind: 'assignmentWithdrawn', detail: { reason: data.reason ?? null } };
  }
  if (statusMoved && APPROVED.includes(data.status)) {
    return { userId, kind: 'assignmentApproved', detail: { status: data.status } };
  }
  const notesChanged = data.notes !== undefined;
  if (!statusMoved && data.share === undefined && !notesChanged) return null;
  return {
    userId,
    kind: 'assignmentChanged',
    detail: {
      ...(statusMoved ? { status: data.status, previousStatus: data.previousStatus } : {}),
      ...(data.share !== undefined ? { share: data.share } : {}),
      ...(notesChanged ? { notesChanged: true } : {}),
      ...(data.reason ? { reason: data.reason } : {}),
    },
  };
}

/**
 * Keeps who teaches what, and the settings, and answers the notices a teaching event gives: an
 * assignment made, approved, changed, withdrawn or removed tells its teacher; new meeting times
 * tell every teacher of the section (not withdrawn).
 */
export async function applyTeachingEvent(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
): Promise<TeachingNotice[]> {
  const assignments = ctx.table(NOTIFIED_ASSIGNMENTS_TABLE);
  switch (event.type) {
    case 'TeachingAssignmentCreated': {
      const data = TeachingAssignmentCreated.parse(event.data);
      await trx(assignments)
        .insert({
          id: data.id,
          section_id: data.SectionId,
          user_id: data.UserId,
          status: data.status,
        })
        .onConflict('id')
        .merge();
      return [
        { userId: data.UserId, kind: 'assignmentProposed', sectionId: data.SectionId, detail: {} },
      ];
    }
    case 'TeachingAssignmentChanged': {
      const data = TeachingAssignmentChanged.parse(event.data);
      const row = (await trx(assignments).where({ id: data.id }).first()) as
        { user_id: string } | undefined;
      if (!row) return [];
      await trx(assignments).where({ id: data.id }).update({ status: data.status });
      const notice = changeNotice(data, row.user_id);
      return notice ? [{ ...notice, sectionId: data.SectionId }] : [];
    }
    case 'TeachingAssignmentDeleted': {
      const data = TeachingAssignmentDeleted.parse(event.data);
      await trx(assignments).where({ id: data.id }).delete();
      return [
        { userId: data.UserId, kind: 'assignmentRemoved', sectionId: data.SectionId, detail: {} },
      ];
    }
    case 'TeachingAssignmentReassigned': {
      const data = TeachingAssignmentReassigned.parse(event.data);
      await trx(assignments).where({ id: data.id }).update({ user_id: data.UserId });
      return [];
    }
    case 'SectionMeetingsSet':
    case 'SectionMeetingMoved': {
      const { id } =
        event.type === 'SectionMeetingsSet'
          ? SectionMeetingsSet.parse(event.data)
          : SectionMeetingMoved.parse(event.data);
      const teachers = (await trx(assignments)
        .distinct('user_id')
        .where({ section_id: id })
        .whereNot({ status: 'withdrawn' })) as { user_id: string }[];
      return teachers.map((t) => ({
        userId: t.user_id,
        kind: 'meetingsChanged' as const,
        sectionId: id,
        detail: {},
      }));
    }
    case 'SectionDeleted': {
      const { id } = SectionDeleted.parse(event.data);
      await trx(assignments).where({ section_id: id }).delete();
      return [];
    }
    case 'NotificationPreferencesSet': {
      const data = NotificationPreferencesSet.parse(event.data);
      await trx(ctx.table(NOTIFICATION_PREFERENCES_TABLE))
        .insert({
          user_id: data.userId,
          app_off: JSON.stringify(data.appOff),
          email_off: JSON.stringify(data.emailOff),
        })
        .onConflict('user_id')
        .merge();
      return [];
    }
    default:
      return [];
  }
}

/** Whether the person wants this kind in Allot and by e-mail (everything on until they say). */
export async function wantedBy(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  userId: string,
  kind: TeachingNotificationKind,
): Promise<{ app: boolean; email: boolean }> {
  const row = (await trx(ctx.table(NOTIFICATION_PREFERENCES_TABLE))
    .where({ user_id: userId })
    .first()) as { app_off: string[]; email_off: string[] } | undefined;
  return {
    app: !(row?.app_off ?? []).includes(kind),
    email: !(row?.email_off ?? []).includes(kind),
  };
}
