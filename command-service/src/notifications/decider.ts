import {
  NOTIFICATION_DIGEST_MIN_GAP_MINUTES,
  type NotificationDigestSent,
  type RecordNotificationDigest,
  type TeachingNotificationKind,
  type MarkNotificationsRead,
  type NotificationPreferencesSet,
  type NotificationsRead,
  type SetNotificationPreferences,
} from '@allot/shared-events';
import { DomainRuleError } from '../errors/errors.js';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';

export type NotificationCommand =
  | Command<'MarkNotificationsRead', MarkNotificationsRead>
  | Command<'SetNotificationPreferences', SetNotificationPreferences>
  | Command<'RecordNotificationDigest', RecordNotificationDigest>;
export type NotificationEvent =
  | DomainEvent<'NotificationsRead', NotificationsRead>
  | DomainEvent<'NotificationPreferencesSet', NotificationPreferencesSet>
  | DomainEvent<'NotificationDigestSent', NotificationDigestSent>;

/** The newest instant up to which everything is read, and the settings as last set. */
export interface NotificationState {
  readUpTo: string | null;
  /** Sorted kinds turned off, in Allot and by e-mail; both empty until first set. */
  appOff: readonly TeachingNotificationKind[];
  emailOff: readonly TeachingNotificationKind[];
  /** When the last e-mail digest went. */
  lastDigestAt: string | null;
}

const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : Date.parse(a) >= Date.parse(b) ? a : b;

const sorted = (kinds: readonly TeachingNotificationKind[]) => [...new Set(kinds)].sort();
const same = (a: readonly TeachingNotificationKind[], b: readonly TeachingNotificationKind[]) =>
  a.length === b.length && a.every((kind, i) => kind === b[i]);

/**
 * One person's notifications as they handle them: read by id, or all up to an instant; which
 * kinds they want, in Allot and by e-mail; and the e-mail digests sent them, one an hour at most. Marking again what is read already (everything up to
 * an earlier instant, no ids), or setting the settings they have, writes nothing.
 */
export const notificationDecider: Decider<
  NotificationCommand,
  NotificationState,
  NotificationEvent
> = {
  initialState: { readUpTo: null, appOff: [], emailOff: [], lastDigestAt: null },
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationsRead':
        return { ...state, readUpTo: later(state.readUpTo, event.data.upTo) };
      case 'NotificationPreferencesSet':
        return {
          ...state,
          appOff: sorted(event.data.appOff),
          emailOff: sorted(event.data.emailOff),
        };
      case 'NotificationDigestSent':
        return { ...state, lastDigestAt: later(state.lastDigestAt, event.data.sentAt) };
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown notification event ${JSON.stringify(unexpected)}`);
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
      case 'SetNotificationPreferences': {
        const appOff = sorted(command.data.appOff);
        const emailOff = sorted(command.data.emailOff);
        if (same(appOff, state.appOff) && same(emailOff, state.emailOff)) return [];
        return [
          {
            type: 'NotificationPreferencesSet',
            data: { userId: command.data.userId, appOff, emailOff },
          },
        ];
      }
      case 'RecordNotificationDigest': {
        const gap = NOTIFICATION_DIGEST_MIN_GAP_MINUTES * 60_000;
        if (
          state.lastDigestAt !== null &&
          Date.parse(command.data.sentAt) - Date.parse(state.lastDigestAt) < gap
        ) {
          throw new DomainRuleError('A digest went to this person less than an hour ago.');
        }
        return [{ type: 'NotificationDigestSent', data: command.data }];
      }
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown notification command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
