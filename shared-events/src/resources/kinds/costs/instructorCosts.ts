import { z } from 'zod';
import { defineResource, type ResourceRecord } from '../../defineResource.js';
import { recordId } from '../fields.js';
import { money } from './instructorRates.js';

/** The most one section's teaching may be costed at: a slip of zeros is caught, not stored. */
export const MAX_SECTION_COST = 10_000_000;

const isSet = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * InstructorCosts (docs/costs.md), two kinds of entry on a section:
 * - an instructor's cost on the section, set by hand (`UserId` and `amount`): it replaces what
 *   their rate would give (a stipend, a negotiated fee);
 * - the section's placeholder (no `UserId`): a "TBD" instructor of a type and rank who will teach
 *   what nobody covers yet, costed at that type and rank's rate (or at `amount` when given), so a
 *   plan can be costed before anyone is hired.
 * One entry per instructor and section, one placeholder per section (`scope`, derived).
 */
export const instructorCosts = defineResource({
  name: 'instructorCost',
  eventPrefix: 'InstructorCost',
  path: 'instructorCosts',
  subject: 'FinancialData',
  schema: z.object({
    SectionId: recordId,
    UserId: recordId.nullable().optional(),
    InstructorTypeId: recordId.nullable().optional(),
    RankId: recordId.nullable().optional(),
    amount: money
      .max(MAX_SECTION_COST, `A cost can be at most ${MAX_SECTION_COST.toLocaleString('en-US')}.`)
      .nullable()
      .optional(),
    notes: z.string().trim().max(500).nullable().optional(),
    /** Derived: `<section>|user:<id>` or `<section>|placeholder`; whatever a client sends is replaced. */
    scope: z.string().max(300).optional(),
  }),
  list: {
    fields: {
      SectionId: 'text',
      UserId: 'text',
      InstructorTypeId: 'text',
      RankId: 'text',
      amount: 'number',
    },
    defaultSort: [['SectionId', 'ASC']],
  },
  unique: [
    {
      fields: ['scope'],
      message: 'This section already has that cost entry: change it instead.',
    },
  ],
  references: [
    {
      field: 'InstructorTypeId',
      resource: 'instructorType',
      message: 'The instructor type of this placeholder does not exist.',
    },
    { field: 'RankId', resource: 'rank', message: 'The rank of this placeholder does not exist.' },
    { field: 'UserId', resource: 'user', message: 'This instructor does not exist.' },
  ],
  ui: {
    title: 'Instructor Costs',
    singular: 'Cost',
    description: 'Costs set by hand for an instructor on a section, and placeholders to be hired.',
    fields: {
      SectionId: { label: 'Section', form: false },
      UserId: { label: 'Instructor', widget: 'reference', reference: 'users' },
      InstructorTypeId: {
        label: 'Instructor Type',
        widget: 'reference',
        reference: 'instructorTypes',
      },
      RankId: { label: 'Rank', widget: 'reference', reference: 'ranks' },
      amount: { label: 'Cost', widget: 'number' },
      notes: { label: 'Notes', widget: 'textarea' },
    },
  },
  derive: (record) => {
    const personal = isSet(record.UserId);
    const next: ResourceRecord = {
      ...record,
      UserId: personal ? record.UserId : null,
      InstructorTypeId: personal ? null : (record.InstructorTypeId ?? null),
      RankId: personal ? null : (record.RankId ?? null),
      amount: record.amount ?? null,
      notes: record.notes ?? null,
    };
    const scope = `${String(next.SectionId)}|${personal ? `user:${String(next.UserId)}` : 'placeholder'}`;
    return { ...next, scope };
  },
  validate: (record) => {
    if (isSet(record.UserId)) {
      return typeof record.amount === 'number' ? null : 'Enter the cost of this instructor here.';
    }
    return isSet(record.InstructorTypeId) ? null : 'Choose the instructor type of the placeholder.';
  },
});
