import { z } from 'zod';
import { defineResource } from '../../defineResource.js';
import { activeNameRule, code, description } from '../configurationList.js';
import { endNotBeforeStart, isoDate, name } from '../fields.js';

/**
 * A payroll pay period (docs/effort.md): the span a payroll line's effort counts for, and the
 * unit an effort import may replace as a whole. Known by its code ("2026-11B").
 */
export const effortPayPeriods = defineResource({
  name: 'effortPayPeriod',
  eventPrefix: 'EffortPayPeriod',
  path: 'effortPayPeriods',
  subject: 'EffortPayPeriod',
  schema: z.object({
    code,
    name,
    startDate: isoDate,
    endDate: isoDate,
    /** The day people are paid for it, when payroll says. */
    checkDate: isoDate.nullable().optional(),
    description,
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: {
      code: 'text',
      name: 'text',
      startDate: 'date',
      endDate: 'date',
      checkDate: 'date',
      isActive: 'boolean',
    },
    defaultSort: [['startDate', 'DESC']],
  },
  unique: [
    {
      fields: ['code'],
      message: 'Another active pay period already has this code.',
      amongActive: true,
    },
    activeNameRule('Pay period'),
  ],
  ui: {
    title: 'Pay Periods',
    singular: 'Pay Period',
    description:
      'The payroll periods effort is reported for; an effort import may replace one whole.',
    route: '/effort/payPeriods',
    fields: {
      code: { label: 'Code', column: { width: 130 }, help: 'as payroll names it, e.g. 2026-11B' },
      name: { label: 'Name' },
      startDate: { label: 'Start Date', widget: 'date', column: { width: 130 } },
      endDate: { label: 'End Date', widget: 'date', column: { width: 130 } },
      checkDate: { label: 'Pay Date', widget: 'date', column: { width: 130 } },
      description: { label: 'Description', widget: 'textarea', column: false },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({
    ...record,
    checkDate: record.checkDate ?? null,
    description: record.description ?? null,
    isActive: record.isActive ?? true,
  }),
  validate: endNotBeforeStart,
});
