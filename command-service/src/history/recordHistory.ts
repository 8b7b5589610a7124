import { oneEntryPerClone } from './oneEntryPerClone.js';
import {
  positionToToken,
  type HistoryEntryAnswer,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
  describeResourceChange,
  diffRecords,
  visibleChanges,
  type HistoryNames,
  type LabelledChange,
} from '@allot/shared-events';
import { resourceDecider, type ResourceState } from '../resources/decider.js';
import { attributionOf } from './attribution.js';

export type { FieldChange } from '@allot/shared-events';

/** One event of a record's stream as the History panel shows it (notes/uiShape.md). */
export type HistoryRow = HistoryEntryAnswer & { changes: LabelledChange[] };

/** What an event of another stream naming the record (a merge, a masquerade) shows. */
export interface OtherEventDescription {
  summary: string | null;
  changes: LabelledChange[];
}

/** Describes the events of other streams that a history interleaves with the record's own. */
export type OtherEventDescriber = (event: RecordedEvent) => Promise<OtherEventDescription>;

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
  return oneEntryPerClone(rows);
}
