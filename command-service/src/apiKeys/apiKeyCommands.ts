import {
  ApiKeyCreated,
  ApiKeyRevoked,
  apiKeyStream,
  rolesBeyond,
  users,
  type ApiKeyCreated as ApiKeyCreatedData,
  type ApiKeyRevoked as ApiKeyRevokedData,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import { loadRecord } from '../resources/loadRecord.js';
import { rolesOf } from '../resources/userPowers.js';
import { scheduleIndexFor } from '../teaching/scheduleIndex.js';

export type CreateApiKey = Command<'CreateApiKey', ApiKeyCreatedData>;
export type RevokeApiKey = Command<'RevokeApiKey', ApiKeyRevokedData>;
type ApiKeyCommand = CreateApiKey | RevokeApiKey;
export type ApiKeyEvent =
  DomainEvent<'ApiKeyCreated', ApiKeyCreatedData> | DomainEvent<'ApiKeyRevoked', ApiKeyRevokedData>;

export type ApiKeyState =
  | { status: 'none' }
  | {
      status: 'active' | 'revoked';
      userId: string;
      name: string;
      secretSha256: string;
      createdBy: string | null;
    };

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        status: 'active',
        userId: event.data.userId,
        name: event.data.name,
        secretSha256: event.data.secretSha256,
        createdBy: event.data.createdBy ?? null,
      };
    case 'ApiKeyRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
    default:
      return state;
  }
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyState, ApiKeyEvent> = {
  initialState: { status: 'none' },
  evolve: evolveApiKey,
  decide(command, state) {
    if (command.type === 'CreateApiKey') {
      if (state.status !== 'none') throw new DomainRuleError('This API key already exists.');
      return [{ type: 'ApiKeyCreated', data: command.data }];
    }
    if (state.status === 'none') throw new NotFoundError('No such API key.');
    if (state.status === 'revoked') return [];
    return [{ type: 'ApiKeyRevoked', data: { ...command.data, userId: state.userId } }];
  },
};

/** The payload carries the secret's hash only: the command never sees the key itself. */
export const createApiKeyCommand = defineCommand<CreateApiKey, ApiKeyState, ApiKeyEvent>({
  name: 'CreateApiKey',
  schema: ApiKeyCreated,
  decider: apiKeyDecider,
  streamId: (payload) => apiKeyStream(payload.apiKeyId),
  entityId: (payload) => payload.apiKeyId,
  authorize: (ability) => assertCan(ability, 'create', 'ApiKey'),
  // A key acts as a live, active user, and never with powers its maker does not hold.
  async check(store, payload, { ability }) {
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
