import type { WorkingAcademicPeriodChanged as WorkingAcademicPeriodChangedData } from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';

export type SetWorkingAcademicPeriod = Command<
  'SetWorkingAcademicPeriod',
  WorkingAcademicPeriodChangedData
>;
export type WorkingPeriodEvent = DomainEvent<
  'WorkingAcademicPeriodChanged',
  WorkingAcademicPeriodChangedData
>;
export interface WorkingPeriodState {
  academicPeriodId: string | null;
}

export const workingPeriodDecider: Decider<
  SetWorkingAcademicPeriod,
  WorkingPeriodState,
  WorkingPeriodEvent
> = {
  initialState: { academicPeriodId: null },
  evolve: (_state, event) => ({ academicPeriodId: event.data.academicPeriodId }),
  // Choosing the period already chosen changes nothing.
  decide: (command, state) =>
    state.academicPeriodId === command.data.academicPeriodId
      ? []
      : [{ type: 'WorkingAcademicPeriodChanged', data: command.data }],
};
