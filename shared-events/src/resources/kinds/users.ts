import { z } from 'zod';
import { roleSlugSchema } from '../../permissions/types.js';
import { defineResource } from '../defineResource.js';
import { name, recordId } from './fields.js';

const optionalText = z.string().trim().max(200).nullable().optional();

export const FinancialData = z
  .object({
    pointsRequired: z.number().finite(),
    pointsAssigned: z.number().finite(),
    pointsRemaining: z.number().finite(),
  })
  .strict();

/** A person who signs in (or is planned for): staff, administrators and faculty. */
export const users = defineResource({
  name: 'user',
  eventPrefix: 'User',
  path: 'users',
  subject: 'User',
  schema: z.object({
    firstName: name,
    lastName: name,
    displayName: name.optional(),
    honorific: optionalText,
    email: z.email().max(320),
    username: z.string().trim().min(1).max(200),
    Roles: z
      .array(z.object({ slug: roleSlugSchema }).strict())
      .max(20)
      .optional(),
    EmployeeId: optionalText,
    isActive: z.boolean().optional(),
    isFaculty: z.boolean().optional(),
    hostSystemId: optionalText,
    WorkingAcademicPeriodId: recordId.nullable().optional(),
    FacultyProfile: z.record(z.string(), z.unknown()).nullable().optional(),
    FinancialData: FinancialData.nullable().optional(),
    lastLoginAt: z.iso.datetime().nullable().optional(),
  }),
  list: {
    fields: {
      firstName: 'text',
      lastName: 'text',
      displayName: 'text',
      email: 'text',
      username: 'text',
      EmployeeId: 'text',
      isActive: 'boolean',
      isFaculty: 'boolean',
      hostSystemId: 'text',
      lastLoginAt: 'date',
    },
    // Spec §5: user lists sort by last name.
    defaultSort: [
      ['lastName', 'ASC'],
      ['firstName', 'ASC'],
    ],
  },
  // Its route refuses masquerading sessions and tells the user's other tabs (realtime).
  writtenElsewhere: { WorkingAcademicPeriodId: 'PUT /api/users/:id/working' },
  unique: [
    { fields: ['email'], message: 'Another user already has this e-mail address.' },
    { fields: ['username'], message: 'Another user already has this username.' },
  ],
  derive: (record) => ({
    ...record,
    displayName:
      record.displayName ?? `${String(record.firstName)} ${String(record.lastName)}`.trim(),
    honorific: record.honorific ?? null,
    Roles: record.Roles ?? [],
    EmployeeId: record.EmployeeId ?? null,
    isActive: record.isActive ?? true,
    isFaculty: record.isFaculty ?? false,
    hostSystemId: record.hostSystemId ?? null,
    WorkingAcademicPeriodId: record.WorkingAcademicPeriodId ?? null,
    FacultyProfile: record.FacultyProfile ?? null,
    FinancialData: record.FinancialData ?? null,
    lastLoginAt: record.lastLoginAt ?? null,
  }),
});
