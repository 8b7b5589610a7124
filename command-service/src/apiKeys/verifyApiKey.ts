import { apiKeyStream, type EventStore } from '@allot/shared-events';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { apiKeyDecider } from './decider.js';
import { parseApiKeyToken, secretMatches } from './apiKeyToken.js';

/**
 * Checks a Bearer token against its key's stream (no read-model lag: a revocation applies to the
 * next request) and answers the user it authenticates, or null.
 */
export interface ApiKeyHolder {
  /** The user the key acts as. */
  userId: string;
  /** Who made the key; null for keys made before it was recorded. */
  createdBy: string | null;
}

export function createApiKeyVerifier(
  store: EventStore,
): (token: string) => Promise<ApiKeyHolder | null> {
  return async (token) => {
    const parsed = parseApiKeyToken(token);
    if (!parsed) return null;
    const { state } = await loadAggregate(store, apiKeyDecider, apiKeyStream(parsed.apiKeyId));
    if (state.status !== 'active') return null;
    return secretMatches(parsed.secret, state.secretSha256)
      ? { userId: state.userId, createdBy: state.createdBy }
      : null;
  };
}
