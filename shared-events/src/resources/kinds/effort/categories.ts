import { z } from 'zod';
import { defineResource } from '../../defineResource.js';
import { activeNameRule, code, description } from '../configurationList.js';
import { name } from '../fields.js';

/** What a category of effort counts as, beside planned teaching and administration. */
export const EFFORT_AREAS = [
  { value: 'teaching', label: 'Teaching' },
  { value: 'research', label: 'Research' },
  { value: 'service', label: 'Service' },
  { value: 'administration', label: 'Administration' },
  { value: 'clinical', label: 'Clinical' },
  { value: 'leave', label: 'Leave' },
  { value: 'other', label: 'Other' },
] as const;
export type EffortArea = (typeof EFFORT_AREAS)[number]['value'];
const area = z.enum(EFFORT_AREAS.map((a) => a.value) as [EffortArea, ...EffortArea[]]);

/**
 * An effort category a payroll line is classified into ("Instruction", "Sponsored research"):
 * its area says which planned work it stands beside on the overview (teaching beside section
 * assignments, administration beside administrative assignments).
 */
export const effortCategories = defineResource({
  name: 'effortCategory',
  eventPrefix: 'EffortCategory',
  path: 'effortCategories',
  subject: 'EffortCategory',
  schema: z.object({
    name,
    code,
    area,
    description,
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: { name: 'text', code: 'text', area: 'text', description: 'text', isActive: 'boolean' },
    defaultSort: [['name', 'ASC']],
  },
  unique: [
    {
      fields: ['code'],
      message: 'Another active effort category already has this code.',
      amongActive: true,
    },
    activeNameRule('Effort category'),
  ],
  ui: {
    title: 'Effort Categories',
    singular: 'Effort Category',
    description: 'What payroll effort is classified into, and the planned work each stands beside.',
    route: '/effort/categories',
    fields: {
      name: { label: 'Name' },
      code: { label: 'Code', column: { width: 120 }, help: 'unique among active categories' },
      area: {
        label: 'Counts as',
        widget: 'select',
        options: EFFORT_AREAS,
        column: { width: 140 },
        help: 'teaching stands beside section assignments, administration beside admin assignments',
      },
      description: { label: 'Description', widget: 'textarea' },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({
    ...record,
    description: record.description ?? null,
    isActive: record.isActive ?? true,
  }),
});
