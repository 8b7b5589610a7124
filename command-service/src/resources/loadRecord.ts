import type { EventStore, ResourceDefinition, ResourceRecord } from '@allot/shared-events';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError } from '../errors/errors.js';
import { resourceDecider } from './decider.js';

/**
 * A declared record as it stands now, folded from its own stream: null when it never existed or
 * was deleted. For commands of other aggregates that name it (DOMAIN.md lesson 1: an id sent by a
 * client is checked, never trusted).
 */
export async function loadRecord(
  store: EventStore,
  definition: ResourceDefinition,
  id: string,
): Promise<ResourceRecord | null> {
  const { state } = await loadAggregate(
    store,
    resourceDecider(definition),
    definition.streamId(id),
  );
  return state.status === 'live' ? state.record : null;
}

/** Each `[kind, id, message]` must name a live record; the first that does not answers 422. */
export async function assertRecordsExist(
  store: EventStore,
  references: readonly (readonly [ResourceDefinition, string, string])[],
): Promise<void> {
  for (const [definition, id, message] of references) {
    if (!(await loadRecord(store, definition, id))) throw new DomainRuleError(message);
  }
}
