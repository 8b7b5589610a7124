import {
  COMPARE_NOW,
  COMPARE_TOTALS,
  CHANGES_SINCE_MY_APPROVAL,
  positionToToken,
  tokenToPosition,
  type CompareAnswer,
  type CompareQuery,
  summarizeAlignments,
  type CompareTotalsAnswer,
  type PreferenceAlignment,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { TableResolver } from '../../runner/tableNames.js';
import { createAlignmentAsOf } from '../alignment/asOf.js';
import { changesOf, recordName, type Context, type Difference } from './describe.js';
import { createVersionNames } from './names.js';
import { feedTables, lastApproval, type FeedTables, type FeedViewer } from './query.js';

/** An instant the comparison could not find: a refusal in words, for the field it came from. */
export class InstantNotFound extends Error {
  constructor(
    readonly field: 'from' | 'to',
    message: string,
  ) {
    super(message);
  }
}

interface Instant {
  seq: number;
  label: string;
  at: string | null;
  position: string | null;
}

interface Version {
  kind: 'section' | 'assignment';
  id: string;
  parent_id: string | null;
  user_id: string | null;
  state: Record<string, unknown>;
}

type LogRow = { seq: string; recorded_at: Date; commit_position: string; prepare_position: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Compares a workgroup's plan in a period at two instants (issue "Approvers audit changes"):
 * the assignments added, removed and changed, the sections created, removed and changed (a
 * moved meeting among them), and the workload and alignment totals at both — read from the plan's
 * history as of each instant, so it equals the difference of two replays of the log.
 */
export function createComparison(knex: Knex, tables: TableResolver) {
  const alignmentsAt = createAlignmentAsOf(knex);

  async function instantOf(
    t: FeedTables,
    viewer: FeedViewer,
    query: CompareQuery,
    field: 'from' | 'to',
  ): Promise<Instant> {
    const spec = query[field];
    const fromLog = (row: LogRow | undefined, label: string): Instant => ({
      seq: row ? Number(row.seq) : 0,
      label,
      at: row ? new Date(row.recorded_at).toISOString() : null,
      position: row
        ? positionToToken({
            commit: BigInt(row.commit_position),
            prepare: BigInt(row.prepare_position),
          })
        : null,
    });
    if (spec === COMPARE_NOW) {
      const found = await knex.raw<{ rows: LogRow[] }>(
        'SELECT * FROM ?? ORDER BY seq DESC LIMIT 1',
        [t.log],
      );
      return fromLog(found.rows[0], 'Now');
    }
    if (spec === CHANGES_SINCE_MY_APPROVAL) {
      const approval = await lastApproval(
        knex,
        t,
        viewer,
        query.WorkgroupId,
        query.AcademicPeriodId,
      );
      if (!approval) {
        throw new InstantNotFound(field, 'You have not approved anything in this workgroup yet.');
      }
      return {
        seq: approval.seq,
        label: 'Your last approval',
        at: approval.at,
        position: approval.position,
      };
    }
    if (ISO_INSTANT.test(spec) && !Number.isNaN(Date.parse(spec))) {
      const found = await knex.raw<{ rows: LogRow[] }>(
        'SELECT * FROM ?? WHERE recorded_at <= ? ORDER BY recorded_at DESC, seq DESC LIMIT 1',
        [t.log, spec],
      );
      return fromLog(found.rows[0], new Date(spec).toISOString());
    }
    const position = tokenToPosition(spec);
    if (!position) {
      throw new InstantNotFound(
        field,
        'Give "now", "myLastApproval", a date and time, or a position of the change log.',
      );
    }
    const found = await knex.raw<{ rows: LogRow[] }>(
      `SELECT * FROM ?? WHERE (commit_position, prepare_position) <= (?::numeric, ?::numeric)
       ORDER BY commit_position DESC, prepare_position DESC LIMIT 1`,
      [t.log, position.commit.toString(), position.prepare.toString()],
    );
    return fromLog(found.rows[0], 'That position');
  }

  /** The workgroup's sections and assignments in the period as they stood at `seq`. */
  async function planAt(t: FeedTables, query: CompareQuery, seq: number): Promise<Version[]> {
    const found = await knex.raw<{ rows: Version[] }>(
      `SELECT kind, id, parent_id, user_id, state FROM ??
       WHERE kind = 'section' AND int8range(valid_from, valid_to) @> ?::bigint
         AND period_id = ? AND workgroup_id = ?
       UNION ALL
       SELECT kind, id, parent_id, user_id, state FROM ??
       WHERE kind = 'assignment' AND period_id = ? AND workgroup_id = ?
         AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)`,
      [
        t.versions,
        seq,
        query.AcademicPeriodId,
        query.WorkgroupId,
        t.versions,
        query.AcademicPeriodId,
        query.WorkgroupId,
        seq,
        seq,
      ],
    );
    return found.rows;
  }

  /** Section points (its own, else its default, else the course's credit hours) by section. */
  async function pointsOf(sections: Version[], ctx: Context): Promise<Map<string, number>> {
    const points = new Map<string, number>();
    await Promise.all(
      sections.map(async (version) => {
        const section = (version.state.section ?? {}) as Record<string, unknown>;
        const own = [section.points, section.defaultPoints].find(
          (p): p is number => typeof p === 'number' && Number.isFinite(p),
        );
        if (own !== undefined) {
          points.set(version.id, own);
          return;
        }
        const offering =
          typeof section.CourseOfferingId === 'string' ? section.CourseOfferingId : null;
        const course = offering
          ? await ctx.names.record('courseOfferings', offering, 'CourseId')
          : null;
        const credit = course
          ? await ctx.names.record('courses', course, 'sectionCreditHours')
          : null;
        points.set(version.id, credit === null ? 0 : Number(credit) || 0);
      }),
    );
    return points;
  }

  const liveAssignments = (plan: Version[]) =>
    plan.filter((v) => v.kind === 'assignment' && v.state.status !== 'withdrawn');

  /** The alignment of the plan's live assignments as it stood at `seq`. */
  function alignmentAt(
    t: FeedTables,
    query: CompareQuery,
    seq: number,
    plan: Version[],
  ): Promise<Map<string, PreferenceAlignment>> {
    return alignmentsAt(
      t.versions,
      query.AcademicPeriodId,
      seq,
      liveAssignments(plan).map((a) => ({
        id: a.id,
        SectionId: a.parent_id ?? '',
        UserId: a.user_id ?? '',
      })),
    );
  }

  function totalsOf(
    plan: Version[],
    points: Map<string, number>,
    alignments: Map<string, PreferenceAlignment>,
  ): CompareTotalsAnswer {
    const sections = plan.filter((v) => v.kind === 'section');
    const live = liveAssignments(plan);
    const share = new Map<string, number>();
    let assignedPoints = 0;
    for (const a of live) {
      const percent = Number(a.state.sharePercent ?? 0);
      const section = a.parent_id ?? '';
      share.set(section, (share.get(section) ?? 0) + percent);
      assignedPoints += ((points.get(section) ?? 0) * percent) / 100;
    }
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      sections: sections.length,
      uncoveredSections: sections.filter((s) => (share.get(s.id) ?? 0) <= 0).length,
      assignments: live.length,
      instructors: new Set(live.map((a) => a.user_id)).size,
      assignedPoints: round(assignedPoints),
      sectionPoints: round(sections.reduce((n, s) => n + (points.get(s.id) ?? 0), 0)),
      alignment: summarizeAlignments(
        live.flatMap((a) => {
          const found = alignments.get(a.id);
          return found ? [found] : [];
        }),
      ),
    };
  }

  async function compare(viewer: FeedViewer, query: CompareQuery): Promise<CompareAnswer> {
    const t = await feedTables(tables);
    const [from, to] = await Promise.all([
      instantOf(t, viewer, query, 'from'),
      instantOf(t, viewer, query, 'to'),
    ]);
    const [before, after] = await Promise.all([
      planAt(t, query, from.seq),
      planAt(t, query, to.seq),
    ]);
    const names = createVersionNames(knex, t);
    const sectionVersions = new Map<string, Record<string, unknown>>();
    for (const v of [...before, ...after]) {
      if (v.kind === 'section') sectionVersions.set(v.id, v.state);
    }
    const ctx: Context = {
      names,
      ability: viewer.ability,
      section: (id) => Promise.resolve(sectionVersions.get(id) ?? null),
    };
    const key = (v: Version) => `${v.kind}\u0000${v.id}`;
    const was = new Map(before.map((v) => [key(v), v]));
    const is = new Map(after.map((v) => [key(v), v]));
    const differences: Difference[] = [];
    for (const [k, v] of is) {
      const old = was.get(k);
      differences.push({
        kind: v.kind,
        id: v.id,
        change: old ? 'changed' : 'created',
        parent_id: v.parent_id,
        user_id: v.user_id,
        before: old?.state ?? null,
        after: v.state,
      });
    }
    for (const [k, v] of was) {
      if (is.has(k)) continue;
      differences.push({
        kind: v.kind,
        id: v.id,
        change: 'removed',
        parent_id: v.parent_id,
        user_id: v.user_id,
        before: v.state,
        after: null,
      });
    }
    const described = await Promise.all(
      differences.map(async (d) => ({
        d,
        name: await recordName(d, ctx),
        changes: d.change === 'changed' ? ((await changesOf(d, ctx)) ?? []) : [],
      })),
    );
    const byName = <T extends { name: string }>(rows: T[]) =>
      rows.sort((a, b) => a.name.localeCompare(b.name));
    const pick = (kind: string, change: Difference['change']) =>
      byName(
        described
          .filter((x) => x.d.kind === kind && x.d.change === change)
          .filter((x) => change !== 'changed' || x.changes.length > 0)
          .map((x) => ({ id: x.d.id, name: x.name, changes: x.changes })),
      );
    const plain = (rows: { id: string; name: string }[]) =>
      rows.map(({ id, name }) => ({ id, name }));
    const strip = (rows: ReturnType<typeof pick>) =>
      rows.map(({ id, name, changes }) => ({
        id,
        name,
        changes: changes.map(({ field, label, display }) => ({ field, label, display })),
      }));
    const [pointsBefore, pointsAfter, alignedBefore, alignedAfter] = await Promise.all([
      pointsOf(
        before.filter((v) => v.kind === 'section'),
        ctx,
      ),
      pointsOf(
        after.filter((v) => v.kind === 'section'),
        ctx,
      ),
      alignmentAt(t, query, from.seq, before),
      alignmentAt(t, query, to.seq, after),
    ]);
    const instant = ({ label, at, position }: Instant) => ({ label, at, position });
    return {
      from: instant(from),
      to: instant(to),
      assignments: {
        added: plain(pick('assignment', 'created')),
        removed: plain(pick('assignment', 'removed')),
        changed: strip(pick('assignment', 'changed')),
      },
      sections: {
        created: plain(pick('section', 'created')),
        removed: plain(pick('section', 'removed')),
        changed: strip(pick('section', 'changed')),
      },
      totals: {
        from: totalsOf(before, pointsBefore, alignedBefore),
        to: totalsOf(after, pointsAfter, alignedAfter),
      },
    };
  }

  return { compare };
}

/** The comparison as rows of a file: what, how, which record, the field, before and after. */
export function comparisonRows(answer: CompareAnswer): string[][] {
  const rows: string[][] = [['What', 'Change', 'Record', 'Field', 'Before', 'After']];
  const groups = [
    ['Teaching assignment', answer.assignments],
    ['Section', answer.sections],
  ] as const;
  for (const [what, group] of groups) {
    const added = 'added' in group ? group.added : group.created;
    for (const r of added) rows.push([what, 'Added', r.name, '', '', '']);
    for (const r of group.removed) rows.push([what, 'Removed', r.name, '', '', '']);
    for (const r of group.changed) {
      for (const c of r.changes) {
        const [before, after] =
          c.display.kind === 'list'
            ? [c.display.removed.join('; '), c.display.added.join('; ')]
            : c.display.kind === 'text'
              ? [c.display.from, c.display.to]
              : ['', ''];
        rows.push([what, 'Changed', r.name, c.label, before, after]);
      }
    }
  }
  for (const { label, of } of COMPARE_TOTALS) {
    const [from, to] = [of(answer.totals.from), of(answer.totals.to)];
    rows.push([
      'Total',
      '',
      label,
      '',
      from === null ? '' : String(from),
      to === null ? '' : String(to),
    ]);
  }
  return rows;
}
