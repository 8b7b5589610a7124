import {
  canonical,
  comparePositions,
  type Position,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection } from '../../runner/projection.js';
import {
  migratePlanHistory,
  PLAN_CHANGES_TABLE,
  PLAN_LOG_TABLE,
  PLAN_VERSIONS_TABLE,
} from './schema.js';
import {
  APPROVAL_KIND,
  approvalVersion,
  ASSIGNMENT_KIND,
  assignmentVersions,
  labelOf,
  typedColumnsOf,
  nextPreferences,
  nextResource,
  nextSection,
  planHistoryEventTypes,
  preferencesVersion,
  PREFERENCES_KIND,
  recordOf,
  resourceOf,
  resourceVersion,
  SECTION_KIND,
  sectionVersion,
  type AssignmentVersionState,
  type SectionVersionState,
  type PreferencesVersionState,
  type VersionRow,
} from './versions.js';
import type { ResourceRecord, SectionState } from '@allot/shared-events';

interface Stored extends VersionRow {
  valid_from: number;
  valid_to: number | null;
}

/** A record's open version during a batch: stored already, or to be inserted at the end. */
interface Open {
  row: Stored;
  persisted: boolean;
}

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;
/**
 * Rows per statement. PGlite fails the COMMIT of a transaction whose multi-row INSERT carried a
 * few thousand parameters ("bad buffer ID: 0"); 100 rows stay well clear of it.
 */
const CHUNK = 100;

async function lastLogged(
  trx: Knex.Transaction,
  table: string,
): Promise<{ seq: number; position: Position } | null> {
  const found = await trx.raw<{
    rows: { seq: string; commit_position: string; prepare_position: string }[];
  }>('SELECT seq, commit_position, prepare_position FROM ?? ORDER BY seq DESC LIMIT 1', [table]);
  const row = found.rows[0];
  if (!row) return null;
  return {
    seq: Number(row.seq),
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  };
}

/** The open versions of the records the batch touches, and of the sections' assignments. */
async function loadOpen(
  trx: Knex.Transaction,
  table: string,
  keys: { kind: string; id: string }[],
): Promise<Map<string, Open>> {
  const open = new Map<string, Open>();
  const add = (rows: (Stored & { valid_from: string | number })[]) => {
    for (const row of rows) {
      open.set(keyOf(row.kind, row.id), {
        row: { ...row, valid_from: Number(row.valid_from), valid_to: null },
        persisted: true,
      });
    }
  };
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const found = await trx.raw<{ rows: Stored[] }>(
      `SELECT kind, id, valid_from, period_id, workgroup_id, parent_id, user_id, state FROM ??
       WHERE valid_to IS NULL AND (kind, id) IN (${chunk.map(() => '(?, ?)').join(', ')})`,
      [table, ...chunk.flatMap((k) => [k.kind, k.id])],
    );
    add(found.rows);
  }
  const sections = keys.filter((k) => k.kind === SECTION_KIND).map((k) => k.id);
  for (let i = 0; i < sections.length; i += CHUNK) {
    const found = await trx.raw<{ rows: Stored[] }>(
      `SELECT kind, id, valid_from, period_id, workgroup_id, parent_id, user_id, state FROM ??
       WHERE valid_to IS NULL AND kind = ? AND parent_id = ANY(?)`,
      [table, ASSIGNMENT_KIND, sections.slice(i, i + CHUNK)],
    );
    add(found.rows);
  }
  return open;
}

/** The academic period of each offering, from its versions (an offering never changes period). */
async function offeringPeriods(
  trx: Knex.Transaction,
  table: string,
  offeringIds: string[],
): Promise<Map<string, string | null>> {
  const periods = new Map<string, string | null>();
  if (offeringIds.length === 0) return periods;
  const found = await trx.raw<{ rows: { id: string; period_id: string | null }[] }>(
    `SELECT DISTINCT ON (id) id, period_id FROM ?? WHERE kind = 'courseOffering' AND id = ANY(?)
     ORDER BY id, valid_from DESC`,
    [table, offeringIds],
  );
  for (const row of found.rows) periods.set(row.id, row.period_id);
  return periods;
}

