import { z } from 'zod';
import { defineResource, type TaxonomyKind } from '../defineResource.js';
import { name, recordId } from './fields.js';

/** Taxonomy ids a course (and so its sections) wants its instructors to carry (DOMAIN.md: A term). */
const taxonomyIds = z.array(recordId).max(200).optional();

/** field, referenced kind, word, label, path (= taxonomy kind). */
const TAXONOMIES: readonly (readonly [string, string, string, string, TaxonomyKind])[] = [
  ['campuses', 'campus', 'campus', 'Campuses', 'campuses'],
  ['programs', 'program', 'program', 'Programs', 'programs'],
  ['specialties', 'specialty', 'specialty', 'Specialties', 'specialties'],
  ['majors', 'major', 'major', 'Majors', 'majors'],
  ['cohorts', 'cohort', 'cohort', 'Cohorts', 'cohorts'],
];

/** A catalog entry: what can be taught, with the defaults its sections start from. */
export const courses = defineResource({
  name: 'course',
  eventPrefix: 'Course',
  path: 'courses',
  subject: 'Course',
  schema: z.object({
    courseNumber: z.string().trim().min(1).max(50),
    name,
    unitsMax: z.number().finite().min(0).max(100).nullable().optional(),
    isActive: z.boolean().optional(),
    isOffered: z.boolean().optional(),
    sectionMaxStudents: z.number().int().min(0).max(100000).nullable().optional(),
    sectionCreditHours: z.number().finite().min(0).max(100).nullable().optional(),
    WorkgroupId: recordId.nullable().optional(),
    campuses: taxonomyIds,
    programs: taxonomyIds,
    specialties: taxonomyIds,
    majors: taxonomyIds,
    cohorts: taxonomyIds,
  }),
  list: {
    fields: {
      courseNumber: 'text',
      name: 'text',
      unitsMax: 'number',
      isActive: 'boolean',
      isOffered: 'boolean',
      sectionMaxStudents: 'number',
      sectionCreditHours: 'number',
      WorkgroupId: 'text',
    },
    defaultSort: [['courseNumber', 'ASC']],
  },
  unique: [
    {
      fields: ['courseNumber'],
      message: 'Another active course already has this course number.',
      amongActive: true,
    },
  ],
  references: [
    {
      field: 'WorkgroupId',
      resource: 'workgroup',
      message: 'The workgroup of this course does not exist.',
    },
    ...TAXONOMIES.map(([field, resource, singular]) => ({
      field,
      resource,
      message: `A ${singular} of this course does not exist.`,
    })),
  ],
  ui: {
    title: 'Course Catalog',
    singular: 'Course',
    description: 'What can be taught, with the defaults its sections start from.',
    fields: {
      courseNumber: {
        label: 'Number',
        column: { width: 120 },
        help: 'unique among active courses',
      },
      name: { label: 'Name' },
      unitsMax: { label: 'Units', widget: 'number', column: { width: 80 } },
      isActive: { label: 'Active', column: { width: 80 } },
      isOffered: { label: 'Offered', column: { width: 80 } },
      sectionMaxStudents: { label: 'Section max students', widget: 'number', column: false },
      sectionCreditHours: { label: 'Section credit hours', widget: 'number', column: false },
      WorkgroupId: { label: 'Workgroup', widget: 'reference', reference: 'workgroups' },
      ...Object.fromEntries(
        TAXONOMIES.map(([field, , , label, path]) => [
          field,
          { label, widget: 'references', reference: path, taxonomy: path, column: false },
        ]),
      ),
    },
  },
  derive: (record) => ({
    ...record,
    unitsMax: record.unitsMax ?? null,
    isActive: record.isActive ?? true,
    isOffered: record.isOffered ?? true,
    sectionMaxStudents: record.sectionMaxStudents ?? null,
    sectionCreditHours: record.sectionCreditHours ?? null,
    WorkgroupId: record.WorkgroupId ?? null,
    campuses: record.campuses ?? [],
    programs: record.programs ?? [],
    specialties: record.specialties ?? [],
    majors: record.majors ?? [],
    cohorts: record.cohorts ?? [],
  }),
});
