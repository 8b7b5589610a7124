import {
  positionToToken,
  type HistoryEntryAnswer,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import { resourceDecider, type ResourceState } from '../resources/decider.js';
import { attributionOf } from './attribution.js';
import { visibleChanges, type FieldChange, type LabelledChange } from './changeDisplay.js';

export type { FieldChange } from './changeDisplay.js';
import type { HistoryNames } from './historyNames.js';
import { describeResourceChange } from './resourceChangeDisplay.js';

/** One event of a record's stream as the History panel shows it (notes/uiShape.md). */
export type HistoryRow = HistoryEntryAnswer & { changes: LabelledChange[] };

/** What an event of another stream naming the record (a merge, a masquerade) shows. */
export interface OtherEventDescription {
  summary: string | null;
  changes: LabelledChange[];
}

/** Describes the events of other streams that a history interleaves with the record's own. */
export type OtherEventDescriber = (event: RecordedEvent) => Promise<OtherEventDescription>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Field-level differences between two versions of a record. Plain objects (a faculty profile,
 * financial data) are compared one level down, so the panel says `FacultyProfile.RankId` rather
 * than the whole object; lists, scalars and the objects named in `whole` compare whole.
 */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  whole: ReadonlySet<string> = new Set(),
): FieldChange[] {
  const changes: FieldChange[] = [];
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete('id');
  for (const field of keys) {
    const from = before?.[field];
    const to = after?.[field];
    if (same(from ?? null, to ?? null)) continue;
    if (!whole.has(field) && (isPlainObject(from) || isPlainObject(to))) {
      const inner = diffRecords(
        isPlainObject(from) ? from : null,
        isPlainObject(to) ? to : null,
      ).map((c) => ({ ...c, field: `${field}.${c.field}` }));
      if (inner.length > 0) {
        changes.push(...inner);
        continue;
      }
    }
    changes.push({ field, from: from ?? null, to: to ?? null });
  }
  return changes;
}

const recordOf = (state: ResourceState): ResourceRecord | null =>
  state.status === 'live' ? state.record : null;

/** The row's common part: where, when and who (attribution.ts). */
export async function rowHeader(event: RecordedEvent, names: HistoryNames) {
  return {
    position: positionToToken(event.position),
    revision: Number(event.revision),
    type: event.type,
    at: event.metadata.occurredAt ?? event.createdAt.toISOString(),
    ...(await attributionOf(event, names)),
  };
}

/**
 * Folds a record's events with the kind's own decider: each row carries what the event changed,
 * labelled and in words (resourceChangeDisplay.ts), and who changed it (attribution.ts). Events
 * of other streams that name the record (a user's merges and masquerades) may be interleaved by
 * position: they leave the record as it was and show what `describeOther` says of them.
 */
export async function historyOf(
  definition: ResourceDefinition,
  events: readonly RecordedEvent[],
  names: HistoryNames,
  describeOther?: OtherEventDescriber,
): Promise<HistoryRow[]> {
  const decider = resourceDecider(definition);
  const ownTypes = new Set(Object.values(definition.eventTypes));
  let state: ResourceState = decider.initialState;
  const rows: HistoryRow[] = [];
  for (const event of events) {
    let description: OtherEventDescription;
    if (ownTypes.has(event.type)) {
      const before = recordOf(state);
      state = decider.evolve(state, { type: event.type, data: event.data as ResourceRecord });
      // A delete shows nothing changed field by field: the record is gone as a whole.
      const changes =
        event.type === definition.eventTypes.deleted ? [] : diffRecords(before, recordOf(state));
      description = {
        summary: null,
        changes: visibleChanges(
          await Promise.all(changes.map((c) => describeResourceChange(definition, c, names))),
        ),
      };
    } else {
      description = describeOther ? await describeOther(event) : { summary: null, changes: [] };
    }
    rows.push({ ...(await rowHeader(event, names)), ...description });
  }
  return rows;
}
