import { describe, expect, it } from '@jest/globals';
import {
  academicTermTypes,
  academicTerms,
  progressSteps,
  userSettings,
  type ResourceDefinition,
} from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { resourceDecider, type ResourceCommand, type ResourceEvent } from './decider.js';
import { reservationsOf } from './uniqueReservations.js';

/** A command of `kind` on record r1 of `definition`, as resourceCommands.ts builds it. */
function commandOf(definition: ResourceDefinition) {
  return (kind: ResourceCommand['kind'], data: Record<string, unknown> = {}): ResourceCommand => ({
    type: `${kind}${definition.eventPrefix}`,
    kind,
    data: { id: 'r1', ...data },
  });
}

/** The unique streams a record of `definition` occupies. */
function reservedBy(definition: ResourceDefinition, record: Record<string, unknown>): string[] {
  return reservationsOf(definition, { id: 'r1', ...record }).map((r) => r.streamId);
}

describe('academicTermTypes', () => {
  const spec = DeciderSpecification.for(resourceDecider(academicTermTypes));
  const command = commandOf(academicTermTypes);
  const created: ResourceEvent = {
    type: 'AcademicTermTypeCreated',
    data: { id: 'r1', name: 'Semester', slug: 'semester', isActive: true },
  };
  const deactivated: ResourceEvent = { type: 'AcademicTermTypeDeactivated', data: { id: 'r1' } };
  const deleted: ResourceEvent = { type: 'AcademicTermTypeDeleted', data: { id: 'r1' } };

  it('creates an active term type; a second create of the id is refused', () => {
    spec
      .given([])
      .when(command('create', { name: 'Semester', slug: 'semester' }))
      .then([created]);
    spec
      .given([created])
      .when(command('create', { name: 'Semester', slug: 'semester' }))
      .thenThrows(DomainRuleError, 'This record already exists.');
  });

  it('records only the changed fields; nothing when unchanged', () => {
    spec
      .given([created])
      .when(command('update', { name: 'Semester', slug: 'sem' }))
      .then([{ type: 'AcademicTermTypeUpdated', data: { id: 'r1', slug: 'sem' } }]);
    spec
      .given([created])
      .when(command('update', { name: 'Semester', slug: 'semester', isActive: true }))
      .thenNothingHappens();
  });

  it('deactivates once; an update may reactivate it', () => {
    spec.given([created]).when(command('deactivate')).then([deactivated]);
    spec.given([created, deactivated]).when(command('deactivate')).thenNothingHappens();
    spec
      .given([created, deactivated])
      .when(command('update', { isActive: true }))
      .then([{ type: 'AcademicTermTypeUpdated', data: { id: 'r1', isActive: true } }]);
  });

  it('deletes; then update, deactivate and delete answer not found', () => {
    spec.given([created]).when(command('delete')).then([deleted]);
    for (const kind of ['update', 'deactivate', 'delete'] as const) {
      spec.given([created, deleted]).when(command(kind, {})).thenThrows(NotFoundError);
    }
    spec.given([]).when(command('delete')).thenThrows(NotFoundError);
  });

  it('takes a lower-case slug and nothing undeclared', () => {
    const body = academicTermTypes.createBody;
    expect(body.safeParse({ name: 'Semester', slug: 'semester-long' }).success).toBe(true);
    expect(body.safeParse({ name: 'Semester', slug: 'Semester' }).success).toBe(false);
    expect(body.safeParse({ name: 'Semester', slug: 'two words' }).success).toBe(false);
    expect(body.safeParse({ name: ' ', slug: 'semester' }).success).toBe(false);
    expect(body.safeParse({ name: 'Semester', slug: 'semester', code: 'S' }).success).toBe(false);
  });

  it('holds its slug only while active', () => {
    expect(reservedBy(academicTermTypes, { slug: 'semester', isActive: true })).toEqual([
      'unique-academicTermType-slug-semester',
    ]);
    expect(reservedBy(academicTermTypes, { slug: 'semester', isActive: false })).toEqual([]);
  });
});

