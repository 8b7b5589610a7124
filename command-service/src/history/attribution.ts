import {
  importOfCorrelation,
  type HistoryAttributionAnswer,
  type HistoryNames,
  type RecordedEvent,
} from '@allot/shared-events';

/** Who made a change, as every history row says it (shared-events' readApi/history.ts). */
export type Attribution = HistoryAttributionAnswer;

/**
 * From the event metadata: `actorId` is the working user and `onBehalfOfId` the authenticated
 * one while masquerading; `apiKeyId` names the key of a Bearer request (events written before
 * keys were recorded have none, and read as the key's user alone). An actor that is no user (the
 * system, the demo seed) has no user stream and reads as null: the browser says "System".
 */
export async function attributionOf(
  event: RecordedEvent,
  names: HistoryNames,
): Promise<Attribution> {
  const actorId = event.metadata.actorId ?? null;
  const authenticatedId = event.metadata.onBehalfOfId ?? null;
  const masquerading = authenticatedId !== null && authenticatedId !== actorId;
  const byId = masquerading ? authenticatedId : actorId;
  const apiKeyId = event.metadata.apiKeyId;
  return {
    by: byId ? await names.person(byId) : null,
    onBehalfOf: masquerading && actorId ? await names.person(actorId) : null,
    through: typeof apiKeyId === 'string' ? await names.apiKey(apiKeyId) : null,
    importRun: await importOfCorrelation(event.metadata.correlationId, names),
    clone: await cloneOfCorrelation(event.metadata.correlationId, names),
  };
}

/** The clone a change came from, by its event's correlation id (the clone's id), or null. */
async function cloneOfCorrelation(
  correlationId: string | null | undefined,
  names: HistoryNames,
): Promise<Attribution['clone']> {
  if (!correlationId || !names.clone) return null;
  const clone = await names.clone(correlationId);
  return clone ? { cloneId: correlationId, ...clone } : null;
}