const same = (a: VersionRow, b: VersionRow) =>
  a.period_id === b.period_id &&
  a.workgroup_id === b.workgroup_id &&
  a.parent_id === b.parent_id &&
  a.user_id === b.user_id &&
  // Canonical: a state read back from jsonb has its keys in PostgreSQL's order, not ours.
  canonical(a.state) === canonical(b.state);

/**
 * What one event did to one record, for the change feed: created, changed or removed, with the
 * version it left (the closed one for a removal). The versions before and after are the ones
 * ending and beginning at the event's sequence.
 */
export interface RecordChange {
  seq: number;
  kind: string;
  id: string;
  change: 'created' | 'changed' | 'removed';
  row: Stored;
  /** The instructor of the version it ended, when another (an assignment given to someone else). */
  previousUserId: string | null;
  /** The words it is searched by, as they were then (an assignment by its section's). */
  label: string | null;
}

/** The batch's changes to the versions: what to close and what to insert. */
class VersionWriter {
  readonly closes: { kind: string; id: string; valid_from: number; valid_to: number }[] = [];
  readonly inserts: Stored[] = [];
  /** Per event and record, what changed (key: seq, kind, id). */
  readonly changes = new Map<string, RecordChange>();
  /** The open assignment versions of each section, kept as versions open and close. */
  private readonly children = new Map<string, Set<string>>();

  constructor(private readonly open: Map<string, Open>) {
    for (const { row } of open.values()) this.adopt(row);
  }

  private adopt(row: VersionRow): void {
    if (row.kind !== ASSIGNMENT_KIND || !row.parent_id) return;
    const ids = this.children.get(row.parent_id) ?? new Set<string>();
    ids.add(row.id);
    this.children.set(row.parent_id, ids);
  }

  current(kind: string, id: string): Stored | null {
    return this.open.get(keyOf(kind, id))?.row ?? null;
  }

  /** The open assignment versions of a section. */
  assignmentsOf(sectionId: string): Stored[] {
    return [...(this.children.get(sectionId) ?? [])].flatMap((id) => {
      const row = this.current(ASSIGNMENT_KIND, id);
      return row ? [row] : [];
    });
  }

  private noteChange(change: Omit<RecordChange, 'label'>): void {
    const { row } = change;
    let label = labelOf(row);
    if (row.kind === ASSIGNMENT_KIND && row.parent_id) {
      const section = this.current(SECTION_KIND, row.parent_id);
      label = section ? labelOf(section) : null;
    }
    this.record({ ...change, label });
  }

  private record(change: RecordChange): void {
    const key = `${String(change.seq)}\u0000${keyOf(change.kind, change.id)}`;
    const earlier = this.changes.get(key);
    // Created and removed by one event: nothing anyone could have seen.
    if (earlier?.change === 'created' && change.change === 'removed') this.changes.delete(key);
    else this.changes.set(key, change);
  }

  /** Ends the record's open version at `seq` (it was deleted, or replaced). */
  close(kind: string, id: string, seq: number): void {
    const key = keyOf(kind, id);
    const open = this.open.get(key);
    if (!open) return;
    this.noteChange({ seq, kind, id, change: 'removed', row: open.row, previousUserId: null });
    if (open.persisted) {
      this.closes.push({ kind, id, valid_from: open.row.valid_from, valid_to: seq });
    } else {
      open.row.valid_to = seq;
    }
    this.open.delete(key);
    if (kind === ASSIGNMENT_KIND && open.row.parent_id) {
      this.children.get(open.row.parent_id)?.delete(id);
    }
  }

  /** Opens a new version at `seq` unless it equals the open one. */
  write(row: VersionRow, seq: number): void {
    const previous = this.current(row.kind, row.id);
    if (previous && same(previous, row)) return;
    // Two events of one batch may change a record twice: a version that began at this very
    // event is replaced, never closed empty.
    if (
      previous &&
      !this.open.get(keyOf(row.kind, row.id))?.persisted &&
      previous.valid_from === seq
    ) {
      Object.assign(previous, row);
      return;
    }
    this.close(row.kind, row.id, seq);
    const stored: Stored = { ...row, valid_from: seq, valid_to: null };
    this.inserts.push(stored);
    this.open.set(keyOf(row.kind, row.id), { row: stored, persisted: false });
    this.adopt(stored);
    const change = previous ? 'changed' : 'created';
    const previousUserId = previous && previous.user_id !== row.user_id ? previous.user_id : null;
    this.noteChange({ seq, kind: row.kind, id: row.id, change, row: stored, previousUserId });
  }
}

