import { describe, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { apiKeyDecider, type ApiKeyEvent } from './decider.js';

const spec = DeciderSpecification.for(apiKeyDecider, {
  validate: (event) => eventSchemas[event.type]?.parse(event.data),
});
const key = {
  apiKeyId: 'key-1',
  userId: 'ada',
  name: 'timetable sync',
  secretSha256: 'a'.repeat(64),
  createdBy: 'admin',
};
const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: key };
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { apiKeyId: 'key-1', userId: 'ada' } };

describe('the API key decider', () => {
  it('creates a key once', () => {
    spec.given([]).when({ type: 'CreateApiKey', data: key }).then([created]);
    spec
      .given([created])
      .when({ type: 'CreateApiKey', data: key })
      .thenThrows(DomainRuleError, 'This API key already exists.');
  });

  it('revokes a key for its own user, whoever the command names; once is enough', () => {
    spec
      .given([created])
      .when({ type: 'RevokeApiKey', data: { apiKeyId: 'key-1', userId: 'someone-else' } })
      .then([revoked]);
    spec
      .given([created, revoked])
      .when({ type: 'RevokeApiKey', data: { apiKeyId: 'key-1', userId: 'ada' } })
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'RevokeApiKey', data: { apiKeyId: 'key-1', userId: 'ada' } })
      .thenThrows(NotFoundError, 'No such API key.');
  });
});
