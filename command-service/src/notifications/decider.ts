import type { MarkNotificationsRead, NotificationsRead } from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';

export type NotificationCommand = Command<'MarkNotificationsRead', MarkNotificationsRead>;
export type NotificationEvent = DomainEvent<'NotificationsRead', NotificationsRead>;

/** The newest instant up to which everything is read; later marks by id need no state. */
export interface NotificationState {
  readUpTo: string | null;
}

const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : Date.parse(a) >= Date.parse(b) ? a : b;

/**
 * One person's notifications as they handle them: read by id, or all up to an instant. Marking
 * again what is read already (everything up to an earlier instant, no ids) writes nothing.
 */
export const notificationDecider: Decider<
  NotificationCommand,
  NotificationState,
  NotificationEvent
> = {
  initialState: { readUpTo: null },
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationsRead':
        return { readUpTo: later(state.readUpTo, event.data.upTo) };
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unknown notification event ${String(unexpected)}`);
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationsRead': {
        const { ids, upTo } = command.data;
        const newer = upTo !== null && later(state.readUpTo, upTo) !== state.readUpTo;
        if (ids.length === 0 && !newer) return [];
        return [{ type: 'NotificationsRead', data: command.data }];
      }
      default: {
        const unexpected: never = command.type;
        throw new Error(`Unknown notification command ${String(unexpected)}`);
      }
    }
  },
};
