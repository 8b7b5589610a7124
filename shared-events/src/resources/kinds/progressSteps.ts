import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { name, recordId } from './fields.js';

/** DESIGN §7: the planning cycle's steps of one period; step 6 is department review. */
export const progressSteps = defineResource({
  name: 'progressStep',
  eventPrefix: 'ProgressStep',
  path: 'progressSteps',
  subject: 'AcademicPeriod',
  schema: z.object({
    AcademicPeriodId: recordId,
    stepId: z.number().int().min(1).max(50),
    name,
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: { AcademicPeriodId: 'text', stepId: 'number', name: 'text', isActive: 'boolean' },
    defaultSort: [['stepId', 'ASC']],
  },
  unique: [
    {
      fields: ['AcademicPeriodId', 'stepId'],
      message: 'This academic period already has a step with this number.',
    },
  ],
  references: [
    {
      field: 'AcademicPeriodId',
      resource: 'academicPeriod',
      message: 'The academic period of this step does not exist.',
    },
  ],
  ui: {
    title: 'Progress Steps',
    singular: 'Progress Step',
    description: 'The planning cycle of a period; the highest active step is the current one.',
    fields: {
      AcademicPeriodId: {
        label: 'Academic Period',
        widget: 'reference',
        reference: 'academicPeriods',
      },
      stepId: { label: 'Step', widget: 'number', column: { width: 80 } },
      name: { label: 'Name' },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({ ...record, isActive: record.isActive ?? false }),
});
