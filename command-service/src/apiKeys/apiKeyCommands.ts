import {
  ApiKeyCreated,
  ApiKeyRevoked,
  apiKeyStream,
  type ApiKeyCreated as ApiKeyCreatedData,
  type ApiKeyRevoked as ApiKeyRevokedData,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';

export type CreateApiKey = Command<'CreateApiKey', ApiKeyCreatedData>;
export type RevokeApiKey = Command<'RevokeApiKey', ApiKeyRevokedData>;
type ApiKeyCommand = CreateApiKey | RevokeApiKey;
export type ApiKeyEvent =
  DomainEvent<'ApiKeyCreated', ApiKeyCreatedData> | DomainEvent<'ApiKeyRevoked', ApiKeyRevokedData>;

export type ApiKeyState =
  | { status: 'none' }
  | { status: 'active' | 'revoked'; userId: string; name: string; secretSha256: string };

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        status: 'active',
        userId: event.data.userId,
        name: event.data.name,
        secretSha256: event.data.secretSha256,
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
});

export const revokeApiKeyCommand = defineCommand<RevokeApiKey, ApiKeyState, ApiKeyEvent>({
  name: 'RevokeApiKey',
  schema: ApiKeyRevoked,
  decider: apiKeyDecider,
  streamId: (payload) => apiKeyStream(payload.apiKeyId),
  entityId: (payload) => payload.apiKeyId,
  authorize: (ability) => assertCan(ability, 'update', 'ApiKey'),
});
