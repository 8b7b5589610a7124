import { academicPeriods, academicTermTypes, users } from '@allot/shared-events/browser';
import { bodyFrom, initialValues, validateBody } from './formValues.js';
import { resolveFields } from './resourceUi.js';

const termTypeFields = resolveFields(academicTermTypes);

describe('initialValues', () => {
  it('starts a new record empty and active', () => {
    expect(initialValues(termTypeFields, null)).toEqual({ name: '', slug: '', isActive: true });
  });

  it('takes a record’s values', () => {
    const record = { id: 'a', name: 'Semester', slug: 'semester', isActive: false };
    expect(initialValues(termTypeFields, record)).toEqual({
      name: 'Semester',
      slug: 'semester',
      isActive: false,
    });
  });
});

describe('bodyFrom', () => {
  it('sends every filled field on create', () => {
    const { body } = bodyFrom(
      academicTermTypes,
      termTypeFields,
      { name: 'Quarter', slug: 'quarter', isActive: true },
      null,
    );
    expect(body).toEqual({ name: 'Quarter', slug: 'quarter', isActive: true });
  });

  it('sends only the changed fields on update', () => {
    const original = { name: 'Quarter', slug: 'quarter', isActive: true };
    const { body } = bodyFrom(
      academicTermTypes,
      termTypeFields,
      { ...original, name: 'Quarter term' },
      original,
    );
    expect(body).toEqual({ name: 'Quarter term' });
  });
});

describe('validateBody uses the kind’s own zod schema', () => {
  it('names missing and malformed fields in sentences', () => {
    const errors = validateBody(
      academicTermTypes,
      { name: '', slug: 'Not A Slug', isActive: true },
      null,
      termTypeFields,
    );
    expect(errors.name).toBe('Name is required.');
    expect(errors.slug).toMatch(/^Use lower-case letters, digits, - and _/);
  });

  it('accepts a valid record', () => {
    expect(
      validateBody(academicTermTypes, { name: 'Quarter', slug: 'quarter' }, null, termTypeFields),
    ).toEqual({});
  });

  it('applies the kind’s domain rule over the whole record (end before start)', () => {
    const fields = resolveFields(academicPeriods);
    const errors = validateBody(
      academicPeriods,
      { name: '2030', startDate: '2030-09-01', endDate: '2030-01-01' },
      null,
      fields,
    );
    expect(errors['']).toBe('The end date must not be before the start date.');
  });

  it('checks an update against the stored record', () => {
    const fields = resolveFields(academicPeriods);
    const stored = {
      id: 'p',
      revision: 3,
      name: '2030',
      startDate: '2030-09-01',
      endDate: '2031-06-30',
    };
    expect(validateBody(academicPeriods, { endDate: '2030-08-01' }, stored, fields)['']).toBe(
      'The end date must not be before the start date.',
    );
  });
});

describe('users: object sub-fields and a multi-select of roles', () => {
  const fields = resolveFields(users);
  const stored = {
    id: 'u1',
    revision: 2,
    firstName: 'Fay',
    lastName: 'Faculty',
    email: 'fay@example.edu',
    username: 'fay',
    Roles: [{ slug: 'faculty' }],
    FacultyProfile: { RankId: 'r1', isActive: true },
    FinancialData: null,
  };

  it('reads roles as a multi-select of slugs', () => {
    expect(fields.find((f) => f.name === 'Roles')?.widget).toBe('references');
    expect(initialValues(fields, stored).Roles).toEqual(['faculty']);
  });

  it('sends a changed sub-field as the whole merged object, and roles as { slug }', () => {
    const original = initialValues(fields, stored);
    const { body } = bodyFrom(
      users,
      fields,
      { ...original, 'FacultyProfile.credentials': 'PhD', Roles: ['faculty', 'admin'] },
      original,
      stored,
    );
    expect(Object.keys(body).sort()).toEqual(['FacultyProfile', 'Roles']);
    expect(body.Roles).toEqual([{ slug: 'faculty' }, { slug: 'admin' }]);
    expect(body.FacultyProfile).toMatchObject({
      RankId: 'r1',
      isActive: true,
      receiveAssignments: false,
      credentials: 'PhD',
      DivisionId: null,
    });
  });

  it('says on its own field that points required cannot be below zero', () => {
    const original = initialValues(fields, stored);
    const { body } = bodyFrom(
      users,
      fields,
      { ...original, 'FinancialData.pointsRequired': '-3' },
      original,
      stored,
    );
    const errors = validateBody(users, body, stored, fields);
    expect(errors['FinancialData.pointsRequired']).toBe('Must be at least 0.');
  });
});
