import { describe, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { workingPeriodDecider, type WorkingPeriodEvent } from './decider.js';

const spec = DeciderSpecification.for(workingPeriodDecider, {
  validate: (event) => eventSchemas[event.type]?.parse(event.data),
});
const choose = (academicPeriodId: string) =>
  ({ type: 'SetWorkingAcademicPeriod', data: { userId: 'admin', academicPeriodId } }) as const;
const chosen = (academicPeriodId: string): WorkingPeriodEvent => ({
  type: 'WorkingAcademicPeriodChanged',
  data: { userId: 'admin', academicPeriodId },
});

describe('the working period decider', () => {
  it('records a period chosen, and another one after it', () => {
    spec
      .given([])
      .when(choose('fall'))
      .then([chosen('fall')]);
    spec
      .given([chosen('fall')])
      .when(choose('spring'))
      .then([chosen('spring')]);
  });

  it('records nothing when the period is already the working one', () => {
    spec
      .given([chosen('spring'), chosen('fall')])
      .when(choose('fall'))
      .thenNothingHappens();
  });
});
