import { describe, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError } from '../../errors/errors.js';
import { mergeDecider, type MergeEvent } from './decider.js';

const spec = DeciderSpecification.for(mergeDecider, {
  validate: (event) => eventSchemas[event.type]?.parse(event.data),
});
const merge = (masterId: string, duplicateId: string) =>
  ({ type: 'MergeUsers', data: { masterId, duplicateId } }) as const;
const merged = (masterId: string, duplicateId: string): MergeEvent => ({
  type: 'UsersMerged',
  data: { masterId, duplicateId },
});

describe('the user merge decider (one stream per duplicate)', () => {
  it('merges a duplicate into its master', () => {
    spec
      .given([])
      .when(merge('ada', 'ada-2'))
      .then([merged('ada', 'ada-2')]);
  });

  it('refuses merging a user into itself, and a duplicate merged already', () => {
    spec.given([]).when(merge('ada', 'ada')).thenThrows(DomainRuleError, 'two different users');
    spec
      .given([merged('ada', 'ada-2')])
      .when(merge('grace', 'ada-2'))
      .thenThrows(DomainRuleError, 'already been merged');
  });
});
