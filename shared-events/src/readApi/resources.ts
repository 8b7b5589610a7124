import { z } from 'zod';
import { roleSlugSchema } from '../permissions/types.js';
import { TAXONOMY_KINDS } from '../resources/defineResource.js';
import { THEMES } from '../resources/kinds/userSettings.js';
import { listAnswerOf } from './common.js';

/*
 * The resources read model: the generic routes every declared kind answers (`GET /api/<path>`,
 * `GET /api/<path>/:id`, docs/resources.md) and the kinds' own read routes (academic periods,
 * users, user settings, taxonomies, my administrative assignments).
 */

/**
 * A record as the generic routes answer it: the kind's fields as stored (its `defineResource`
 * schema, after `derive`), its id, its revision (for If-Match) and when it was created and last
 * changed. `include=true` adds what the kind includes (a workgroup's `Users`).
 */
export const ResourceRecordAnswer = z.looseObject({
  id: z.string(),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResourceRecordAnswer = z.infer<typeof ResourceRecordAnswer>;

/**
 * A whole record of one declared kind (`ResourceRecordOf<typeof courses>`): its schema's fields
 * with the record's header, what `GET /api/<path>` answers for each row when no `select` or
 * `keysOnly` shapes them.
 */
export type ResourceRecordOf<D extends { schema: z.ZodType }> = z.output<D['schema']> &
  ResourceRecordAnswer;

/**
 * A row as a list query shapes it: `select=id,displayName as name` answers those fields by the
 * names asked (null for one the record lacks), `keysOnly=a,b` the id and those keys.
 */
export const ResourceFieldsAnswer = z.record(z.string(), z.unknown());
export type ResourceFieldsAnswer = z.infer<typeof ResourceFieldsAnswer>;

/** A row of an option list: `select=id,name`, or another field renamed (`displayName as name`). */
export const ResourceOptionAnswer = z.object({ id: z.string(), name: z.string() });
export type ResourceOptionAnswer = z.infer<typeof ResourceOptionAnswer>;

/** A row of a generic list or one record: the whole record, or the fields a query selected. */
export const ResourceRowAnswer = z.union([ResourceRecordAnswer, ResourceFieldsAnswer]);
export type ResourceRowAnswer = z.infer<typeof ResourceRowAnswer>;

/** GET /api/<path>: a page of the kind's live records, filtered, sorted and paged as asked. */
export const ResourceListAnswer = listAnswerOf(ResourceRowAnswer);
export type ResourceListAnswer = z.infer<typeof ResourceListAnswer>;

/** An academic period (the `academicPeriods` kind) as its routes answer it. */
export const AcademicPeriodAnswer = ResourceRecordAnswer.extend({
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isSystemActive: z.boolean(),
  publishedForFaculty: z.boolean(),
  useAdvancedEffort: z.boolean().optional(),
  preferencesDueDate: z.string().nullable().optional(),
});
export type AcademicPeriodAnswer = z.infer<typeof AcademicPeriodAnswer>;

/**
 * GET /api/academicPeriods/active (the viewer's working period: their own, else the
 * institution's) and /systemActive (the institution's): null while there is none.
 */
export const ActiveAcademicPeriodAnswer = AcademicPeriodAnswer.nullable();
export type ActiveAcademicPeriodAnswer = z.infer<typeof ActiveAcademicPeriodAnswer>;

/** GET /api/academicPeriods/active/id. */
export const ActiveAcademicPeriodIdAnswer = z.object({ id: z.string().nullable() });
export type ActiveAcademicPeriodIdAnswer = z.infer<typeof ActiveAcademicPeriodIdAnswer>;

/** GET /api/academicPeriods/publishedForFaculty: the periods shown to faculty, a list query. */
export const AcademicPeriodListAnswer = listAnswerOf(
  z.union([AcademicPeriodAnswer, ResourceFieldsAnswer]),
);
export type AcademicPeriodListAnswer = z.infer<typeof AcademicPeriodListAnswer>;

/** GET /api/users/current/roles: the session user's roles as their record holds them. */
export const UserRolesAnswer = z.array(z.object({ slug: roleSlugSchema }));
export type UserRolesAnswer = z.infer<typeof UserRolesAnswer>;

/**
 * GET /api/users/facultyProfile/:userId: the user's faculty profile (`FacultyProfile` of the users
 * kind; the ids name records of the configuration lists and taxonomies), with their id.
 */
export const FacultyProfileAnswer = z.object({
  UserId: z.string(),
  InstructorTypeId: z.string().nullable().optional(),
  isActive: z.boolean().optional(),
  receiveAssignments: z.boolean().optional(),
  certifications: z.string().nullable().optional(),
  credentials: z.string().nullable().optional(),
  DivisionId: z.string().nullable().optional(),
  TrackId: z.string().nullable().optional(),
  RankId: z.string().nullable().optional(),
  CampusIds: z.array(z.string()).optional(),
  ProgramIds: z.array(z.string()).optional(),
  SpecialtyIds: z.array(z.string()).optional(),
  MajorIds: z.array(z.string()).optional(),
  CohortIds: z.array(z.string()).optional(),
});
export type FacultyProfileAnswer = z.infer<typeof FacultyProfileAnswer>;

/**
 * GET /api/userSettings/mine: the session user's settings record, or (`id` null, no revision)
 * the default until they first save a theme.
 */
export const MyUserSettingsAnswer = z.object({
  id: z.string().nullable(),
  UserId: z.string(),
  value: z.enum(THEMES),
  revision: z.number().int().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type MyUserSettingsAnswer = z.infer<typeof MyUserSettingsAnswer>;

/**
 * GET /api/taxonomies/enabled: whether each taxonomy's feature is on (an active record of it
 * exists); while off, its fields, columns and filters are hidden everywhere.
 */
export const TaxonomiesEnabledAnswer = z.record(z.enum(TAXONOMY_KINDS), z.boolean());
export type TaxonomiesEnabledAnswer = z.infer<typeof TaxonomiesEnabledAnswer>;

/**
 * A row of GET /api/administrativeAssignments/mine: the record, with the names of its type, term
 * and period (faculty read no configuration list; null when the named record is gone).
 */
export const MyAdministrativeAssignmentAnswer = ResourceRecordAnswer.extend({
  UserId: z.string(),
  AcademicPeriodId: z.string(),
  AdministrativeAssignmentTypeId: z.string(),
  AcademicTermId: z.string().nullable().optional(),
  points: z.number(),
  takesWholeTerm: z.boolean().optional(),
  notes: z.string().nullable().optional(),
  typeName: z.string().nullable(),
  termName: z.string().nullable(),
  periodName: z.string().nullable(),
});
export type MyAdministrativeAssignmentAnswer = z.infer<typeof MyAdministrativeAssignmentAnswer>;

/** GET /api/administrativeAssignments/mine: the viewer's own, a list query (`select` as usual). */
export const MyAdministrativeAssignmentsAnswer = listAnswerOf(
  z.union([MyAdministrativeAssignmentAnswer, ResourceFieldsAnswer]),
);
export type MyAdministrativeAssignmentsAnswer = z.infer<typeof MyAdministrativeAssignmentsAnswer>;
