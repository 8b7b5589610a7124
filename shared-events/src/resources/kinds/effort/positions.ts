import { z } from 'zod';
import { defineResource } from '../../defineResource.js';
import { code } from '../configurationList.js';
import { endNotBeforeStart, isoDate, recordId } from '../fields.js';

/**
 * An instructor's payroll position (EnhancedEffortPositionAssociations, docs/effort.md): which
 * position number they hold from when to when (no end: still held), at what FTE and charged to
 * which cost centre. Entered by hand or brought in with effort imports; the effort timeline of a
 * position is built from these records' events and the payroll lines charged to it.
 */
export const effortPositions = defineResource({
  name: 'effortPosition',
  eventPrefix: 'EffortPosition',
  path: 'effortPositions',
  subject: 'EffortActual',
  schema: z.object({
    positionNumber: code,
    UserId: recordId,
    title: z.string().trim().max(200).nullable().optional(),
    startDate: isoDate,
    endDate: isoDate.nullable().optional(),
    /** Full-time equivalent: 1 is full time. */
    fte: z.number().finite().gt(0).max(1),
    costCenter: code.nullable().optional(),
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: {
      positionNumber: 'text',
      UserId: 'text',
      title: 'text',
      startDate: 'date',
      endDate: 'date',
      fte: 'number',
      costCenter: 'text',
      isActive: 'boolean',
    },
    defaultSort: [['positionNumber', 'ASC']],
  },
  unique: [
    {
      fields: ['positionNumber', 'UserId', 'startDate'],
      message: 'This instructor already holds this position from that date.',
      amongActive: true,
    },
  ],
  references: [
    {
      field: 'UserId',
      resource: 'user',
      message: 'The instructor of this position does not exist.',
    },
  ],
  ui: {
    title: 'Positions',
    singular: 'Position',
    description: 'Instructors’ payroll positions: which, from when to when, at what FTE.',
    fields: {
      positionNumber: {
        label: 'Position',
        column: { width: 120 },
        help: 'the number payroll gives it',
      },
      UserId: {
        label: 'Instructor',
        widget: 'reference',
        reference: 'users',
        labelField: 'displayName',
        referenceFilter: { isFaculty: true },
      },
      title: { label: 'Title' },
      startDate: { label: 'From', widget: 'date', column: { width: 120 } },
      endDate: {
        label: 'Until',
        widget: 'date',
        column: { width: 120 },
        help: 'empty: still held',
      },
      fte: { label: 'FTE', widget: 'number', column: { width: 80 }, help: '1 is full time' },
      costCenter: { label: 'Cost Centre', column: { width: 130 } },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({
    ...record,
    title: record.title ?? null,
    endDate: record.endDate ?? null,
    costCenter: record.costCenter ?? null,
    isActive: record.isActive ?? true,
  }),
  validate: endNotBeforeStart,
});
