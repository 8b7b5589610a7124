import type { z } from 'zod';
import type { ResourceDefinition } from './defineResource.js';
import { academicTermTypes } from './kinds/academicTermTypes.js';
import { academicPeriods, SystemActiveAcademicPeriodChanged } from './kinds/academicPeriods.js';
import { academicTerms } from './kinds/academicTerms.js';
import { workgroups } from './kinds/workgroups.js';
import { userSettings } from './kinds/userSettings.js';
import { progressSteps } from './kinds/progressSteps.js';
import { users } from './kinds/users.js';
import { uniquenessEventSchemas } from './uniqueness.js';

export * from './defineResource.js';
export * from './listQuery.js';
export * from './uniqueness.js';
export * from './kinds/academicTermTypes.js';
export * from './kinds/academicPeriods.js';
export * from './kinds/academicTerms.js';
export * from './kinds/workgroups.js';
export * from './kinds/userSettings.js';
export * from './kinds/progressSteps.js';
export * from './kinds/users.js';

/** Every declared record kind; the services derive commands, projections and routes from these. */
export const allResources: readonly ResourceDefinition[] = [
  academicTermTypes,
  academicPeriods,
  academicTerms,
  workgroups,
  userSettings,
  progressSteps,
  users,
];

export function resourceNamed(name: string): ResourceDefinition | undefined {
  return allResources.find((r) => r.name === name);
}

/** Event schemas of every resource, for the event registry. */
export const resourceEventSchemas: Readonly<Record<string, z.ZodType>> = Object.assign(
  { SystemActiveAcademicPeriodChanged, ...uniquenessEventSchemas },
  ...allResources.map((r) => r.eventSchemas),
) as Record<string, z.ZodType>;
