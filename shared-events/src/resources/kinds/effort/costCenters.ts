import { z } from 'zod';
import { defineResource } from '../../defineResource.js';
import { code } from '../configurationList.js';
import { recordId } from '../fields.js';

/**
 * A cost centre as payroll codes it ("10-4410-200") with the words people know it by, and the
 * workgroup it belongs to: payroll lines name only the code. Kept by who keeps the
 * classification rules, which match on it (docs/effort.md).
 */
export const costCenterDescriptions = defineResource({
  name: 'costCenterDescription',
  eventPrefix: 'CostCenterDescription',
  path: 'costCenterDescriptions',
  subject: 'EffortRule',
  schema: z.object({
    code,
    description: z.string().trim().min(1, 'Say what this cost centre is.').max(2000),
    WorkgroupId: recordId.nullable().optional(),
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: { code: 'text', description: 'text', WorkgroupId: 'text', isActive: 'boolean' },
    defaultSort: [['code', 'ASC']],
  },
  unique: [
    {
      fields: ['code'],
      message: 'Another active cost centre already has this code.',
      amongActive: true,
    },
  ],
  references: [
    {
      field: 'WorkgroupId',
      resource: 'workgroup',
      message: 'The workgroup of this cost centre does not exist.',
    },
  ],
  ui: {
    title: 'Cost Center Descriptions',
    singular: 'Cost Center Description',
    description: 'The cost centres payroll lines name, in words, with the workgroup of each.',
    route: '/effort/costCenterDescriptions',
    fields: {
      code: { label: 'Cost Centre', column: { width: 160 }, help: 'as payroll writes it' },
      description: { label: 'Description' },
      WorkgroupId: { label: 'Workgroup', widget: 'reference', reference: 'workgroups' },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({
    ...record,
    WorkgroupId: record.WorkgroupId ?? null,
    isActive: record.isActive ?? true,
  }),
});