describe('academicTerms', () => {
  const spec = DeciderSpecification.for(resourceDecider(academicTerms));
  const command = commandOf(academicTerms);
  const fall = {
    name: 'Fall',
    AcademicPeriodId: 'p1',
    startDate: '2026-09-01',
    endDate: '2026-12-18',
  };
  const created: ResourceEvent = {
    type: 'AcademicTermCreated',
    data: { id: 'r1', ...fall, AcademicTermTypeId: null },
  };

  it('creates a term without a type (null) or with one', () => {
    spec.given([]).when(command('create', fall)).then([created]);
    spec
      .given([])
      .when(command('create', { ...fall, AcademicTermTypeId: 't1' }))
      .then([
        { type: 'AcademicTermCreated', data: { id: 'r1', ...fall, AcademicTermTypeId: 't1' } },
      ]);
  });

  it('refuses an end before the start, on create and on update; one day is fine', () => {
    const sentence = 'The end date must not be before the start date.';
    spec
      .given([])
      .when(command('create', { ...fall, endDate: '2026-08-31' }))
      .thenThrows(DomainRuleError, sentence);
    spec
      .given([created])
      .when(command('update', { startDate: '2027-01-05' }))
      .thenThrows(DomainRuleError, sentence);
    spec
      .given([created])
      .when(command('update', { endDate: '2026-09-01' }))
      .then([{ type: 'AcademicTermUpdated', data: { id: 'r1', endDate: '2026-09-01' } }]);
  });

  it('records only the changed fields; nothing when unchanged', () => {
    spec
      .given([created])
      .when(command('update', { ...fall, name: 'Autumn', AcademicTermTypeId: null }))
      .then([{ type: 'AcademicTermUpdated', data: { id: 'r1', name: 'Autumn' } }]);
    spec.given([created]).when(command('update', fall)).thenNothingHappens();
  });

  it('has no deactivation (no isActive); deletes, then not found', () => {
    expect(academicTerms.commandNames.deactivate).toBeUndefined();
    expect(academicTerms.eventTypes.deactivated).toBeUndefined();
    const deleted: ResourceEvent = { type: 'AcademicTermDeleted', data: { id: 'r1' } };
    spec.given([created]).when(command('delete')).then([deleted]);
    spec
      .given([created, deleted])
      .when(command('update', { name: 'X' }))
      .thenThrows(NotFoundError);
    spec.given([created, deleted]).when(command('create', fall)).thenThrows(DomainRuleError);
  });

  it('takes ISO dates only', () => {
    const body = academicTerms.createBody;
    expect(body.safeParse(fall).success).toBe(true);
    expect(body.safeParse({ ...fall, startDate: '09/01/2026' }).success).toBe(false);
    expect(body.safeParse({ ...fall, AcademicPeriodId: '' }).success).toBe(false);
  });

  it('keeps a name unique per period (trimmed, any case), and names its period and type', () => {
    expect(reservedBy(academicTerms, fall)).toEqual([
      'unique-academicTerm-AcademicPeriodId+name-p1|fall',
    ]);
    expect(reservedBy(academicTerms, { ...fall, name: ' FALL ' })).toEqual(
      reservedBy(academicTerms, fall),
    );
    expect(reservedBy(academicTerms, { ...fall, AcademicPeriodId: 'p2' })).not.toEqual(
      reservedBy(academicTerms, fall),
    );
    expect(academicTerms.references?.map((r) => [r.field, r.resource])).toEqual([
      ['AcademicPeriodId', 'academicPeriod'],
      ['AcademicTermTypeId', 'academicTermType'],
    ]);
  });
});

