import {
  SessionEnded,
  SessionsEndedEverywhere,
  sessionsStream,
  type SessionEnded as SessionEndedData,
  type SessionsEndedEverywhere as SessionsEndedEverywhereData,
} from '@allot/shared-events';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';

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
    return command.type === 'EndSession'
      ? [{ type: 'SessionEnded', data: command.data }]
      : [{ type: 'SessionsEndedEverywhere', data: command.data }];
  },
};

/** Logout: the routes build it from the request's own session, so anyone may end their own. */
export const endSessionCommand = defineCommand<EndSession, null, SessionEvent>({
  name: 'EndSession',
  schema: SessionEnded,
  decider: sessionsDecider,
  streamId: (payload) => sessionsStream(payload.userId),
  entityId: (payload) => payload.userId,
  authorize: () => undefined,
});

/** Sign out everywhere, built by its route from the signed-in (authenticated) user. */
export const endAllSessionsCommand = defineCommand<EndAllSessions, null, SessionEvent>({
  name: 'EndAllSessions',
  schema: SessionsEndedEverywhere,
  decider: sessionsDecider,
  streamId: (payload) => sessionsStream(payload.userId),
  entityId: (payload) => payload.userId,
  authorize: () => undefined,
});
