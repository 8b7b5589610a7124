import { demoConfigurationStep, demoFacultyProfilesStep } from './demoConfiguration.js';
import { demoPeriodsStep } from './demoPeriods.js';
import { demoSettingsStep } from './demoSettings.js';
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
];
