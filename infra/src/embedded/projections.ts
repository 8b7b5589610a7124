import { isKnownEventType as isKnownDomainEventType } from '@allot/shared-events';
import { seedEventSchemas } from '../seed/seedEvents.js';

/** The read side owns its list of projections; the embedded start, the CLI and benches run it. */
export { allProjections } from '@allot/projection-service';

/** Domain events plus the seed records, which no projection reads but the runner must accept. */
export function isAllotEventType(type: string): boolean {
  return (
    isKnownDomainEventType(type) || Object.prototype.hasOwnProperty.call(seedEventSchemas, type)
  );
}
