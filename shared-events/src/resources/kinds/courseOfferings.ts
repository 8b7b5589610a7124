import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { recordId } from './fields.js';

/** One way an offering is taught: in a term, in a teaching mode (in person, online, …). */
export const OfferingTermMode = z
  .object({ AcademicTermId: recordId, TeachingModeId: recordId })
  .strict();
export type OfferingTermMode = z.infer<typeof OfferingTermMode>;

function distinctTermModes(modes: readonly OfferingTermMode[]): boolean {
  return new Set(modes.map((m) => `${m.AcademicTermId}|${m.TeachingModeId}`)).size === modes.length;
}

/** A course planned in an academic period, with the term modes its sections may take. */
export const courseOfferings = defineResource({
  name: 'courseOffering',
  eventPrefix: 'CourseOffering',
  path: 'courseOfferings',
  subject: 'CourseOffering',
  schema: z.object({
    CourseId: recordId,
    AcademicPeriodId: recordId,
    termModes: z
      .array(OfferingTermMode)
      .max(50)
      .refine(distinctTermModes, 'each term and teaching mode may be listed once')
      .optional(),
  }),
  list: {
    fields: { CourseId: 'text', AcademicPeriodId: 'text' },
    defaultSort: [['CourseId', 'ASC']],
  },
  unique: [
    {
      fields: ['CourseId', 'AcademicPeriodId'],
      message: 'This course is already offered in this academic period.',
    },
  ],
  references: [
    {
      field: 'CourseId',
      resource: 'course',
      message: 'The course of this offering does not exist.',
    },
    {
      field: 'AcademicPeriodId',
      resource: 'academicPeriod',
      message: 'The academic period of this offering does not exist.',
    },
    {
      field: 'termModes.AcademicTermId',
      resource: 'academicTerm',
      message: 'A term of this offering does not exist.',
    },
    {
      field: 'termModes.TeachingModeId',
      resource: 'teachingMode',
      message: 'A teaching mode of this offering does not exist.',
    },
  ],
  ui: {
    title: 'Course Offerings',
    singular: 'Course Offering',
    description:
      'Courses planned in an academic period, with the terms and teaching modes offered.',
    fields: {
      CourseId: {
        label: 'Course',
        widget: 'reference',
        reference: 'courses',
        labelField: 'courseNumber',
        detailField: 'name',
      },
      AcademicPeriodId: {
        label: 'Academic Period',
        widget: 'reference',
        reference: 'academicPeriods',
      },
      termModes: {
        label: 'Term modes',
        widget: 'termModes',
        column: false,
        help: 'The terms and teaching modes in which this course is offered.',
      },
    },
  },
  derive: (record) => ({ ...record, termModes: record.termModes ?? [] }),
});
