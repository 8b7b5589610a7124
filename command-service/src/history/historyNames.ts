import {
  ApiKeyCreated,
  ImportRunStarted,
  StreamNotFoundError,
  importRunStream,
  cloneStream,
  CloneStarted,
  allResources,
  apiKeyStream,
  users,
  type EventStore,
  UNKNOWN_RECORD,
  type HistoryApiKey,
  type HistoryNames,
  type PersonLookup,
  type ReadStreamOptions,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import { resourceDecider, type ResourceState } from '../resources/decider.js';

/** A stream's events (from `options`), none when the stream does not exist. */
export async function eventsOf(
  store: EventStore,
  streamId: string,
  options?: ReadStreamOptions,
): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId, options);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
}

function lastRecord(definition: ResourceDefinition, events: readonly RecordedEvent[]) {
  const decider = resourceDecider(definition);
  const state = events.reduce<ResourceState>(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data as ResourceRecord }),
    decider.initialState,
  );
  return state.status === 'absent' ? null : state.record;
}

/**
 * Names for one history answer, each read once from the event store: the log is the audit
 * trail, so names come from the records' own streams (as they are now), not from read models
 * that could lag behind or have forgotten a deleted record.
 */
export function createHistoryNames(store: EventStore): HistoryNames {
  const records = new Map<string, Promise<ResourceRecord | null>>();
  const recordOf = (definition: ResourceDefinition, id: string) => {
    const key = `${definition.name}\u0000${id}`;
    let found = records.get(key);
    if (!found) {
      found = eventsOf(store, definition.streamId(id)).then((e) => lastRecord(definition, e));
      records.set(key, found);
    }
    return found;
  };
  const person: PersonLookup = async (userId) => {
    const record = await recordOf(users, userId);
    if (!record) return null;
    const name = record.displayName;
    return { id: userId, displayName: typeof name === 'string' ? name : UNKNOWN_RECORD };
  };
  const keys = new Map<string, Promise<HistoryApiKey | null>>();
  const runs = new Map<string, ReturnType<HistoryNames['importRun']>>();
  const clones = new Map<string, Promise<{ from: string; into: string } | null>>();
  return {
    clone(id) {
      let found = clones.get(id);
      if (!found) {
        found = /^[A-Za-z0-9-]{1,100}$/.test(id)
          ? eventsOf(store, cloneStream(id), { maxCount: 1 }).then((events) => {
              const started = events[0]?.type === 'CloneStarted' ? events[0] : undefined;
              const data = started ? CloneStarted.safeParse(started.data).data : undefined;
              return data ? { from: data.sourcePeriodName, into: data.targetPeriodName } : null;
            })
          : Promise.resolve(null);
        clones.set(id, found);
      }
      return found;
    },
    importRun(id) {
      let found = runs.get(id);
      if (!found) {
        // Only ids that can name a stream are looked up (a correlation id is any string).
        found = /^[A-Za-z0-9-]{1,100}$/.test(id)
          ? eventsOf(store, importRunStream(id), { maxCount: 1 }).then((events) => {
              const started = events[0]?.type === 'ImportRunStarted' ? events[0] : undefined;
              const data = started ? ImportRunStarted.safeParse(started.data).data : undefined;
              return data ? { name: data.spec?.name ?? null, fileName: data.fileName } : null;
            })
          : Promise.resolve(null);
        runs.set(id, found);
      }
      return found;
    },
    person,
    async record(path, id, labelField = 'name') {
      const definition = allResources.find((r) => r.path === path);
      if (!definition) return null;
      if (definition === users) return (await person(id))?.displayName ?? null;
      const value = (await recordOf(definition, id))?.[labelField];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    },
    apiKey(id) {
      let found = keys.get(id);
      if (!found) {
        found = eventsOf(store, apiKeyStream(id)).then(async (events) => {
          const created = events.find((e) => e.type === 'ApiKeyCreated');
          const data = created ? ApiKeyCreated.safeParse(created.data).data : undefined;
          if (!created || !data) return null;
          // The key's creator: the authenticated user, also when they were masquerading.
          const creatorId = created.metadata.onBehalfOfId ?? created.metadata.actorId ?? null;
          return {
            id,
            name: data.name,
            createdBy: creatorId ? await person(creatorId) : null,
          };
        });
        keys.set(id, found);
      }
      return found;
    },
  };
}
