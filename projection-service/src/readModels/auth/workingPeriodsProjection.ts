import type { Knex } from 'knex';
import {
  WorkingAcademicPeriodChanged,
  positionToToken,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Projection, RealtimeNotification } from '../../runner/projection.js';

export const WORKING_PERIODS_TABLE = 'working_periods';
export const WORKING_PERIOD_UPDATED = 'workingAcademicPeriodUpdated';

/**
 * Each user's chosen working period. The change is announced to that user's browsers by the
 * authFacts projection (`workingPeriodUpdatedOf`), whose read model the browser then reads.
 */
export const workingPeriodsProjection: Projection = {
  name: 'working_periods',
  version: 1,
  eventTypes: ['WorkingAcademicPeriodChanged'],
  tables: [WORKING_PERIODS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         user_id text PRIMARY KEY,
         academic_period_id text NOT NULL,
         position text NOT NULL
       )`,
      [ctx.table(WORKING_PERIODS_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const table = ctx.table(WORKING_PERIODS_TABLE);
    for (const event of events) {
      if (event.type !== 'WorkingAcademicPeriodChanged') continue;
      const { userId, academicPeriodId } = WorkingAcademicPeriodChanged.parse(event.data);
      // Positions compare as numeric pairs: a re-delivered older event never wins.
      await trx.raw(
        `INSERT INTO ?? AS w (user_id, academic_period_id, position) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE
           SET academic_period_id = excluded.academic_period_id, position = excluded.position
           WHERE string_to_array(w.position, ':')::numeric[] < string_to_array(excluded.position, ':')::numeric[]`,
        [table, userId, academicPeriodId, positionToToken(event.position)],
      );
    }
    return [];
  },
};

/**
 * `workingAcademicPeriodUpdated` to that user's room (nobody else's). The browser answers it by
 * reading its auth context, which comes from the authFacts read model: so that projection sends
 * it, once it holds the change; sent from here, it could arrive first and be answered with the
 * old period.
 */
export function workingPeriodUpdatedOf(event: RecordedEvent): RealtimeNotification {
  const { userId, academicPeriodId } = WorkingAcademicPeriodChanged.parse(event.data);
  return {
    event: WORKING_PERIOD_UPDATED,
    rooms: [`user:${userId}`],
    payload: { userId, WorkingAcademicPeriodId: academicPeriodId },
    actorId: event.metadata.actorId ?? null,
  };
}

/** The user's chosen working period, or null (then the institution's active one applies). */
export async function workingPeriodOf(
  knex: Knex,
  table: string,
  userId: string,
): Promise<string | null> {
  const row = await knex(table)
    .where({ user_id: userId })
    .first<{ academic_period_id: string } | undefined>('academic_period_id');
  return row?.academic_period_id ?? null;
}