/**
 * The section as its decider folds it: its own version (the section without its assignments)
 * and the open versions of its assignments, each stored once rather than in every section
 * version (an assignment event then writes the assignment's row, not a copy of the section).
 */
function sectionStateOf(writer: VersionWriter, id: string): SectionState | null {
  const section = writer.current(SECTION_KIND, id);
  if (!section) return null;
  const stored = section.state as SectionVersionState;
  // The decider keeps assignments in the order they were made; nothing a report reads depends
  // on that order (shares split equally whatever it is), so they come back in any order.
  const assignments = Object.fromEntries(
    writer.assignmentsOf(id).map((row) => {
      const a = row.state as AssignmentVersionState;
      return [
        row.id,
        { id: row.id, UserId: a.UserId, share: a.share, notes: a.notes, status: a.status },
      ] as const;
    }),
  );
  return { status: 'live', section: stored.section, assignments };
}

function applyEvent(writer: VersionWriter, event: RecordedEvent, seq: number): void {
  const record = recordOf(event);
  if (!record) return;
  const previous = writer.current(record.kind, record.id);
  const resource = resourceOf(event);
  if (resource) {
    const next = nextResource(
      resource,
      (previous?.state as ResourceRecord | undefined) ?? null,
      event,
    );
    if (next === null) writer.close(record.kind, record.id, seq);
    else writer.write(resourceVersion(resource, next), seq);
    return;
  }
  if (record.kind === SECTION_KIND) {
    const before = sectionStateOf(writer, record.id);
    const state = nextSection(before, event);
    const assignmentIds = new Set(writer.assignmentsOf(record.id).map((row) => row.id));
    if (state.status !== 'live') {
      writer.close(SECTION_KIND, record.id, seq);
      for (const id of assignmentIds) writer.close(ASSIGNMENT_KIND, id, seq);
      return;
    }
    const row = sectionVersion(state);
    row.period_id = previous?.period_id ?? null;
    writer.write(row, seq);
    const assignments = assignmentVersions(state, row.period_id);
    for (const assignment of assignments) {
      writer.write(assignment, seq);
      assignmentIds.delete(assignment.id);
    }
    for (const id of assignmentIds) writer.close(ASSIGNMENT_KIND, id, seq);
    return;
  }
  if (record.kind === APPROVAL_KIND) {
    writer.write(approvalVersion(record.id, event), seq);
    return;
  }
  if (record.kind === PREFERENCES_KIND) {
    const state = nextPreferences(
      (previous?.state as PreferencesVersionState | undefined) ?? null,
      event,
    );
    writer.write(preferencesVersion(record.id, state), seq);
  }
}

/**
 * Who made the change, from the event's metadata: the working user, the authenticated one while
 * masquerading, and the API key of a Bearer request.
 */
function attributionColumns(event: RecordedEvent) {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    event_type: event.type,
    actor_id: text(event.metadata.actorId),
    on_behalf_of_id: text(event.metadata.onBehalfOfId),
    api_key_id: text(event.metadata.apiKeyId),
    // An import's run id (or `undo-<run id>`): the feed says which import wrote the change.
    correlation_id: text(event.metadata.correlationId),
  };
}

/**
 * A change as the feed filters it: the record's period, workgroup, parent and instructor (of the
 * version it left) and the words it is searched by — an assignment by its section's.
 */
function changeColumns(change: RecordChange) {
  const { row } = change;
  return {
    seq: change.seq,
    kind: change.kind,
    id: change.id,
    change: change.change,
    period_id: row.period_id,
    workgroup_id: row.workgroup_id,
    parent_id: row.parent_id,
    user_id: row.user_id,
    previous_user_id: change.previousUserId,
    label: change.label,
  };
}

