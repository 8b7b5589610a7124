import { describe, expect, it } from '@jest/globals';
import { academicTermTypes, allResources, resourceEventSchemas, users } from './index.js';
import { eventSchemas } from '../events/registry.js';

describe('defineResource', () => {
  it('derives command names, event types and stream ids from the declaration', () => {
    expect(academicTermTypes.commandNames).toEqual({
      create: 'CreateAcademicTermType',
      update: 'UpdateAcademicTermType',
      delete: 'DeleteAcademicTermType',
      deactivate: 'DeactivateAcademicTermType',
    });
    expect(academicTermTypes.eventTypes).toEqual({
      created: 'AcademicTermTypeCreated',
      updated: 'AcademicTermTypeUpdated',
      deleted: 'AcademicTermTypeDeleted',
      deactivated: 'AcademicTermTypeDeactivated',
    });
    expect(academicTermTypes.streamId('42')).toBe('academicTermType-42');
  });

  it('registers every resource event in the event registry', () => {
    for (const resource of allResources) {
      for (const type of Object.values(resource.eventTypes)) {
        expect(Object.keys(eventSchemas)).toContain(type);
      }
    }
    expect(Object.keys(resourceEventSchemas)).toEqual(
      expect.arrayContaining(['UniqueValueReserved', 'SystemActiveAcademicPeriodChanged']),
    );
  });

  it('validates bodies strictly: every field on create, any on update, nothing unknown', () => {
    expect(users.createBody.safeParse({ firstName: 'Ada' }).success).toBe(false);
    expect(users.updateBody.safeParse({ lastName: 'King' }).success).toBe(true);
    expect(users.updateBody.safeParse({ password: 'x' }).success).toBe(false);
    expect(users.updateBody.safeParse({ Roles: [{ slug: 'wizard' }] }).success).toBe(false);
  });

  it('gives ids only to the event schemas, never to bodies', () => {
    expect(users.createBody.safeParse({ id: 'u1' }).success).toBe(false);
    const created = users.eventSchemas.UserCreated;
    expect(
      created?.safeParse({
        id: 'u1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.edu',
        username: 'ada',
      }).success,
    ).toBe(true);
  });
});
