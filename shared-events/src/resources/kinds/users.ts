import { z } from 'zod';
import { ROLE_SLUGS, roleSlugSchema, type RoleSlug } from '../../permissions/types.js';
import { defineResource } from '../defineResource.js';
import { name, recordId } from './fields.js';

export const ROLE_LABELS: Readonly<Record<RoleSlug, string>> = {
  admin: 'Admin',
  academicOpsAdmin: 'Academic Ops Admin',
  academicAffairsApprover: 'Academic Affairs Approver',
  businessOfficeAdmin: 'Business Office Admin',
  financialReportingUser: 'Financial Reporting User',
  reportingUser: 'Reporting User',
  sectionScheduler: 'Section Scheduler',
  effortManager: 'Effort Manager',
  effortContributor: 'Effort Contributor',
  faculty: 'Faculty',
};

const optionalText = z.string().trim().max(200).nullable().optional();

const ids = z.array(recordId).max(200).optional();

/** Spec §3 faculty profile; references name records of the configuration lists. */
export const FacultyProfile = z
  .object({
    InstructorTypeId: recordId.nullable().optional(),
    isActive: z.boolean().optional(),
    receiveAssignments: z.boolean().optional(),
    certifications: z.string().max(2000).nullable().optional(),
    credentials: z.string().max(2000).nullable().optional(),
    DivisionId: recordId.nullable().optional(),
    TrackId: recordId.nullable().optional(),
    RankId: recordId.nullable().optional(),
    CampusIds: ids,
    ProgramIds: ids,
    SpecialtyIds: ids,
    MajorIds: ids,
    CohortIds: ids,
  })
  .strict();
export type FacultyProfile = z.infer<typeof FacultyProfile>;

/** The most points a year anyone may be required to carry (a full load is 12–24). */
export const MAX_POINTS_REQUIRED = 100;

/**
 * What is entered about an instructor's load: only the points required. Assigned and remaining
 * are computed from the plan in one place (the workload read model), never stored, so they
 * cannot drift from it.
 */
export const FinancialData = z
  .object({
    pointsRequired: z
      .number()
      .finite()
      .min(0, 'Points required cannot be negative.')
      .max(MAX_POINTS_REQUIRED, `Points required can be at most ${MAX_POINTS_REQUIRED}.`),
  })
  .strict();

