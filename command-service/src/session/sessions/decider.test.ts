import { describe, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { sessionsDecider } from './decider.js';

const spec = DeciderSpecification.for(sessionsDecider, {
  validate: (event) => eventSchemas[event.type]?.parse(event.data),
});

describe('the ended sessions decider', () => {
  it('records a logout and a sign-out everywhere, each time', () => {
    const ended = { userId: 'ada', sid: 'session-1' };
    spec
      .given([{ type: 'SessionEnded', data: ended }])
      .when({ type: 'EndSession', data: ended })
      .then([{ type: 'SessionEnded', data: ended }]);
    const everywhere = { userId: 'ada', before: '2026-01-15T10:00:00.000Z' };
    spec
      .given([])
      .when({ type: 'EndAllSessions', data: everywhere })
      .then([{ type: 'SessionsEndedEverywhere', data: everywhere }]);
  });
});
