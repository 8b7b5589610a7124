import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { recordId } from './fields.js';

/**
 * Administrative work credited to an instructor in a period (chair, committee, sabbatical):
 * its points count toward their workload (DOMAIN.md); one that takes the whole term (or, with no
 * term, the period) blocks teaching assignments there.
 */
export const administrativeAssignments = defineResource({
  name: 'administrativeAssignment',
  eventPrefix: 'AdministrativeAssignment',
  path: 'administrativeAssignments',
  subject: 'AdminAssignment',
  schema: z.object({
    UserId: recordId,
    AcademicPeriodId: recordId,
    AdministrativeAssignmentTypeId: recordId,
    AcademicTermId: recordId.nullable().optional(),
    points: z.number().finite().min(0).max(1000),
    takesWholeTerm: z.boolean().optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
  }),
  list: {
    fields: {
      UserId: 'text',
      AcademicPeriodId: 'text',
      AdministrativeAssignmentTypeId: 'text',
      AcademicTermId: 'text',
      points: 'number',
      takesWholeTerm: 'boolean',
    },
    defaultSort: [['UserId', 'ASC']],
  },
  references: [
    {
      field: 'UserId',
      resource: 'user',
      message: 'The instructor of this assignment does not exist.',
    },
    {
      field: 'AcademicPeriodId',
      resource: 'academicPeriod',
      message: 'The academic period of this assignment does not exist.',
    },
    {
      field: 'AdministrativeAssignmentTypeId',
      resource: 'administrativeAssignmentType',
      message: 'The type of this assignment does not exist.',
    },
    {
      field: 'AcademicTermId',
      resource: 'academicTerm',
      message: 'The term of this assignment does not exist.',
    },
  ],
  ui: {
    title: 'Admin Assignments',
    singular: 'Admin Assignment',
    description: 'Administrative duties credited to instructors, with their workload points.',
    fields: {
      UserId: {
        label: 'Instructor',
        widget: 'reference',
        reference: 'users',
        labelField: 'displayName',
        // Only active faculty may hold one (the command refuses others with a sentence).
        referenceFilter: { isFaculty: true },
      },
      AcademicPeriodId: {
        label: 'Academic Period',
        widget: 'reference',
        reference: 'academicPeriods',
      },
      AdministrativeAssignmentTypeId: {
        label: 'Type',
        widget: 'reference',
        reference: 'administrativeAssignmentTypes',
      },
      AcademicTermId: {
        label: 'Term',
        widget: 'reference',
        reference: 'academicTerms',
        help: 'empty: the whole period',
      },
      points: { label: 'Points', widget: 'number', column: { width: 90 } },
      takesWholeTerm: {
        label: 'Takes the whole term',
        help: 'a leave or sabbatical: no teaching in that term',
        column: { width: 110 },
      },
      notes: { label: 'Notes', widget: 'textarea', column: false },
    },
  },
  derive: (record) => ({
    ...record,
    AcademicTermId: record.AcademicTermId ?? null,
    takesWholeTerm: record.takesWholeTerm ?? false,
    notes: record.notes ?? null,
  }),
});
