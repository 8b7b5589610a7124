import { isKnownEventType as isKnownDomainEventType } from '@allot/shared-events';
import {
  apiKeysProjection,
  authFactsProjection,
  masqueradesProjection,
  resourceProjections,
  approvalsProjection,
  preferencesProjection,
  sectionsProjection,
  scheduleOverridesProjection,
  settingsProjection,
  workingPeriodsProjection,
  type Projection,
} from '@allot/projection-service';
import { seedEventSchemas } from '../seed/seedEvents.js';

/** Every read model the embedded start runs. */
export const allProjections: readonly Projection[] = [
  settingsProjection,
  authFactsProjection,
  workingPeriodsProjection,
  apiKeysProjection,
  masqueradesProjection,
  ...resourceProjections,
  sectionsProjection,
  preferencesProjection,
  approvalsProjection,
  scheduleOverridesProjection,
];

/** Domain events plus the seed records, which no projection reads but the runner must accept. */
export function isAllotEventType(type: string): boolean {
  return (
    isKnownDomainEventType(type) || Object.prototype.hasOwnProperty.call(seedEventSchemas, type)
  );
}
