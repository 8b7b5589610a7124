import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { endNotBeforeStart, isoDate, name, recordId } from './fields.js';

/** A term of a period (fall, spring, …) of one term type. */
export const academicTerms = defineResource({
  name: 'academicTerm',
  eventPrefix: 'AcademicTerm',
  path: 'academicTerms',
  subject: 'AcademicPeriod',
  schema: z.object({
    name,
    AcademicPeriodId: recordId,
    AcademicTermTypeId: recordId.nullable().optional(),
    startDate: isoDate,
    endDate: isoDate,
  }),
  list: {
    fields: {
      name: 'text',
      AcademicPeriodId: 'text',
      AcademicTermTypeId: 'text',
      startDate: 'date',
      endDate: 'date',
    },
    defaultSort: [['startDate', 'ASC']],
  },
  unique: [
    {
      fields: ['AcademicPeriodId', 'name'],
      message: 'This academic period already has a term with this name.',
    },
  ],
  references: [
    {
      field: 'AcademicPeriodId',
      resource: 'academicPeriod',
      message: 'The academic period of this term does not exist.',
    },
    {
      field: 'AcademicTermTypeId',
      resource: 'academicTermType',
      message: 'The academic term type of this term does not exist.',
    },
  ],
  ui: {
    title: 'Academic Terms',
    singular: 'Academic Term',
    description: 'The terms of an academic period.',
    fields: {
      name: { label: 'Name' },
      AcademicPeriodId: {
        label: 'Academic Period',
        widget: 'reference',
        reference: 'academicPeriods',
      },
      AcademicTermTypeId: {
        label: 'Term Type',
        widget: 'reference',
        reference: 'academicTermTypes',
      },
      startDate: { label: 'Start Date', widget: 'date' },
      endDate: { label: 'End Date', widget: 'date' },
    },
  },
  derive: (record) => ({ ...record, AcademicTermTypeId: record.AcademicTermTypeId ?? null }),
  validate: endNotBeforeStart,
});
