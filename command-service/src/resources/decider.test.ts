import { describe, it } from '@jest/globals';
import { academicPeriods, users, workgroups } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { resourceDecider, type ResourceCommand, type ResourceEvent } from './decider.js';

const spec = DeciderSpecification.for(resourceDecider(users));
const command = (
  kind: ResourceCommand['kind'],
  data: ResourceCommand['data'],
): ResourceCommand => ({
  type: `${kind}User`,
  kind,
  data,
});
const ada = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.edu',
  username: 'ada',
};
const stored = {
  ...ada,
  displayName: 'Ada Lovelace',
  honorific: null,
  Roles: [],
  EmployeeId: null,
  isActive: true,
  isFaculty: false,
  hostSystemId: null,
  WorkingAcademicPeriodId: null,
  FacultyProfile: null,
  FinancialData: null,
  lastLoginAt: null,
};
const created: ResourceEvent = { type: 'UserCreated', data: stored };

describe('the generic resource decider (users)', () => {
  it('creates the completed record', () => {
    spec.given([]).when(command('create', ada)).then([created]);
  });

  it('refuses a second create of the same id', () => {
    spec.given([created]).when(command('create', ada)).thenThrows(DomainRuleError);
  });

  it('records only the fields that changed', () => {
    spec
      .given([created])
      .when(command('update', { id: 'u1', lastName: 'King', firstName: 'Ada' }))
      .then([{ type: 'UserUpdated', data: { id: 'u1', lastName: 'King' } }]);
  });

  it('records nothing for an unchanged update or a repeated deactivation', () => {
    spec
      .given([created])
      .when(command('update', { id: 'u1', username: 'ada' }))
      .thenNothingHappens();
    spec
      .given([created, { type: 'UserDeactivated', data: { id: 'u1' } }])
      .when(command('deactivate', { id: 'u1' }))
      .thenNothingHappens();
  });

  it('deletes; then updates and deletes answer not found', () => {
    spec
      .given([created])
      .when(command('delete', { id: 'u1' }))
      .then([{ type: 'UserDeleted', data: { id: 'u1' } }]);
    const deleted: ResourceEvent = { type: 'UserDeleted', data: { id: 'u1' } };
    spec
      .given([created, deleted])
      .when(command('update', { id: 'u1', lastName: 'X' }))
      .thenThrows(NotFoundError);
    spec
      .given([created, deleted])
      .when(command('delete', { id: 'u1' }))
      .thenThrows(NotFoundError);
    spec.given([created, deleted]).when(command('create', ada)).thenThrows(DomainRuleError);
    spec
      .given([])
      .when(command('update', { id: 'u1', lastName: 'X' }))
      .thenThrows(NotFoundError);
  });
});

describe('kind rules', () => {
  it('refuses a period ending before it starts, with a sentence', () => {
    DeciderSpecification.for(resourceDecider(academicPeriods))
      .given([])
      .when({
        type: 'CreateAcademicPeriod',
        kind: 'create',
        data: { id: 'p1', name: 'Backwards', startDate: '2026-07-01', endDate: '2026-01-01' },
      })
      .thenThrows(DomainRuleError, 'The end date must not be before the start date.');
  });

  it('gives workgroup members link ids from the workgroup and the user', () => {
    DeciderSpecification.for(resourceDecider(workgroups))
      .given([])
      .when({
        type: 'CreateWorkgroup',
        kind: 'create',
        data: { id: 'w1', name: 'Maths', members: [{ UserId: 'u1', permission: 2 }] },
      })
      .then([
        {
          type: 'WorkgroupCreated',
          data: {
            id: 'w1',
            name: 'Maths',
            members: [{ id: 'w1.u1', UserId: 'u1', permission: 2 }],
          },
        },
      ]);
  });
});
