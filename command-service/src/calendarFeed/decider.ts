import type { CalendarFeedIssued, CalendarFeedStopped } from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';

export type CalendarFeedCommand =
  | Command<'IssueCalendarFeed', CalendarFeedIssued>
  | Command<'StopCalendarFeed', CalendarFeedStopped>;
export type CalendarFeedEvent =
  | DomainEvent<'CalendarFeedIssued', CalendarFeedIssued>
  | DomainEvent<'CalendarFeedStopped', CalendarFeedStopped>;

/** The hash of the secret that works now, if any. */
export interface CalendarFeedState {
  tokenSha256: string | null;
}

/**
 * One person's calendar feed: each issue replaces the secret (the old address stops working),
 * stopping it leaves none. Stopping a feed that is off writes nothing.
 */
export const calendarFeedDecider: Decider<
  CalendarFeedCommand,
  CalendarFeedState,
  CalendarFeedEvent
> = {
  initialState: { tokenSha256: null },
  evolve(state, event) {
    switch (event.type) {
      case 'CalendarFeedIssued':
        return { tokenSha256: event.data.tokenSha256 };
      case 'CalendarFeedStopped':
        return { tokenSha256: null };
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown calendar feed event ${JSON.stringify(unexpected)}`);
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'IssueCalendarFeed':
        return [{ type: 'CalendarFeedIssued', data: command.data }];
      case 'StopCalendarFeed':
        return state.tokenSha256 === null
          ? []
          : [{ type: 'CalendarFeedStopped', data: command.data }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown calendar feed command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
