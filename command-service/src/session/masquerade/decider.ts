import type {
  MasqueradeEnded as MasqueradeEndedData,
  MasqueradeStarted as MasqueradeStartedData,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';
import { DomainRuleError } from '../../errors/errors.js';

export type StartMasquerade = Command<'StartMasquerade', MasqueradeStartedData>;
export type EndMasquerade = Command<'EndMasquerade', MasqueradeEndedData>;
type MasqueradeCommand = StartMasquerade | EndMasquerade;
export type MasqueradeEvent =
  | DomainEvent<'MasqueradeStarted', MasqueradeStartedData>
  | DomainEvent<'MasqueradeEnded', MasqueradeEndedData>;

/** The audit trail of one user's masquerades; the cookie, not this state, decides who works. */
export interface MasqueradeState {
  workingUserId: string | null;
}

export const masqueradeDecider: Decider<MasqueradeCommand, MasqueradeState, MasqueradeEvent> = {
  initialState: { workingUserId: null },
  evolve(state, event) {
    switch (event.type) {
      case 'MasqueradeStarted':
        return { workingUserId: event.data.workingUserId };
      case 'MasqueradeEnded':
        return { workingUserId: null };
      default:
        return state;
    }
  },
  decide(command) {
    switch (command.type) {
      case 'StartMasquerade':
        if (command.data.userId === command.data.workingUserId) {
          throw new DomainRuleError('You cannot masquerade as yourself.');
        }
        return [{ type: 'MasqueradeStarted', data: command.data }];
      case 'EndMasquerade':
        return [{ type: 'MasqueradeEnded', data: command.data }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown masquerade command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
