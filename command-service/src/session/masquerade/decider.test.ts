import { describe, expect, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError } from '../../errors/errors.js';
import { masqueradeDecider } from './decider.js';

const spec = DeciderSpecification.for(masqueradeDecider, {
  validate: (event) => eventSchemas[event.type]?.parse(event.data),
});
const asAda = { userId: 'admin', workingUserId: 'ada' };

describe('the masquerade decider', () => {
  it('records a masquerade and its end, and who works meanwhile', () => {
    spec
      .given([])
      .when({ type: 'StartMasquerade', data: asAda })
      .then([{ type: 'MasqueradeStarted', data: asAda }]);
    spec
      .given([{ type: 'MasqueradeStarted', data: asAda }])
      .when({ type: 'EndMasquerade', data: asAda })
      .then([{ type: 'MasqueradeEnded', data: asAda }]);
    spec
      .given([])
      .when({ type: 'StartMasquerade', data: asAda })
      .thenState((state) => expect(state.workingUserId).toBe('ada'));
    spec
      .given([{ type: 'MasqueradeStarted', data: asAda }])
      .when({ type: 'EndMasquerade', data: asAda })
      .thenState((state) => expect(state.workingUserId).toBeNull());
  });

  it('refuses masquerading as oneself', () => {
    spec
      .given([])
      .when({ type: 'StartMasquerade', data: { userId: 'admin', workingUserId: 'admin' } })
      .thenThrows(DomainRuleError, 'You cannot masquerade as yourself.');
  });
});
