import type { RecordedEvent } from '@allot/shared-events';
import { SYSTEM_ACTOR_ID } from '../commandHandling/commandBus.js';
import type { HistoryApiKey, HistoryNames, HistoryPerson } from './historyNames.js';

/** Who made a change, as every history row says it. */
export interface Attribution {
  /** The authenticated user (the admin while masquerading); null for the system. */
  by: HistoryPerson | null;
  /** The working user while masquerading, else null. */
  onBehalfOf: HistoryPerson | null;
  /** The API key the request came with (metadata `apiKeyId`), else null. */
  through: HistoryApiKey | null;
}

/** A user never recorded (the system actor, a bootstrap id) still reads as something. */
const NOBODY_KNOWN = 'Unknown user';

/**
 * From the event metadata: `actorId` is the working user and `onBehalfOfId` the authenticated
 * one while masquerading; `apiKeyId` names the key of a Bearer request (events written before
 * keys were recorded have none, and read as the key's user alone).
 */
export async function attributionOf(
  event: RecordedEvent,
  names: HistoryNames,
): Promise<Attribution> {
  const who = async (id: string): Promise<HistoryPerson> =>
    (await names.person(id)) ?? { id, displayName: NOBODY_KNOWN };
  const actorId = event.metadata.actorId ?? null;
  const authenticatedId = event.metadata.onBehalfOfId ?? null;
  const masquerading = authenticatedId !== null && authenticatedId !== actorId;
  const byId = masquerading ? authenticatedId : actorId;
  const apiKeyId = event.metadata.apiKeyId;
  return {
    by: byId && byId !== SYSTEM_ACTOR_ID ? await who(byId) : null,
    onBehalfOf: masquerading && actorId ? await who(actorId) : null,
    through: typeof apiKeyId === 'string' ? await names.apiKey(apiKeyId) : null,
  };
}
