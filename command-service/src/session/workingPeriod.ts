import { WorkingAcademicPeriodChanged, workingPeriodStream } from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import {
  workingPeriodDecider,
  type SetWorkingAcademicPeriod,
  type WorkingPeriodEvent,
  type WorkingPeriodState,
} from './workingPeriod/decider.js';

/** Administrators choose a working period; a masquerading session may not (DESIGN §6). */
export const setWorkingAcademicPeriodCommand = defineCommand<
  SetWorkingAcademicPeriod,
  WorkingPeriodState,
  WorkingPeriodEvent
>({
  name: 'SetWorkingAcademicPeriod',
  schema: WorkingAcademicPeriodChanged,
  decider: workingPeriodDecider,
  streamId: (payload) => workingPeriodStream(payload.userId),
  entityId: (payload) => payload.userId,
  authorize: (ability) => assertCan(ability, 'update', 'WorkingAcademicPeriod'),
});
