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

/** The kinds of issue 5 (administration and configuration lists): each declares its ui. */
const ADMINISTRATION_KINDS = [
  'academicTermTypes',
  'academicPeriods',
  'academicTerms',
  'workgroups',
  'userSettings',
  'progressSteps',
  'users',
  'administrativeAssignmentTypes',
  'assignmentTypes',
  'divisions',
  'instructorTypes',
  'pointTypes',
  'ranks',
  'teachingModes',
  'tracks',
  'campuses',
  'cohorts',
  'majors',
  'programs',
  'specialties',
  'locations',
];

describe('ui metadata (notes/uiShape.md)', () => {
  it('gives every kind a title, a singular and fields naming schema fields', () => {
    for (const path of ADMINISTRATION_KINDS) {
      expect([path, allResources.find((r) => r.path === path)?.ui?.title]).toEqual([
        path,
        expect.any(String),
      ]);
    }
    for (const resource of allResources) {
      const ui = resource.ui;
      if (!ui) continue;
      expect(ui.title.length).toBeGreaterThan(0);
      expect(ui.singular.length).toBeGreaterThan(0);
      const shape = resource.schema.shape as Record<string, unknown>;
      for (const key of Object.keys(ui.fields)) {
        const [top = ''] = key.split('.');
        expect([resource.path, key, Object.hasOwn(shape, top)]).toEqual([resource.path, key, true]);
      }
      for (const field of Object.values(ui.fields)) {
        if (field.reference) {
          expect(allResources.map((r) => r.path)).toContain(field.reference);
        }
      }
    }
  });

  it('labels the user form as the spec says and guards financial data', () => {
    const fields = users.ui!.fields;
    expect(fields.honorific?.label).toBe('Title');
    expect(fields['FacultyProfile.receiveAssignments']?.label).toBe('Receive emails');
    expect(fields.EmployeeId).toBeDefined();
    expect(fields.hostSystemId).toBeDefined();
    expect(fields['FinancialData.pointsRequired']?.editSubject).toBe('FinancialData');
    // Assigned and remaining are computed from the plan, never entered.
    expect(fields['FinancialData.pointsAssigned']).toBeUndefined();
    expect(fields['FinancialData.pointsRemaining']).toBeUndefined();
  });

  it('reads old events that stored assigned and remaining as the points required only', () => {
    expect(
      users.upcast!({
        id: 'u',
        FinancialData: { pointsRequired: 12, pointsAssigned: 6, pointsRemaining: 6 },
      }),
    ).toEqual({ id: 'u', FinancialData: { pointsRequired: 12 } });
    expect(users.upcast!({ id: 'u', lastName: 'K' })).toEqual({ id: 'u', lastName: 'K' });
    expect(users.upcast!({ id: 'u', FinancialData: null })).toEqual({
      id: 'u',
      FinancialData: null,
    });
  });
});
