import {
  ApiKeyCreated,
  ApiKeyRevoked,
  apiKeyStream,
  rolesBeyond,
  users,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import { DomainRuleError, ForbiddenError } from '../errors/errors.js';
import { loadRecord } from '../resources/loadRecord.js';
import { rolesOf } from '../resources/userPowers.js';
import { scheduleIndexFor } from '../teaching/scheduleIndex.js';
import {
  apiKeyDecider,
  type ApiKeyEvent,
  type ApiKeyState,
  type CreateApiKey,
  type RevokeApiKey,
} from './decider.js';

/** The payload carries the secret's hash only: the command never sees the key itself. */
export const createApiKeyCommand = defineCommand<CreateApiKey, ApiKeyState, ApiKeyEvent>({
  name: 'CreateApiKey',
  schema: ApiKeyCreated,
  decider: apiKeyDecider,
  streamId: (payload) => apiKeyStream(payload.apiKeyId),
  entityId: (payload) => payload.apiKeyId,
  authorize: (ability) => assertCan(ability, 'create', 'ApiKey'),
  // A key acts as a live, active user, and never with powers its maker does not hold.
  async load(store, payload, { ability }) {
    const index = scheduleIndexFor(store);
    await index.refresh();
    const facts = index.userFacts(payload.userId);
    const user = await loadRecord(store, users, payload.userId);
    if (!user || !facts || facts.status !== 'live' || !facts.isActive || facts.mergedIntoId) {
      throw new DomainRuleError(
        'An API key acts as an active user; this one is unknown or inactive.',
      );
    }
    const [beyond] = rolesBeyond(ability, rolesOf(user));
    if (beyond) {
      throw new ForbiddenError(
        `You may not make a key that acts as ${facts.name}: they hold powers you do not.`,
      );
    }
  },
});

export const revokeApiKeyCommand = defineCommand<RevokeApiKey, ApiKeyState, ApiKeyEvent>({
  name: 'RevokeApiKey',
  schema: ApiKeyRevoked,
  decider: apiKeyDecider,
  streamId: (payload) => apiKeyStream(payload.apiKeyId),
  entityId: (payload) => payload.apiKeyId,
  authorize: (ability) => assertCan(ability, 'update', 'ApiKey'),
});
