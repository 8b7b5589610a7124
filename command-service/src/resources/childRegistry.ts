import {
  RegistryBoundSet,
  RegistryChildRemoved,
  RegistryChildSet,
  StreamNotFoundError,
  WrongExpectedVersionError,
  childRegistryStreamId,
  type EventMetadata,
  type EventStore,
} from '@allot/shared-events';
import type { StreamRevision } from '../commandHandling/handleCommand.js';

/** Another writer appended to the registry since it was read: the command checks again. */
export class RegistryChanged extends Error {
  override readonly name = 'RegistryChanged';
  constructor(readonly streamId: string) {
    super(`The registry ${streamId} changed while the command was checked.`);
  }
}

/** A parent's registry as read before a check (shared-events `childRegistry.ts`). */
export interface ChildRegistry {
  streamId: string;
  revision: StreamRevision;
  /** What each registered child will hold, by child id. */
  children: Map<string, unknown>;
  /** The bound the parent last set through the registry; null: none yet (read the parent). */
  bound: unknown;
}

export async function readChildRegistry(
  store: EventStore,
  parent: string,
  parentId: string,
): Promise<ChildRegistry> {
  const streamId = childRegistryStreamId(parent, parentId);
  const registry: ChildRegistry = {
    streamId,
    revision: 'no_stream',
    children: new Map(),
    bound: null,
  };
  let events;
  try {
    events = await store.readStream(streamId);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return registry;
    throw err;
  }
  for (const event of events) {
    registry.revision = event.revision;
    if (event.type === 'RegistryChildSet') {
      const { childId, value } = RegistryChildSet.parse(event.data);
      registry.children.set(childId, value);
    } else if (event.type === 'RegistryChildRemoved') {
      registry.children.delete(RegistryChildRemoved.parse(event.data).childId);
    } else if (event.type === 'RegistryBoundSet') {
      registry.bound = RegistryBoundSet.parse(event.data).value ?? null;
    }
  }
  return registry;
}

export type RegistryEvent =
  | { type: 'RegistryChildSet'; data: { childId: string; value: unknown } }
  | { type: 'RegistryBoundSet'; data: { value: unknown } };

/**
 * Appends to the registry expecting the revision it was read at: RegistryChanged when another
 * writer came first. Later appends of the same command follow from the new revision. Several
 * events (a clone registering an offering's sections at once) go in one append.
 */
export async function appendToRegistry(
  store: EventStore,
  registry: ChildRegistry,
  event: RegistryEvent | readonly RegistryEvent[],
  metadata: EventMetadata,
): Promise<void> {
  const events = Array.isArray(event)
    ? (event as readonly RegistryEvent[])
    : [event as RegistryEvent];
  try {
    const appended = await store.appendToStream(
      registry.streamId,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedState: registry.revision, streamType: 'children' },
    );
    registry.revision = appended.nextExpectedRevision;
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw new RegistryChanged(registry.streamId);
    throw err;
  }
}

/**
 * Registers what a child will hold, just before its own event. When another writer appended to
 * the registry since it was read, the registry is read again and the child checked against it
 * once more (`recheck` throws the rule's 422), here rather than by running the whole command again.
 */
export async function registerChild(
  store: EventStore,
  registry: ChildRegistry,
  child: { parent: string; parentId: string; childId: string; value: unknown },
  metadata: EventMetadata,
  recheck: (registry: ChildRegistry) => Promise<void>,
): Promise<void> {
  for (let round = 1; ; round++) {
    try {
      await appendToRegistry(
        store,
        registry,
        { type: 'RegistryChildSet', data: { childId: child.childId, value: child.value } },
        metadata,
      );
      return;
    } catch (err) {
      if (!(err instanceof RegistryChanged) || round >= 50) throw err;
      Object.assign(registry, await readChildRegistry(store, child.parent, child.parentId));
      await recheck(registry);
    }
  }
}

/** A child left its parent (after its own write): whatever the registry holds then. */
export async function removeFromRegistry(
  store: EventStore,
  parent: string,
  parentId: string,
  childId: string,
  metadata: EventMetadata,
): Promise<void> {
  await store.appendToStream(
    childRegistryStreamId(parent, parentId),
    [{ type: 'RegistryChildRemoved', data: { childId }, metadata }],
    { expectedState: 'any', streamType: 'children' },
  );
}

/** Runs `attempt` again while a registry it read changed under it (bounded). */
export async function retryOnRegistryChange<T>(attempt: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof RegistryChanged) || round >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * Math.min(round, 8)));
    }
  }
}
