import {
  MarkNotificationsRead,
  RecordNotificationDigest,
  SYSTEM_ACTOR_ID,
  SetNotificationPreferences,
  notificationStream,
} from '@allot/shared-events';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import { ForbiddenError } from '../errors/errors.js';
import { permitOwnOnly } from '../authorization/ownOnly.js';
import {
  notificationDecider,
  type NotificationCommand,
  type NotificationEvent,
  type NotificationState,
} from './decider.js';

/**
 * A person marks their own notifications read, and nobody else's. No subject of the permission
 * table covers them (docs/decisions.md 34): being the person is the right. Someone viewing as
 * another leaves that person's notifications unread for them to see.
 */
export const markNotificationsReadCommand = defineCommand<
  NotificationCommand,
  NotificationState,
  NotificationEvent
>({
  name: 'MarkNotificationsRead',
  schema: MarkNotificationsRead,
  decider: notificationDecider,
  streamId: (payload) => notificationStream(payload.userId),
  entityId: (payload) => payload.userId,
  permit: permitOwnOnly({
    notYours: 'You may mark only your own notifications read.',
    masquerading:
      'You are viewing Allot as someone else: their notifications stay unread for them.',
  }),
});

/** A person sets which notifications they want; someone viewing as them may not. */
export const setNotificationPreferencesCommand = defineCommand<
  NotificationCommand,
  NotificationState,
  NotificationEvent
>({
  name: 'SetNotificationPreferences',
  schema: SetNotificationPreferences,
  decider: notificationDecider,
  streamId: (payload) => notificationStream(payload.userId),
  entityId: (payload) => payload.userId,
  permit: permitOwnOnly({
    notYours: 'You may change only your own notification settings.',
    masquerading:
      'You are viewing Allot as someone else: only they may change their notification settings.',
  }),
});

/** Only the digest job records a digest (no request reaches it: it has no route). */
export const recordNotificationDigestCommand = defineCommand<
  NotificationCommand,
  NotificationState,
  NotificationEvent
>({
  name: 'RecordNotificationDigest',
  schema: RecordNotificationDigest,
  decider: notificationDecider,
  streamId: (payload) => notificationStream(payload.userId),
  entityId: (payload) => payload.userId,
  permit(_ability, _payload, meta) {
    if (meta.actorId !== SYSTEM_ACTOR_ID) {
      throw new ForbiddenError('Only Allot itself records its digests.');
    }
  },
});

export const notificationCommands: readonly RunnableCommand[] = [
  markNotificationsReadCommand,
  setNotificationPreferencesCommand,
  recordNotificationDigestCommand,
];
