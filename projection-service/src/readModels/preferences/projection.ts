import {
  evolvePreferences,
  initialPreferencesState,
  PREFERENCE_EVENTS,
  preferenceEventSchemas,
  type PreferenceEvent,
  type PreferencesState,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection } from '../../runner/projection.js';

export const PREFERENCE_SUBMISSIONS_TABLE = 'preference_submissions';
export const TEACHING_PREFERENCES_TABLE = 'teaching_preferences';

interface SubmissionRow {
  revision: string | number;
  state: PreferencesState;
}

async function writePreferences(
  trx: Knex.Transaction,
  table: string,
  owner: { UserId: string; AcademicPeriodId: string },
  state: PreferencesState,
): Promise<void> {
  await trx(table).where({ user_id: owner.UserId, period_id: owner.AcademicPeriodId }).delete();
  const rows = Object.values(state.preferences).map((p, position) => ({
    id: p.id,
    user_id: owner.UserId,
    period_id: owner.AcademicPeriodId,
    position,
    level: p.level,
    weight: p.weight,
    course_id: p.CourseId,
    assignment_type_id: p.AssignmentTypeId,
    academic_term_id: p.AcademicTermId,
    teaching_mode_id: p.TeachingModeId,
    notes: p.notes,
  }));
  if (rows.length > 0) await trx(table).insert(rows);
}

/**
 * Preference submissions (one row per instructor and period: status, count, availability, the
 * whole state) and one row per preference for lists and alignment. Guarded by the stream revision.
 */
export const preferencesProjection: Projection = {
  name: 'preferences',
  version: 1,
  eventTypes: Object.values(PREFERENCE_EVENTS),
  tables: [PREFERENCE_SUBMISSIONS_TABLE, TEACHING_PREFERENCES_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         user_id text NOT NULL,
         period_id text NOT NULL,
         revision bigint NOT NULL,
         status text NOT NULL,
         preference_count integer NOT NULL,
         submitted_at timestamptz,
         state jsonb NOT NULL,
         updated_at timestamptz NOT NULL,
         PRIMARY KEY (user_id, period_id)
       )`,
      [ctx.table(PREFERENCE_SUBMISSIONS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (period_id, status)', [
      `${ctx.physicalName(PREFERENCE_SUBMISSIONS_TABLE)}_period`,
      ctx.table(PREFERENCE_SUBMISSIONS_TABLE),
    ]);
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         user_id text NOT NULL,
         period_id text NOT NULL,
         position integer NOT NULL,
         level text NOT NULL,
         weight double precision,
         course_id text,
         assignment_type_id text,
         academic_term_id text,
         teaching_mode_id text,
         notes text
       )`,
      [ctx.table(TEACHING_PREFERENCES_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (period_id, user_id)', [
      `${ctx.physicalName(TEACHING_PREFERENCES_TABLE)}_owner`,
      ctx.table(TEACHING_PREFERENCES_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    const submissions = ctx.table(PREFERENCE_SUBMISSIONS_TABLE);
    const preferences = ctx.table(TEACHING_PREFERENCES_TABLE);
    for (const recorded of events) {
      const schema = preferenceEventSchemas[recorded.type as PreferenceEvent['type']];
      if (!schema) continue;
      const event = { type: recorded.type, data: schema.parse(recorded.data) } as PreferenceEvent;
      const { UserId, AcademicPeriodId } = event.data;
      const key = { user_id: UserId, period_id: AcademicPeriodId };
      const row = (await trx(submissions).where(key).first()) as SubmissionRow | undefined;
      if (row && BigInt(row.revision) >= recorded.revision) continue;
      const occurredAt = recorded.metadata.occurredAt ?? recorded.createdAt.toISOString();
      const state = evolvePreferences(row?.state ?? initialPreferencesState, event, occurredAt);
      await trx.raw(
        `INSERT INTO ?? (user_id, period_id, revision, status, preference_count, submitted_at, state, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?)
         ON CONFLICT (user_id, period_id) DO UPDATE SET revision = excluded.revision,
           status = excluded.status, preference_count = excluded.preference_count,
           submitted_at = excluded.submitted_at, state = excluded.state,
           updated_at = excluded.updated_at`,
        [
          submissions,
          UserId,
          AcademicPeriodId,
          recorded.revision.toString(),
          state.status,
          Object.keys(state.preferences).length,
          state.submittedAt,
          JSON.stringify(state),
          occurredAt,
        ],
      );
      if (
        event.type !== 'TeachingPreferencesSubmitted' &&
        event.type !== 'TeachingPreferencesReopened'
      ) {
        await writePreferences(trx, preferences, event.data, state);
      }
    }
    return [];
  },
};
