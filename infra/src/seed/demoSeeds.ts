import { demoSettingsStep } from './demoSettings.js';
import type { SeedStep } from './seedStep.js';

/** The demo institution, in order; later issues append their steps (never rename one). */
export const demoSeedSteps: readonly SeedStep[] = [demoSettingsStep];
