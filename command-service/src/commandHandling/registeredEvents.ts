import { eventSchemas } from '@allot/shared-events';
import type { DomainEvent } from './decider.js';

export class UnregisteredEventError extends Error {
  override readonly name = 'UnregisteredEventError';
}

/**
 * Guards the log against decider bugs: events are never edited, and projections stop at a type
 * they do not know, so an unregistered type or malformed data must never be appended.
 */
export function assertRegisteredEvents<E extends DomainEvent>(events: readonly E[]): readonly E[] {
  for (const event of events) {
    const schema = Object.prototype.hasOwnProperty.call(eventSchemas, event.type)
      ? eventSchemas[event.type]
      : undefined;
    if (!schema) throw new UnregisteredEventError(`Event type ${event.type} is not registered`);
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) {
      throw new UnregisteredEventError(
        `${event.type} data does not match its schema: ${parsed.error.message}`,
      );
    }
  }
  return events;
}
