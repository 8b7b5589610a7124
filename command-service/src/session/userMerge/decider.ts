import type { UsersMerged as UsersMergedData } from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';
import { DomainRuleError } from '../../errors/errors.js';

export type MergeUsers = Command<'MergeUsers', UsersMergedData>;
export type MergeEvent = DomainEvent<'UsersMerged', UsersMergedData>;
export interface MergeState {
  mergedInto: string | null;
}

export const mergeDecider: Decider<MergeUsers, MergeState, MergeEvent> = {
  initialState: { mergedInto: null },
  evolve: (_state, event) => ({ mergedInto: event.data.masterId }),
  decide(command, state) {
    const { masterId, duplicateId } = command.data;
    if (masterId === duplicateId) {
      throw new DomainRuleError('The master and the duplicate must be two different users.');
    }
    if (state.mergedInto !== null) {
      throw new DomainRuleError('This duplicate has already been merged into another user.');
    }
    return [{ type: 'UsersMerged', data: command.data }];
  },
};
