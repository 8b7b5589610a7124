import { z } from 'zod';
import { defineResource } from '../../defineResource.js';
import { description } from '../configurationList.js';
import { name, recordId } from '../fields.js';

/** A criterion: a value as payroll writes it, with `*` for any characters and `?` for one. */
const criterion = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9 ._/*?-]*$/, 'letters, digits, spaces, - _ . / and the wildcards * ?')
  .nullable()
  .optional();

/**
 * A classification rule (EffortRules, docs/effort.md): payroll lines whose cost centre, earn code,
 * account and position match its criteria are classified into its category and type. Rules are
 * tried in their order, lower first (then by name); the first that matches decides. The pure
 * matcher is shared-events `effort/classify.ts`, used by the rule tester and the effort import.
 */
export const effortRules = defineResource({
  name: 'effortRule',
  eventPrefix: 'EffortRule',
  path: 'effortRules',
  subject: 'EffortRule',
  schema: z.object({
    name,
    order: z.number().int().min(0).max(100_000),
    costCenter: criterion,
    earnCode: criterion,
    account: criterion,
    positionPattern: criterion,
    EffortCategoryId: recordId,
    EffortTypeId: recordId.nullable().optional(),
    description,
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: {
      order: 'number',
      name: 'text',
      costCenter: 'text',
      earnCode: 'text',
      account: 'text',
      positionPattern: 'text',
      EffortCategoryId: 'text',
      EffortTypeId: 'text',
      isActive: 'boolean',
    },
    defaultSort: [
      ['order', 'ASC'],
      ['name', 'ASC'],
    ],
  },
  references: [
    {
      field: 'EffortCategoryId',
      resource: 'effortCategory',
      message: 'The effort category of this rule does not exist.',
    },
    {
      field: 'EffortTypeId',
      resource: 'effortType',
      message: 'The effort type of this rule does not exist.',
    },
  ],
  ui: {
    title: 'Classification Rules',
    singular: 'Classification Rule',
    description:
      'Rules that classify payroll lines into effort categories and types, tried in order: the first that matches decides.',
    fields: {
      order: {
        label: 'Order',
        widget: 'number',
        column: { width: 80 },
        help: 'lower first; the first rule that matches decides',
      },
      name: { label: 'Name' },
      costCenter: { label: 'Cost Centre', column: { width: 130 }, help: '* any characters, ? one' },
      earnCode: { label: 'Earn Code', column: { width: 110 }, help: 'empty: any' },
      account: { label: 'Account', column: { width: 110 }, help: 'empty: any' },
      positionPattern: { label: 'Position', column: { width: 110 }, help: 'e.g. 40*' },
      EffortCategoryId: {
        label: 'Category',
        widget: 'reference',
        reference: 'effortCategories',
      },
      EffortTypeId: { label: 'Type', widget: 'reference', reference: 'effortTypes' },
      description: { label: 'Description', widget: 'textarea', column: false },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({
    ...record,
    costCenter: record.costCenter ?? null,
    earnCode: record.earnCode ?? null,
    account: record.account ?? null,
    positionPattern: record.positionPattern ?? null,
    EffortTypeId: record.EffortTypeId ?? null,
    description: record.description ?? null,
    isActive: record.isActive ?? true,
  }),
});
