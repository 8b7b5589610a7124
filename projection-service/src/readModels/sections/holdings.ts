import type { Knex } from 'knex';
import { administrativeAssignments, notes } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { PREFERENCE_SUBMISSIONS_TABLE, preferencesProjection } from '../preferences/projection.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { SECTION_ASSIGNMENTS_TABLE, sectionsProjection } from './projection.js';

export interface TeachingHoldings {
  sectionIds: string[];
  preferencePeriodIds: string[];
  administrativeAssignmentIds: string[];
  noteIds: string[];
}

/**
 * What a user holds in teaching, read from the read models, for a user merge to move: the live
 * sections with an assignment of theirs, the periods of their started preference records, and
 * their administrative assignments and the notes about them (structurally the command service's TeachingHoldings).
 */
export function createTeachingHoldings(
  knex: Knex,
  tables: TableResolver,
): { teachingOf(userId: string): Promise<TeachingHoldings> } {
  return {
    async teachingOf(userId) {
      const assignments = await tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE);
      const sections = (await knex(assignments)
        .where({ user_id: userId, deleted: false })
        .distinct('section_id')
        .orderBy('section_id')) as { section_id: string }[];
      const submissions = await tables.table(
        preferencesProjection.name,
        PREFERENCE_SUBMISSIONS_TABLE,
      );
      const periods = await knex(submissions)
        .where({ user_id: userId })
        .whereNot({ status: 'notStarted' })
        .orderBy('period_id')
        .pluck<string[]>('period_id');
      const admin = await tables.table(
        resourceProjectionName(administrativeAssignments),
        recordsTable(administrativeAssignments),
      );
      const adminIds = await knex(admin)
        .whereNull('deleted_at')
        .whereRaw(`data->>'UserId' = ?`, [userId])
        .orderBy('id')
        .pluck<string[]>('id');
      const noteIds = await knex(
        await tables.table(resourceProjectionName(notes), recordsTable(notes)),
      )
        .whereNull('deleted_at')
        .whereRaw(`data->>'notableId' = ?`, [userId])
        .orderBy('id')
        .pluck<string[]>('id');
      return {
        sectionIds: sections.map((r) => r.section_id),
        preferencePeriodIds: periods,
        administrativeAssignmentIds: adminIds,
        noteIds,
      };
    },
  };
}
