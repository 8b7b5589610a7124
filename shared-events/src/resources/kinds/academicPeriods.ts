import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { endNotBeforeStart, isoDate, name } from './fields.js';

/** A planning year; exactly one is the institution's system-active period. */
export const academicPeriods = defineResource({
  name: 'academicPeriod',
  eventPrefix: 'AcademicPeriod',
  path: 'academicPeriods',
  subject: 'AcademicPeriod',
  schema: z.object({
    name,
    startDate: isoDate,
    endDate: isoDate,
    isSystemActive: z.boolean().optional(),
    publishedForFaculty: z.boolean().optional(),
    useAdvancedEffort: z.boolean().optional(),
    /** The last day faculty may change their teaching preferences without a reopen. */
    preferencesDueDate: isoDate.nullable().optional(),
  }),
  list: {
    fields: {
      name: 'text',
      startDate: 'date',
      endDate: 'date',
      isSystemActive: 'boolean',
      publishedForFaculty: 'boolean',
      useAdvancedEffort: 'boolean',
      preferencesDueDate: 'date',
    },
    defaultSort: [['startDate', 'DESC']],
  },
  unique: [{ fields: ['name'], message: 'Another academic period already has this name.' }],
  derive: (record) => ({
    ...record,
    isSystemActive: record.isSystemActive ?? false,
    publishedForFaculty: record.publishedForFaculty ?? false,
    useAdvancedEffort: record.useAdvancedEffort ?? false,
    preferencesDueDate: record.preferencesDueDate ?? null,
  }),
  ui: {
    title: 'Academic Periods',
    singular: 'Academic Period',
    description: 'Planning years; exactly one is the system-active period.',
    fields: {
      name: { label: 'Name' },
      startDate: { label: 'Start Date', widget: 'date' },
      endDate: { label: 'End Date', widget: 'date' },
      isSystemActive: {
        label: 'System Active',
        help: 'Activating this period deactivates the previous one.',
      },
      publishedForFaculty: { label: 'Published for Faculty' },
      useAdvancedEffort: { label: 'Use Advanced Effort' },
      preferencesDueDate: {
        label: 'Preferences Due',
        widget: 'date',
        help: 'After this day faculty preferences change only when reopened.',
      },
    },
  },
  validate: endNotBeforeStart,
});

/** The pointer to the system-active period: one stream, so "exactly one" holds by construction. */
export const SYSTEM_ACTIVE_PERIOD_STREAM = 'systemActiveAcademicPeriod';

export const SystemActiveAcademicPeriodChanged = z.object({
  /** The new system-active period, null when none is. */
  id: z.string().nullable(),
  previousId: z.string().nullable(),
});
export type SystemActiveAcademicPeriodChanged = z.infer<typeof SystemActiveAcademicPeriodChanged>;
