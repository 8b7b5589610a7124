import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import { resourceDecider, type ResourceEvent, type ResourceState } from './decider.js';

const BATCH = 5000;

/**
 * Every record of one declared kind, folded in memory from its streams in the log, for rules
 * that look across records ("the terms of this period") without a read model that may lag.
 * A command refreshes it just before it decides, so it sees every change committed before
 * that; like the schedule index, it does not stop two racing commands from both passing.
 * Each refresh reads only what was appended since the last one.
 */
export class RecordIndex {
  private readonly states = new Map<string, ResourceState>();
  private readonly decider: ReturnType<typeof resourceDecider>;
  private readonly prefix: string;
  private position: Position | 'start' = 'start';
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    definition: ResourceDefinition,
  ) {
    this.decider = resourceDecider(definition);
    this.prefix = definition.streamId('');
  }

  /** Reads what was appended since the last refresh; concurrent callers share one read. */
  refresh(): Promise<void> {
    this.refreshing ??= this.readNew().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readNew(): Promise<void> {
    // Read first: every event up to it is visible now and none can still appear before it, so
    // the next refresh may start there even when none of them was of this kind. Without it a
    // kind written rarely (terms) would make each refresh scan the log since its last record.
    const head = await this.store.headPosition();
    for (;;) {
      const events: RecordedEvent[] = await this.store.readAll({
        fromPosition: this.position,
        maxCount: BATCH,
        filter: { streamPrefixes: [this.prefix] },
      });
      for (const event of events) {
        const state = this.states.get(event.streamId) ?? { status: 'absent' };
        this.states.set(event.streamId, this.decider.evolve(state, event as ResourceEvent));
        this.position = event.position;
      }
      if (events.length < BATCH) break;
    }
    if (head && (this.position === 'start' || comparePositions(head, this.position) > 0)) {
      this.position = head;
    }
  }

  /** One live record by id, as of the last refresh; null when absent or deleted. */
  live(id: string, streamId: (id: string) => string): ResourceRecord | null {
    const state = this.states.get(streamId(id));
    return state?.status === 'live' ? state.record : null;
  }

  /** The live (not deleted) records matching `test`, as of the last refresh. */
  liveWhere(test: (record: ResourceRecord) => boolean): ResourceRecord[] {
    const found: ResourceRecord[] = [];
    for (const state of this.states.values()) {
      if (state.status === 'live' && test(state.record)) found.push(state.record);
    }
    return found;
  }
}

const indexes = new WeakMap<EventStore, Map<string, RecordIndex>>();

/** One index per store and kind, made on first use and refreshed before it answers. */
export async function refreshedRecordIndex(
  store: EventStore,
  definition: ResourceDefinition,
): Promise<RecordIndex> {
  let byKind = indexes.get(store);
  if (!byKind) indexes.set(store, (byKind = new Map<string, RecordIndex>()));
  let index = byKind.get(definition.name);
  if (!index) byKind.set(definition.name, (index = new RecordIndex(store, definition)));
  await index.refresh();
  return index;
}
