import { z } from 'zod';
import { defineResource } from '../defineResource.js';
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
  unique: [{ fields: ['slug'], message: 'Another academic term type already has this slug.' }],
  derive: (record) => ({ ...record, isActive: record.isActive ?? true }),
});
