import { z } from 'zod';
import { defineResource, type ResourceRecord } from '../../defineResource.js';
import { recordId } from '../fields.js';

/** The most a workload point may cost: well above any pay scale, so a slip of zeros is caught. */
export const MAX_RATE_PER_POINT = 1_000_000;

export const money = z.number().finite().min(0, 'An amount cannot be negative.');

/**
 * What a rate applies to, as one value (`<period>|user:<id>` or `<period>|type:<id>|rank:<id|any>`),
 * so "one rate per instructor type and rank, or per instructor, and period" is one unique rule: a
 * unique rule leaves out records with an empty field, and "any rank" is an empty rank.
 */
function rateScope(record: ResourceRecord): string {
  const period = String(record.AcademicPeriodId);
  if (typeof record.UserId === 'string' && record.UserId) return `${period}|user:${record.UserId}`;
  const rank = typeof record.RankId === 'string' && record.RankId ? record.RankId : 'any';
  return `${period}|type:${String(record.InstructorTypeId)}|rank:${rank}`;
}

/**
 * InstructorRates (docs/costs.md): what a workload point of teaching costs in an academic period,
 * for an instructor type and rank (no rank: every rank of the type without a rate of its own), or
 * for one instructor. An assignment costs its points times the instructor's own rate, else their
 * type and rank's, else their type's; an explicit cost of the assignment (InstructorCosts) wins.
 */
export const instructorRates = defineResource({
  name: 'instructorRate',
  eventPrefix: 'InstructorRate',
  path: 'instructorRates',
  subject: 'FinancialData',
  schema: z.object({
    AcademicPeriodId: recordId,
    InstructorTypeId: recordId.nullable().optional(),
    RankId: recordId.nullable().optional(),
    UserId: recordId.nullable().optional(),
    ratePerPoint: money.max(
      MAX_RATE_PER_POINT,
      `A rate can be at most ${MAX_RATE_PER_POINT.toLocaleString('en-US')} a point.`,
    ),
    /** Derived (rateScope); whatever a client sends is replaced. */
    scope: z.string().max(400).optional(),
  }),
  list: {
    fields: {
      AcademicPeriodId: 'text',
      InstructorTypeId: 'text',
      RankId: 'text',
      UserId: 'text',
      ratePerPoint: 'number',
    },
    defaultSort: [['ratePerPoint', 'DESC']],
  },
  unique: [
    {
      fields: ['scope'],
      message: 'This period already has a rate for them: change that rate instead.',
    },
  ],
  references: [
    {
      field: 'AcademicPeriodId',
      resource: 'academicPeriod',
      message: 'The academic period of this rate does not exist.',
    },
    {
      field: 'InstructorTypeId',
      resource: 'instructorType',
      message: 'The instructor type of this rate does not exist.',
    },
    { field: 'RankId', resource: 'rank', message: 'The rank of this rate does not exist.' },
    { field: 'UserId', resource: 'user', message: 'The instructor of this rate does not exist.' },
  ],
  ui: {
    title: 'Instructor Rates',
    singular: 'Rate',
    description: 'What a workload point of teaching costs, per instructor type and rank or person.',
    fields: {
      AcademicPeriodId: {
        label: 'Academic Period',
        widget: 'reference',
        reference: 'academicPeriods',
      },
      UserId: {
        label: 'Instructor',
        widget: 'reference',
        reference: 'users',
        labelField: 'displayName',
        referenceFilter: { isFaculty: true },
        help: 'for one person; leave empty for a type and rank',
      },
      InstructorTypeId: {
        label: 'Instructor Type',
        widget: 'reference',
        reference: 'instructorTypes',
      },
      RankId: {
        label: 'Rank',
        widget: 'reference',
        reference: 'ranks',
        help: 'empty: every rank of the type without a rate of its own',
      },
      ratePerPoint: { label: 'Rate per point', widget: 'number', column: { width: 130 } },
    },
  },
  derive: (record) => {
    const personal = typeof record.UserId === 'string' && record.UserId !== '';
    const next: ResourceRecord = {
      ...record,
      UserId: personal ? record.UserId : null,
      InstructorTypeId: personal ? null : (record.InstructorTypeId ?? null),
      RankId: personal ? null : (record.RankId ?? null),
    };
    return { ...next, scope: rateScope(next) };
  },
  validate: (record) =>
    record.UserId || record.InstructorTypeId
      ? null
      : 'Choose an instructor type (and rank), or one instructor.',
});