describe('progressSteps', () => {
  const spec = DeciderSpecification.for(resourceDecider(progressSteps));
  const command = commandOf(progressSteps);
  const review = { AcademicPeriodId: 'p1', stepId: 6, name: 'Department review' };
  const created: ResourceEvent = {
    type: 'ProgressStepCreated',
    data: { id: 'r1', ...review, isActive: false },
  };

  it('creates a step inactive unless told otherwise', () => {
    spec.given([]).when(command('create', review)).then([created]);
    spec
      .given([])
      .when(command('create', { ...review, isActive: true }))
      .then([{ type: 'ProgressStepCreated', data: { id: 'r1', ...review, isActive: true } }]);
  });

  it('activates by update; deactivates an active step once; an inactive one records nothing', () => {
    const activated: ResourceEvent = {
      type: 'ProgressStepUpdated',
      data: { id: 'r1', isActive: true },
    };
    spec
      .given([created])
      .when(command('update', { ...review, isActive: true }))
      .then([activated]);
    spec.given([created]).when(command('deactivate')).thenNothingHappens();
    const deactivated: ResourceEvent = { type: 'ProgressStepDeactivated', data: { id: 'r1' } };
    spec.given([created, activated]).when(command('deactivate')).then([deactivated]);
    spec.given([created, activated, deactivated]).when(command('deactivate')).thenNothingHappens();
  });

  it('deletes; then not found', () => {
    const deleted: ResourceEvent = { type: 'ProgressStepDeleted', data: { id: 'r1' } };
    spec.given([created]).when(command('delete')).then([deleted]);
    spec
      .given([created, deleted])
      .when(command('update', { name: 'X' }))
      .thenThrows(NotFoundError);
    spec.given([created, deleted]).when(command('deactivate')).thenThrows(NotFoundError);
  });

  it('numbers steps 1 to 50, whole numbers only', () => {
    const body = progressSteps.createBody;
    expect(body.safeParse({ ...review, stepId: 1 }).success).toBe(true);
    expect(body.safeParse({ ...review, stepId: 50 }).success).toBe(true);
    for (const stepId of [0, 51, 2.5, '6']) {
      expect([stepId, body.safeParse({ ...review, stepId }).success]).toEqual([stepId, false]);
    }
  });

  it('keeps a step number unique per period, active or not, and names its period', () => {
    expect(reservedBy(progressSteps, { ...review, isActive: false })).toEqual([
      'unique-progressStep-AcademicPeriodId+stepId-p1|6',
    ]);
    expect(reservedBy(progressSteps, { ...review, AcademicPeriodId: 'p2' })).toEqual([
      'unique-progressStep-AcademicPeriodId+stepId-p2|6',
    ]);
    expect(progressSteps.references?.map((r) => [r.field, r.resource])).toEqual([
      ['AcademicPeriodId', 'academicPeriod'],
    ]);
  });
});

describe('userSettings', () => {
  const spec = DeciderSpecification.for(resourceDecider(userSettings));
  const command = commandOf(userSettings);
  const created: ResourceEvent = {
    type: 'UserSettingCreated',
    data: { id: 'r1', UserId: 'u1', value: 'light' },
  };

  it('creates the setting as sent', () => {
    spec
      .given([])
      .when(command('create', { UserId: 'u1', value: 'light' }))
      .then([created]);
  });

  it('records a changed theme or owner (a merge moves it); nothing when unchanged', () => {
    spec
      .given([created])
      .when(command('update', { value: 'dark' }))
      .then([{ type: 'UserSettingUpdated', data: { id: 'r1', value: 'dark' } }]);
    spec
      .given([created])
      .when(command('update', { UserId: 'u2' }))
      .then([{ type: 'UserSettingUpdated', data: { id: 'r1', UserId: 'u2' } }]);
    spec
      .given([created])
      .when(command('update', { value: 'light' }))
      .thenNothingHappens();
  });

  it('has no deactivation; deletes, then not found', () => {
    expect(userSettings.commandNames.deactivate).toBeUndefined();
    const deleted: ResourceEvent = { type: 'UserSettingDeleted', data: { id: 'r1' } };
    spec.given([created]).when(command('delete')).then([deleted]);
    spec
      .given([created, deleted])
      .when(command('update', { value: 'dark' }))
      .thenThrows(NotFoundError);
    spec.given([created, deleted]).when(command('delete')).thenThrows(NotFoundError);
  });

  it('takes dark or light only', () => {
    const body = userSettings.createBody;
    expect(body.safeParse({ UserId: 'u1', value: 'dark' }).success).toBe(true);
    expect(body.safeParse({ UserId: 'u1', value: 'blue' }).success).toBe(false);
    expect(body.safeParse({ UserId: 'u1' }).success).toBe(false);
  });

  it('is one per user and belongs to that user', () => {
    expect(reservedBy(userSettings, { UserId: 'u1', value: 'dark' })).toEqual([
      'unique-userSetting-UserId-u1',
    ]);
    expect(userSettings.ownerField).toBe('UserId');
  });
});
