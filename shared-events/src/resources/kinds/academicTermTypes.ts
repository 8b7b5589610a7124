import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { activeNameRule } from './configurationList.js';
import { name, slug } from './fields.js';

/** Kinds of terms (semester, quarter, summer session, …). */
export const academicTermTypes = defineResource({
  name: 'academicTermType',
  eventPrefix: 'AcademicTermType',
  path: 'academicTermTypes',
  subject: 'AcademicPeriod',
  schema: z.object({ name, slug, isActive: z.boolean().optional() }),
  list: {
    fields: { name: 'text', slug: 'text', isActive: 'boolean' },
    defaultSort: [['name', 'ASC']],
  },
  unique: [
    {
      fields: ['slug'],
      message: 'Another active academic term type already has this slug.',
      amongActive: true,
    },
    activeNameRule('Academic term type'),
  ],
  ui: {
    title: 'Academic Term Types',
    singular: 'Academic Term Type',
    description: 'Kinds of terms a period is divided into: semester, quarter, summer session.',
    route: '/academicTermTypes',
    menu: { branch: 'Configuration', order: 2, icon: 'calendar', subject: 'Configuration' },
    fields: {
      name: { label: 'Name' },
      slug: {
        label: 'Slug',
        help: 'lower-case letters, digits, - and _; unique among active ones',
      },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({ ...record, isActive: record.isActive ?? true }),
});
