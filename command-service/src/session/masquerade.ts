import {
  MasqueradeEnded,
  MasqueradeStarted,
  masqueradeStream,
  type MasqueradeEnded as MasqueradeEndedData,
  type MasqueradeStarted as MasqueradeStartedData,
} from '@allot/shared-events';
import type { z } from 'zod';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError } from '../errors/errors.js';

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
    if (command.type === 'StartMasquerade') {
      if (command.data.userId === command.data.workingUserId) {
        throw new DomainRuleError('You cannot masquerade as yourself.');
      }
      return [{ type: 'MasqueradeStarted', data: command.data }];
    }
    return [{ type: 'MasqueradeEnded', data: command.data }];
  },
};

const StartSchema = MasqueradeStarted as z.ZodType<MasqueradeStartedData>;
const EndSchema = MasqueradeEnded as z.ZodType<MasqueradeEndedData>;

/** Recorded in the authenticated user's stream; only those who may masquerade (admin) start one. */
export const startMasqueradeCommand = defineCommand<
  StartMasquerade,
  MasqueradeState,
  MasqueradeEvent
>({
  name: 'StartMasquerade',
  schema: StartSchema,
  decider: masqueradeDecider,
  streamId: (payload) => masqueradeStream(payload.userId),
  entityId: (payload) => payload.workingUserId,
  authorize: (ability) => assertCan(ability, 'create', 'Masquerade'),
});

/** Anyone may end their own masquerade: the route checks the session is masquerading. */
export const endMasqueradeCommand = defineCommand<EndMasquerade, MasqueradeState, MasqueradeEvent>({
  name: 'EndMasquerade',
  schema: EndSchema,
  decider: masqueradeDecider,
  streamId: (payload) => masqueradeStream(payload.userId),
  entityId: (payload) => payload.userId,
  authorize: () => undefined,
});
