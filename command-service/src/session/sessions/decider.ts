import type {
  SessionEnded as SessionEndedData,
  SessionsEndedEverywhere as SessionsEndedEverywhereData,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';

export type EndSession = Command<'EndSession', SessionEndedData>;
export type EndAllSessions = Command<'EndAllSessions', SessionsEndedEverywhereData>;
type SessionCommand = EndSession | EndAllSessions;
export type SessionEvent =
  | DomainEvent<'SessionEnded', SessionEndedData>
  | DomainEvent<'SessionsEndedEverywhere', SessionsEndedEverywhereData>;

/** The record of ended sign-ins; the auth facts read model is what requests are checked against. */
export const sessionsDecider: Decider<SessionCommand, null, SessionEvent> = {
  initialState: null,
  evolve: (state) => state,
  decide(command) {
    switch (command.type) {
      case 'EndSession':
        return [{ type: 'SessionEnded', data: command.data }];
      case 'EndAllSessions':
        return [{ type: 'SessionsEndedEverywhere', data: command.data }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown sessions command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
