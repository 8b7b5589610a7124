import { describe, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { calendarFeedDecider, type CalendarFeedEvent } from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(calendarFeedDecider, { validate });

const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);
const issue = (tokenSha256: string) => ({
  type: 'IssueCalendarFeed' as const,
  data: { userId: 'u1', tokenSha256 },
});
const issued = (tokenSha256: string): CalendarFeedEvent => ({
  type: 'CalendarFeedIssued',
  data: { userId: 'u1', tokenSha256 },
});
const stop = { type: 'StopCalendarFeed' as const, data: { userId: 'u1' } };
const stopped: CalendarFeedEvent = { type: 'CalendarFeedStopped', data: { userId: 'u1' } };

describe('a person’s calendar feed', () => {
  it('gets a new secret each time one is asked for', () => {
    spec
      .given([])
      .when(issue(hashA))
      .then([issued(hashA)]);
    spec
      .given([issued(hashA)])
      .when(issue(hashB))
      .then([issued(hashB)]);
    spec
      .given([issued(hashA), stopped])
      .when(issue(hashB))
      .then([issued(hashB)]);
  });

  it('is turned off once; turning off a feed that is off writes nothing', () => {
    spec
      .given([issued(hashA)])
      .when(stop)
      .then([stopped]);
    spec
      .given([issued(hashA), stopped])
      .when(stop)
      .then([]);
    spec.given([]).when(stop).then([]);
  });
});
