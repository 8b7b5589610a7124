import type { z } from 'zod';
import type { ResourceDefinition } from './defineResource.js';
import { academicTermTypes } from './kinds/academicTermTypes.js';
import { academicPeriods, SystemActiveAcademicPeriodChanged } from './kinds/academicPeriods.js';
import { academicTerms } from './kinds/academicTerms.js';
import { workgroups } from './kinds/workgroups.js';
import { userSettings } from './kinds/userSettings.js';
import { progressSteps } from './kinds/progressSteps.js';
import { users } from './kinds/users.js';
import { courses } from './kinds/courses.js';
import { courseOfferings } from './kinds/courseOfferings.js';
import { administrativeAssignments } from './kinds/administrativeAssignments.js';
import { administrativeAssignmentTypes } from './kinds/administrativeAssignmentTypes.js';
import { assignmentTypes } from './kinds/assignmentTypes.js';
import { divisions } from './kinds/divisions.js';
import { instructorTypes } from './kinds/instructorTypes.js';
import { pointTypes } from './kinds/pointTypes.js';
import { ranks } from './kinds/ranks.js';
import { teachingModes } from './kinds/teachingModes.js';
import { tracks } from './kinds/tracks.js';
import { campuses } from './kinds/campuses.js';
import { cohorts } from './kinds/cohorts.js';
import { majors } from './kinds/majors.js';
import { programs } from './kinds/programs.js';
import { specialties } from './kinds/specialties.js';
import { locations } from './kinds/locations.js';
import { notes } from './kinds/notes.js';
import {
  costCenterDescriptions,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  effortRules,
  effortTypes,
} from './kinds/effort/index.js';
import { instructorCosts, instructorRates } from './kinds/costs/index.js';
import { emailTemplates } from './kinds/emailTemplates.js';
import { cloneBlueprints } from './kinds/cloneBlueprints.js';
import { uniquenessEventSchemas } from './uniqueness.js';
import { childRegistryEventSchemas } from './childRegistry.js';

export * from './defineResource.js';
export * from './listQuery.js';
export * from './uniqueness.js';
export * from './childRegistry.js';
export * from './references.js';
export * from './kinds/academicTermTypes.js';
export * from './kinds/academicPeriods.js';
export * from './kinds/academicTerms.js';
export * from './kinds/workgroups.js';
export * from './kinds/userSettings.js';
export * from './kinds/progressSteps.js';
export * from './kinds/users.js';
export * from './kinds/configurationList.js';
export * from './kinds/administrativeAssignmentTypes.js';
export * from './kinds/assignmentTypes.js';
export * from './kinds/divisions.js';
export * from './kinds/instructorTypes.js';
export * from './kinds/pointTypes.js';
export * from './kinds/ranks.js';
export * from './kinds/teachingModes.js';
export * from './kinds/tracks.js';
export * from './kinds/campuses.js';
export * from './kinds/cohorts.js';
export * from './kinds/majors.js';
export * from './kinds/programs.js';
export * from './kinds/specialties.js';
export * from './kinds/locations.js';
export * from './kinds/notes.js';
export * from './kinds/courses.js';
export * from './kinds/courseOfferings.js';
export * from './kinds/administrativeAssignments.js';
export * from './kinds/effort/index.js';
export * from './kinds/costs/index.js';
export * from './kinds/emailTemplates.js';
export * from './kinds/cloneBlueprints.js';

/** Every declared record kind; the services derive commands, projections and routes from these. */
export const allResources: readonly ResourceDefinition[] = [
  academicTermTypes,
  academicPeriods,
  academicTerms,
  workgroups,
  userSettings,
  progressSteps,
  users,
  courses,
  courseOfferings,
  administrativeAssignments,
  administrativeAssignmentTypes,
  assignmentTypes,
  divisions,
  instructorTypes,
  pointTypes,
  ranks,
  teachingModes,
  tracks,
  campuses,
  cohorts,
  majors,
  programs,
  specialties,
  locations,
  notes,
  effortPayPeriods,
  effortCategories,
  effortTypes,
  costCenterDescriptions,
  effortRules,
  effortPositions,
  instructorRates,
  instructorCosts,
  emailTemplates,
  cloneBlueprints,
];

export function resourceNamed(name: string): ResourceDefinition | undefined {
  return allResources.find((r) => r.name === name);
}

/** Event schemas of every resource, for the event registry. */
export const resourceEventSchemas: Readonly<Record<string, z.ZodType>> = Object.assign(
  { SystemActiveAcademicPeriodChanged, ...uniquenessEventSchemas, ...childRegistryEventSchemas },
  ...allResources.map((r) => r.eventSchemas),
) as Record<string, z.ZodType>;
