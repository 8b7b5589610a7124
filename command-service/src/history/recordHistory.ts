import {
  positionToToken,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import { resourceDecider, type ResourceState } from '../resources/resourceDecider.js';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryPerson {
  id: string;
  displayName: string;
}

/** One event of a record's stream as the History panel shows it (notes/uiShape.md). */
export interface HistoryRow {
  position: string;
  revision: number;
  type: string;
  at: string;
  by: HistoryPerson | null;
  onBehalfOf: HistoryPerson | null;
  changes: FieldChange[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Field-level differences between two versions of a record. Plain objects (a faculty profile,
 * financial data) are compared one level down, so the panel says `FacultyProfile.RankId` rather
 * than the whole object; lists and scalars compare whole.
 */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete('id');
  for (const field of keys) {
    const from = before?.[field];
    const to = after?.[field];
    if (same(from ?? null, to ?? null)) continue;
    if (isPlainObject(from) || isPlainObject(to)) {
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

/** Who a user id is, for the panel; null when no such user was ever recorded. */
export type PersonLookup = (userId: string) => Promise<HistoryPerson | null>;

function changesOf(
  definition: ResourceDefinition,
  event: RecordedEvent,
  before: ResourceRecord | null,
  after: ResourceRecord | null,
): FieldChange[] {
  // A delete shows nothing changed field by field: the record is gone as a whole.
  if (event.type === definition.eventTypes.deleted) return [];
  if (Object.values(definition.eventTypes).includes(event.type)) return diffRecords(before, after);
  // An event of another stream that names the record (a user merge): what it records.
  return isPlainObject(event.data) ? diffRecords(null, event.data) : [];
}

/**
 * Folds a record's events with the kind's own decider: each row carries what the event changed.
 * `by` is the authenticated user; `onBehalfOf` the working user while masquerading (the event
 * metadata keeps the working user as `actorId` and the authenticated one as `onBehalfOfId`).
 * Events of other streams that name the record (a user's merges) may be interleaved by position:
 * they leave the record as it was and show the fields they record.
 */
export async function historyOf(
  definition: ResourceDefinition,
  events: readonly RecordedEvent[],
  person: PersonLookup,
): Promise<HistoryRow[]> {
  const decider = resourceDecider(definition);
  let state: ResourceState = decider.initialState;
  const rows: HistoryRow[] = [];
  for (const event of events) {
    const before = recordOf(state);
    state = decider.evolve(state, { type: event.type, data: event.data as ResourceRecord });
    const after = recordOf(state);
    const actorId = event.metadata.actorId ?? null;
    const authenticatedId = event.metadata.onBehalfOfId ?? null;
    const masquerading = authenticatedId !== null && authenticatedId !== actorId;
    const byId = masquerading ? authenticatedId : actorId;
    rows.push({
      position: positionToToken(event.position),
      revision: Number(event.revision),
      type: event.type,
      at: event.metadata.occurredAt ?? event.createdAt.toISOString(),
      by: byId ? ((await person(byId)) ?? { id: byId, displayName: byId }) : null,
      onBehalfOf:
        masquerading && actorId
          ? ((await person(actorId)) ?? { id: actorId, displayName: actorId })
          : null,
      changes: changesOf(definition, event, before, after),
    });
  }
  return rows;
}