/** Fills the period of new section and assignment versions from their sections' offerings. */
async function fillPeriods(trx: Knex.Transaction, table: string, writer: VersionWriter) {
  const missing = writer.inserts.filter(
    (row) => row.kind === SECTION_KIND && row.period_id === null && row.parent_id !== null,
  );
  if (missing.length === 0) return;
  const inBatch = new Map<string, string | null>();
  for (const row of writer.inserts) {
    if (row.kind === 'courseOffering') inBatch.set(row.id, row.period_id);
  }
  const unknown = [...new Set(missing.map((row) => row.parent_id as string))].filter(
    (id) => !inBatch.has(id),
  );
  const stored = await offeringPeriods(trx, table, unknown);
  const sectionPeriods = new Map<string, string | null>();
  for (const row of missing) {
    const offering = row.parent_id as string;
    row.period_id = inBatch.get(offering) ?? stored.get(offering) ?? null;
    sectionPeriods.set(row.id, row.period_id);
  }
  for (const row of writer.inserts) {
    if (row.kind === ASSIGNMENT_KIND && row.period_id === null && row.parent_id) {
      row.period_id = sectionPeriods.get(row.parent_id) ?? null;
    }
  }
}

/** The realtime event of new changes in the plan's history (the change feed's "N new"). */
export const CHANGES_RECORDED = 'changesRecorded';

/**
 * The plan's history (DESIGN §8 "as of any instant"): every version of the records reports read,
 * each valid over a range of this projection's sequence, so a report of the plan as it stood at
 * any instant is a filter on the same tables as today's. Replayable like every read model; a
 * re-delivered event (its position already logged) changes nothing.
 */
export const planHistoryProjection: Projection = {
  name: 'plan_history',
  // 2: assignments' share and status as columns of their own (reports read them index-only).
  // 3: who made each change (the log) and what each event changed (plan_changes).
  version: 4,
  eventTypes: planHistoryEventTypes,
  tables: [PLAN_LOG_TABLE, PLAN_VERSIONS_TABLE, PLAN_CHANGES_TABLE],

  migrate: migratePlanHistory,

  async apply(trx, events, ctx) {
    const log = ctx.table(PLAN_LOG_TABLE);
    const versions = ctx.table(PLAN_VERSIONS_TABLE);
    const changes = ctx.table(PLAN_CHANGES_TABLE);
    const last = await lastLogged(trx, log);
    const fresh = events.filter(
      (event) =>
        recordOf(event) !== null && (!last || comparePositions(event.position, last.position) > 0),
    );
    if (fresh.length === 0) return [];
    const keys = new Map<string, { kind: string; id: string }>();
    for (const event of fresh) {
      const record = recordOf(event);
      if (record) keys.set(keyOf(record.kind, record.id), record);
    }
    const writer = new VersionWriter(await loadOpen(trx, versions, [...keys.values()]));
    let seq = last?.seq ?? 0;
    const logRows = fresh.map((event) => {
      seq += 1;
      applyEvent(writer, event, seq);
      return {
        seq,
        commit_position: event.position.commit.toString(),
        prepare_position: event.position.prepare.toString(),
        recorded_at: event.createdAt,
        ...attributionColumns(event),
      };
    });
    await fillPeriods(trx, versions, writer);
    for (let i = 0; i < logRows.length; i += CHUNK) {
      await trx(log).insert(logRows.slice(i, i + CHUNK));
    }
    const changeRows = [...writer.changes.values()].map(changeColumns);
    for (let i = 0; i < changeRows.length; i += CHUNK) {
      await trx(changes).insert(changeRows.slice(i, i + CHUNK));
    }
    for (let i = 0; i < writer.closes.length; i += CHUNK) {
      const chunk = writer.closes.slice(i, i + CHUNK);
      await trx.raw(
        `UPDATE ?? AS v SET valid_to = c.valid_to
         FROM (VALUES ${chunk.map(() => '(?, ?, ?::bigint, ?::bigint)').join(', ')})
           AS c(kind, id, valid_from, valid_to)
         WHERE v.kind = c.kind AND v.id = c.id AND v.valid_from = c.valid_from`,
        [versions, ...chunk.flatMap((c) => [c.kind, c.id, c.valid_from, c.valid_to])],
      );
    }
    const rows = writer.inserts.map((row) => ({
      ...row,
      ...typedColumnsOf(row),
      state: JSON.stringify(row.state),
    }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx(versions).insert(rows.slice(i, i + CHUNK));
    }
    // One word per batch that the plan changed: each browser asks the change feed, with its own
    // rights and filters, how many of the new changes it shows.
    return changeRows.length > 0
      ? [{ event: CHANGES_RECORDED, rooms: ['all'], payload: { count: changeRows.length } }]
      : [];
  },
};
