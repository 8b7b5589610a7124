import { SessionEnded, SessionsEndedEverywhere, sessionsStream } from '@allot/shared-events';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import {
  sessionsDecider,
  type EndAllSessions,
  type EndSession,
  type SessionEvent,
} from './sessions/decider.js';

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