/** Events before assigned and remaining were derived stored them too: read only the required. */
function upcastFinancialData(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const required = (value as { pointsRequired?: unknown }).pointsRequired;
  return typeof required === 'number' ? { pointsRequired: required } : null;
}

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
    FacultyProfile: FacultyProfile.nullable().optional(),
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
  // The faculty profile names records of the configuration lists (in-use deletes answer 422).
  references: [
    {
      field: 'FacultyProfile.InstructorTypeId',
      resource: 'instructorType',
      message: 'The instructor type of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.DivisionId',
      resource: 'division',
      message: 'A division of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.TrackId',
      resource: 'track',
      message: 'A track of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.RankId',
      resource: 'rank',
      message: 'A rank of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.CampusIds',
      resource: 'campus',
      message: 'A campus of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.ProgramIds',
      resource: 'program',
      message: 'A program of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.SpecialtyIds',
      resource: 'specialty',
      message: 'A specialty of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.MajorIds',
      resource: 'major',
      message: 'A major of this faculty profile does not exist.',
    },
    {
      field: 'FacultyProfile.CohortIds',
      resource: 'cohort',
      message: 'A cohort of this faculty profile does not exist.',
    },
  ],
  ui: {
    title: 'Users',
    singular: 'User',
    description: 'Everyone who signs in or is planned for: staff, administrators and faculty.',
    route: '/users',
    menu: { branch: 'Administration', order: 4, icon: 'people' },
    fields: {
      // The list fits a 1400 px window with the display name, email, username, employee ID,
      // flags and last login; the name parts and the host system ID are a Columns pick away.
      honorific: { label: 'Title', column: { width: 70, hidden: true } },
      firstName: { label: 'First Name', column: { width: 140, hidden: true } },
      lastName: { label: 'Last Name', column: { width: 140, hidden: true } },
      displayName: {
        label: 'Display Name',
        help: 'Derived from the names when left empty.',
        column: { width: 190 },
      },
      email: { label: 'Email', column: { width: 230 } },
      username: { label: 'Username', column: { width: 120 } },
      EmployeeId: { label: 'Employee ID', column: { width: 110 } },
      hostSystemId: {
        label: 'Host System ID',
        help: 'How the student information or HR system knows this person.',
        column: { width: 140, hidden: true },
      },
      Roles: {
        label: 'Roles',
        widget: 'select',
        options: ROLE_SLUGS.map((slug) => ({ value: slug, label: ROLE_LABELS[slug] })),
        column: false,
        help: 'What the user may see and do; faculty also teach.',
      },
      isActive: { label: 'Active', column: { width: 70 } },
      isFaculty: { label: 'Faculty', column: { width: 70 } },
      WorkingAcademicPeriodId: {
        label: 'Working Period',
        widget: 'reference',
        reference: 'academicPeriods',
        column: false,
        form: false,
      },
      lastLoginAt: { label: 'Last Login', column: { width: 150 }, form: false },
      'FacultyProfile.InstructorTypeId': {
        label: 'Instructor Type',
        widget: 'reference',
        reference: 'instructorTypes',
        column: false,
      },
      'FacultyProfile.isActive': { label: 'Active Faculty', widget: 'checkbox', column: false },
      'FacultyProfile.receiveAssignments': {
        label: 'Receive emails',
        widget: 'checkbox',
        column: false,
      },
      'FacultyProfile.certifications': {
        label: 'Certifications',
        widget: 'textarea',
        column: false,
      },
      'FacultyProfile.credentials': { label: 'Credentials', widget: 'textarea', column: false },
      'FacultyProfile.DivisionId': {
        label: 'Division',
        widget: 'reference',
        reference: 'divisions',
        column: false,
      },
      'FacultyProfile.TrackId': {
        label: 'Track',
        widget: 'reference',
        reference: 'tracks',
        column: false,
      },
      'FacultyProfile.RankId': {
        label: 'Rank',
        widget: 'reference',
        reference: 'ranks',
        column: false,
      },
      'FacultyProfile.CampusIds': {
        label: 'Campuses',
        widget: 'references',
        reference: 'campuses',
        taxonomy: 'campuses',
        column: false,
      },
      'FacultyProfile.ProgramIds': {
        label: 'Programs',
        widget: 'references',
        reference: 'programs',
        taxonomy: 'programs',
        column: false,
      },
      'FacultyProfile.SpecialtyIds': {
        label: 'Specialties',
        widget: 'references',
        reference: 'specialties',
        taxonomy: 'specialties',
        column: false,
      },
      'FacultyProfile.MajorIds': {
        label: 'Majors',
        widget: 'references',
        reference: 'majors',
        taxonomy: 'majors',
        column: false,
      },
      'FacultyProfile.CohortIds': {
        label: 'Cohorts',
        widget: 'references',
        reference: 'cohorts',
        taxonomy: 'cohorts',
        column: false,
      },
      'FinancialData.pointsRequired': {
        label: 'Points Required',
        widget: 'number',
        editSubject: 'FinancialData',
        column: false,
      },
    },
  },
  // 2: rows rebuilt without the financial figures older events stored (see `upcast`).
  readModelVersion: 2,
  upcast: (data) =>
    Object.hasOwn(data, 'FinancialData')
      ? { ...data, FinancialData: upcastFinancialData(data.FinancialData) }
      : data,
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

/**
 * Who may teach a section or hold an administrative assignment: a faculty member whose account is
 * active (`isFaculty` true, `isActive` not false), and not merged into another user.
 */
export function isActiveFaculty(user: {
  isFaculty?: unknown;
  isActive?: unknown;
  mergedIntoId?: unknown;
}): boolean {
  return user.isFaculty === true && user.isActive !== false && !user.mergedIntoId;
}

/** Why someone is refused as an instructor, for a 422 (`what`: "be assigned to sections"). */
export function notActiveFacultySentence(name: string, what: string): string {
  return `${name} is not an active faculty member; only active faculty may ${what}.`;
}
