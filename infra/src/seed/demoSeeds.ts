import { demoAdministrativeAssignmentsStep } from './demoAdministrativeAssignments.js';
import { demoConfigurationStep, demoFacultyProfilesStep } from './demoConfiguration.js';
import { demoEffortStep } from './demoEffort.js';
import { demoCostsStep } from './demoCosts.js';
import { demoPeriodsStep } from './demoPeriods.js';
import { demoProgressApprovalsStep } from './demoProgressApprovals.js';
import { demoReportsStep } from './demoReports.js';
import { demoSettingsStep, demoTimeZoneStep } from './demoSettings.js';
import {
  demoAssignmentsStep,
  demoCoursesStep,
  demoDepartmentsStep,
  demoFacultyStep,
  demoOfferingsStep,
  demoRoomsStep,
  demoSectionsStep,
} from './demoTeaching.js';
import { demoTeachingPreferencesSteps } from './demoTeachingPreferences.js';
import { demoUsersStep } from './demoUsers.js';
import { demoWorkgroupsStep } from './demoWorkgroups.js';
import type { SeedStep } from './seedStep.js';

/** The demo institution, in order; later issues append their steps (never rename one). */
export const demoSeedSteps: readonly SeedStep[] = [
  demoSettingsStep,
  demoUsersStep,
  demoPeriodsStep(),
  demoWorkgroupsStep,
  demoConfigurationStep,
  demoFacultyProfilesStep,
  // The institution at scale (demoTeaching.ts, planned in demoPlan.ts).
  demoRoomsStep,
  demoFacultyStep,
  demoDepartmentsStep,
  demoCoursesStep,
  demoOfferingsStep,
  demoSectionsStep,
  // Teaching preferences go here, between the sections and the assignments.
  ...demoTeachingPreferencesSteps,
  demoAssignmentsStep,
  // Chairs, directors, committees, advising, a sabbatical and a leave (reserved in the plan).
  demoAdministrativeAssignmentsStep,
  // The planning progress: steps 1–5 approved, department review under way.
  demoProgressApprovalsStep,
  // A system report per report type (Reports).
  demoReportsStep,
  // Effort management: pay periods, rules, positions and monthly payroll imports.
  demoEffortStep(),
  // The Instructor Cost Matrix: rates, a stipend set by hand, placeholders on open sections.
  demoCostsStep,
  // The institution's time zone (calendar feeds).
  demoTimeZoneStep,
];
