import type {
  ApiKeyCreated as ApiKeyCreatedData,
  ApiKeyRevoked as ApiKeyRevokedData,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';

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
    switch (command.type) {
      case 'CreateApiKey':
        if (state.status !== 'none') throw new DomainRuleError('This API key already exists.');
        return [{ type: 'ApiKeyCreated', data: command.data }];
      case 'RevokeApiKey':
        if (state.status === 'none') throw new NotFoundError('No such API key.');
        if (state.status === 'revoked') return [];
        return [{ type: 'ApiKeyRevoked', data: { ...command.data, userId: state.userId } }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown API key command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
