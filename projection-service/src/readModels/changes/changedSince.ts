import {
  CHANGED_SINCE_WORKGROUPS_MAX,
  positionToToken,
  type ChangedSinceAnswer,
  type ChangedSinceQuery,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { TableResolver } from '../../runner/tableNames.js';
import { cursorAfterEvent } from './describe.js';
import { APPROVED_BY_ACTOR, feedTables, type FeedTables, type FeedViewer } from './query.js';
import { visibleChangesSql } from './visibility.js';

/** More changed rows than this in one workgroup is a whole re-plan: the rest go unmarked. */
const CHANGED_ROWS_MAX = 5000;

/** The viewer's approvals in a workgroup (and period): the rows of `c` they put their name to. */
const approvalsSql = (period: string | undefined) => `
  SELECT c.seq, c.kind, c.id FROM ?? c JOIN ?? l ON l.seq = c.seq
  JOIN ?? v ON v.kind = c.kind AND v.id = c.id AND v.valid_from = c.seq
  WHERE c.workgroup_id = ? AND ${period ? 'c.period_id = ?' : 'true'}
    AND (l.actor_id = ? OR l.on_behalf_of_id = ?) AND ${APPROVED_BY_ACTOR}`;

/**
 * The workgroups to look at: the one chosen, else those the viewer approved in (the period's,
 * most recent first) when they are few; null when the viewer must choose one.
 */
async function changedSinceWorkgroups(
  knex: Knex,
  t: FeedTables,
  viewer: FeedViewer,
  query: ChangedSinceQuery,
): Promise<string[] | null> {
  if (query.WorkgroupId) return [query.WorkgroupId];
  const period = query.AcademicPeriodId;
  const found = await knex.raw<{ rows: { workgroup_id: string }[] }>(
    `SELECT c.workgroup_id FROM ?? c JOIN ?? l ON l.seq = c.seq
     JOIN ?? v ON v.kind = c.kind AND v.id = c.id AND v.valid_from = c.seq
     WHERE (l.actor_id = ? OR l.on_behalf_of_id = ?) AND c.workgroup_id IS NOT NULL
       AND ${period ? 'c.period_id = ?' : 'true'} AND ${APPROVED_BY_ACTOR}
     GROUP BY c.workgroup_id ORDER BY max(c.seq) DESC LIMIT ?`,
    [
      t.changes,
      t.log,
      t.versions,
      viewer.userId,
      viewer.userId,
      ...(period ? [period] : []),
      CHANGED_SINCE_WORKGROUPS_MAX + 1,
    ],
  );
  if (found.rows.length > CHANGED_SINCE_WORKGROUPS_MAX) return null;
  return found.rows.map((row) => row.workgroup_id);
}

/**
 * The rows of Section Assignments an approver should look at again (readModels/changes): each
 * assignment whose last change — its own, or its section's (meetings, rooms, name) — came after
 * the viewer last put their name to it. That is their own latest approval of the assignment; of
 * a row they never approved, their latest approval of the workgroup's progress step, else their
 * first approval in the workgroup. So approving one marked row clears its mark and leaves the
 * others'. A workgroup the viewer never approved in marks nothing: there is nothing to compare.
 */
export function createChangedSince(knex: Knex, tables: TableResolver) {
  /**
   * For the workgroup asked about, else those the viewer approved in (few of them); null when
   * the viewer must choose a workgroup.
   */
  return async function changedSinceApproval(
    viewer: FeedViewer,
    query: ChangedSinceQuery,
  ): Promise<ChangedSinceAnswer | null> {
    const t = await feedTables(tables);
    const workgroupIds = await changedSinceWorkgroups(knex, t, viewer, query);
    if (!workgroupIds) return null;
    const answer: ChangedSinceAnswer = { workgroups: [], rows: [] };
    const visible = visibleChangesSql(viewer.ability, viewer.userId);
    const period = query.AcademicPeriodId;
    const inPeriod = period ? 'c.period_id = ?' : 'true';
    const periodBinding = period ? [period] : [];
    for (const workgroupId of workgroupIds) {
      const approvals = [
        t.changes,
        t.log,
        t.versions,
        workgroupId,
        ...periodBinding,
        viewer.userId,
        viewer.userId,
      ];
      const based = await knex.raw<{ rows: { seq: string | null }[] }>(
        `SELECT greatest(max(seq) FILTER (WHERE kind = 'approval'), min(seq)) AS seq
         FROM (${approvalsSql(period)}) mine`,
        approvals,
      );
      const base = based.rows[0]?.seq ? Number(based.rows[0].seq) : null;
      if (base === null) {
        answer.workgroups.push({ WorkgroupId: workgroupId, since: null });
        continue;
      }
      const found = await knex.raw<{
        rows: { id: string; section_id: string; since: string; own: boolean }[];
      }>(
        `WITH own AS (
           SELECT id, max(seq) AS seq FROM (${approvalsSql(period)}) mine
           WHERE kind = 'assignment' GROUP BY id),
         touched AS (
           SELECT c.kind, c.id, max(c.seq) AS seq FROM ?? c JOIN ?? l ON l.seq = c.seq
           WHERE ${visible.sql} AND c.workgroup_id = ? AND ${inPeriod} AND c.seq > ?
             AND c.change <> 'removed'
             AND (c.kind = 'assignment' OR (c.kind = 'section' AND c.change = 'changed'))
           GROUP BY c.kind, c.id),
         touched_rows AS (
           SELECT v.id, v.parent_id AS section_id, t.seq FROM touched t
           JOIN ?? v ON v.kind = 'assignment' AND v.id = t.id AND v.valid_to IS NULL
           WHERE t.kind = 'assignment'
           UNION ALL
           SELECT v.id, v.parent_id, t.seq FROM touched t
           JOIN ?? v ON v.kind = 'assignment' AND v.parent_id = t.id AND v.valid_to IS NULL
           WHERE t.kind = 'section'),
         latest AS (
           SELECT id, section_id, max(seq) AS changed FROM touched_rows GROUP BY id, section_id)
         SELECT latest.id, latest.section_id, greatest(?::bigint, own.seq) AS since,
           own.seq IS NOT NULL AND own.seq > ? AS own
         FROM latest LEFT JOIN own ON own.id = latest.id
         WHERE latest.changed > greatest(?::bigint, own.seq)
         ORDER BY latest.id LIMIT ?`,
        [
          ...approvals,
          t.changes,
          t.log,
          ...visible.bindings,
          workgroupId,
          ...periodBinding,
          base,
          t.versions,
          t.versions,
          base,
          base,
          base,
          CHANGED_ROWS_MAX,
        ],
      );
      const instants = await instantsOf(t, [base, ...found.rows.map((r) => Number(r.since))]);
      answer.workgroups.push({ WorkgroupId: workgroupId, since: instants.get(base) ?? null });
      for (const row of found.rows) {
        const since = instants.get(Number(row.since));
        if (!since) continue;
        answer.rows.push({
          id: row.id,
          SectionId: row.section_id,
          since,
          ownApproval: row.own,
          after: cursorAfterEvent(Number(row.since)),
        });
      }
    }
    return answer;
  };

  /** When each event was recorded, and its position. */
  async function instantsOf(t: FeedTables, seqs: number[]) {
    const found = await knex.raw<{
      rows: { seq: string; recorded_at: Date; commit_position: string; prepare_position: string }[];
    }>(
      `SELECT seq, recorded_at, commit_position, prepare_position FROM ??
       WHERE seq = ANY(?::bigint[])`,
      [t.log, [...new Set(seqs)]],
    );
    return new Map(
      found.rows.map((row) => [
        Number(row.seq),
        {
          at: new Date(row.recorded_at).toISOString(),
          position: positionToToken({
            commit: BigInt(row.commit_position),
            prepare: BigInt(row.prepare_position),
          }),
        },
      ]),
    );
  }
}
