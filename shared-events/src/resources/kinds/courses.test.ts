import { describe, expect, it } from '@jest/globals';
import { allResources, courseOfferings, courses, resourceNamed } from '../index.js';
import { eventSchemas } from '../../events/registry.js';

const course = { courseNumber: 'MATH 101', name: 'Calculus I' };

describe('courses', () => {
  it('is a registered kind on the Course subject with its events in the registry', () => {
    expect(allResources).toContain(courses);
    expect(courses.subject).toBe('Course');
    expect(courses.commandNames.deactivate).toBe('DeactivateCourse');
    for (const type of Object.values(courses.eventTypes)) expect(eventSchemas).toHaveProperty(type);
  });

  it('accepts a course with only number and name, and fills the defaults', () => {
    expect(courses.createBody.safeParse(course).success).toBe(true);
    expect(courses.derive?.({ id: 'c1', ...course })).toEqual({
      id: 'c1',
      ...course,
      unitsMax: null,
      isActive: true,
      isOffered: true,
      sectionMaxStudents: null,
      sectionCreditHours: null,
      WorkgroupId: null,
      campuses: [],
      programs: [],
      specialties: [],
      majors: [],
      cohorts: [],
    });
  });

  it('refuses a blank number, negative defaults, unknown fields and non-list taxonomies', () => {
    const bad = [
      { ...course, courseNumber: '  ' },
      { ...course, sectionMaxStudents: -1 },
      { ...course, sectionMaxStudents: 2.5 },
      { ...course, sectionCreditHours: -3 },
      { ...course, campuses: 'north' },
      { ...course, colour: 'red' },
    ];
    for (const body of bad) expect(courses.createBody.safeParse(body).success).toBe(false);
  });

  it('keeps course numbers unique among active courses and checks workgroup and taxonomies', () => {
    expect(courses.unique).toEqual([
      expect.objectContaining({ fields: ['courseNumber'], amongActive: true }),
    ]);
    expect(courses.references?.map((r) => [r.field, r.resource])).toEqual([
      ['WorkgroupId', 'workgroup'],
      ['campuses', 'campus'],
      ['programs', 'program'],
      ['specialties', 'specialty'],
      ['majors', 'major'],
      ['cohorts', 'cohort'],
    ]);
    for (const r of courses.references ?? []) expect(resourceNamed(r.resource)).toBeDefined();
  });

  it('describes every field for the browser, taxonomies hidden with their kind', () => {
    expect(courses.ui?.title).toBe('Course Catalog');
    expect(Object.keys(courses.ui?.fields ?? {}).sort()).toEqual(
      Object.keys(courses.schema.shape).sort(),
    );
    expect(courses.ui?.fields.majors).toMatchObject({ widget: 'references', taxonomy: 'majors' });
  });
});

describe('courseOfferings', () => {
  const offering = {
    CourseId: 'c1',
    AcademicPeriodId: 'p1',
    termModes: [{ AcademicTermId: 't1', TeachingModeId: 'inPerson' }],
  };

  it('is a registered kind on the CourseOffering subject, one per course and period', () => {
    expect(allResources).toContain(courseOfferings);
    expect(courseOfferings.subject).toBe('CourseOffering');
    expect(courseOfferings.unique?.[0]?.fields).toEqual(['CourseId', 'AcademicPeriodId']);
    expect(courseOfferings.references?.map((r) => r.resource)).toEqual([
      'course',
      'academicPeriod',
      'academicTerm',
      'teachingMode',
    ]);
    for (const r of courseOfferings.references ?? []) {
      expect(resourceNamed(r.resource)).toBeDefined();
    }
  });

  it('accepts term modes and refuses a repeated one or a partial one', () => {
    expect(courseOfferings.createBody.safeParse(offering).success).toBe(true);
    const repeated = { ...offering, termModes: [...offering.termModes, ...offering.termModes] };
    expect(courseOfferings.createBody.safeParse(repeated).success).toBe(false);
    const partial = { ...offering, termModes: [{ AcademicTermId: 't1' }] };
    expect(courseOfferings.createBody.safeParse(partial).success).toBe(false);
    expect(courseOfferings.derive?.({ id: 'o1', CourseId: 'c1', AcademicPeriodId: 'p1' })).toEqual({
      id: 'o1',
      CourseId: 'c1',
      AcademicPeriodId: 'p1',
      termModes: [],
    });
  });
});
