import { z } from 'zod';
import { AssignmentStatusAnswer } from './common.js';

/** An instructor's workload in a period (GET /api/instructorWorkloads). */
export const InstructorWorkloadRow = z.object({
  UserId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  AcademicPeriodId: z.string(),
  required: z.number(),
  teaching: z.number(),
  administrative: z.number(),
  assigned: z.number(),
  remaining: z.number(),
  sections: z.number().int(),
  overloaded: z.boolean(),
  underloaded: z.boolean(),
});
export type InstructorWorkloadRow = z.infer<typeof InstructorWorkloadRow>;

/** The working period's list, or an empty one (null period) when no period is active. */
export const InstructorWorkloadsAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  count: z.number().int(),
  rows: z.array(InstructorWorkloadRow),
});
export type InstructorWorkloadsAnswer = z.infer<typeof InstructorWorkloadsAnswer>;

/** One teaching assignment counted in a workload. */
export const WorkloadSection = z.object({
  id: z.string(),
  SectionId: z.string(),
  WorkgroupId: z.string(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  sectionNumber: z.string(),
  sectionName: z.string(),
  status: AssignmentStatusAnswer,
  share: z.number(),
  points: z.number(),
  notes: z.string().nullable(),
});
export type WorkloadSection = z.infer<typeof WorkloadSection>;

/**
 * One administrative assignment counted in a workload: the record's fields, with the names of
 * its type and term (null: none recorded, or the whole period).
 */
export const WorkloadAdministrativeAssignment = z.looseObject({
  id: z.string(),
  AdministrativeAssignmentTypeId: z.string(),
  UserId: z.string(),
  AcademicPeriodId: z.string(),
  AcademicTermId: z.string().nullable().optional(),
  typeName: z.string().nullable(),
  termName: z.string().nullable(),
  points: z.number(),
  takesWholeTerm: z.boolean().optional(),
  notes: z.string().nullable().optional(),
});
export type WorkloadAdministrativeAssignment = z.infer<typeof WorkloadAdministrativeAssignment>;

/** GET /api/instructorWorkloads/:UserId and /api/instructorWorkloads/mine. */
export const InstructorWorkloadDetail = InstructorWorkloadRow.extend({
  sectionAssignments: z.array(WorkloadSection),
  administrativeAssignments: z.array(WorkloadAdministrativeAssignment),
});
export type InstructorWorkloadDetail = z.infer<typeof InstructorWorkloadDetail>;
