import { z } from 'zod';

/**
 * Notifications (docs/notifications.md): word in the app that something a person should know of
 * happened — for now, that a saved import of theirs failed. A notification is not an event of its
 * own: the notifications read model derives it from the events that cause it, so it can be
 * rebuilt by replay like every read model. What a person does with them (marking them read) is an
 * event in their own stream.
 */
export const notificationStream = (userId: string): string => `notifications-${userId}`;

/** What a notification is about; each kind names what its reader must be allowed to read. */
export const NOTIFICATION_KINDS = {
  importRunFailed: { subject: 'DataServices' },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NotificationKindName = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

/** The most ids one request may mark read (the bell lists fewer). */
export const MAX_NOTIFICATIONS_MARKED = 200;

/**
 * POST /api/notifications/read: the listed notifications, or every one up to an instant (the
 * newest the reader saw: one arriving as they click stays unread), read by the signed-in person.
 */
export const MarkNotificationsReadBody = z
  .strictObject({
    ids: z.array(z.string().trim().min(1).max(300)).max(MAX_NOTIFICATIONS_MARKED).default([]),
    upTo: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((body) => body.ids.length > 0 || body.upTo !== null, {
    message: 'Say which notifications were read.',
    path: ['ids'],
  });
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

export const MarkNotificationsRead = z.strictObject({
  userId: z.string().trim().min(1).max(200),
  ids: z.array(z.string().max(300)).max(MAX_NOTIFICATIONS_MARKED),
  upTo: z.string().max(40).nullable(),
});
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;
export const NotificationsRead = MarkNotificationsRead;
export type NotificationsRead = z.infer<typeof NotificationsRead>;

export const notificationEventSchemas = { NotificationsRead } as const;

/** GET /api/notifications/mine: the newest first, in pages before an instant. */
export const NotificationsQuery = z.strictObject({
  take: z.coerce.number().int().min(1).max(50).default(20),
  before: z.iso.datetime({ offset: true }).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationAnswer = z.object({
  id: z.string(),
  kind: NotificationKindName,
  at: z.string(),
  read: z.boolean(),
  /** Worded on the server: "Scheduled import “Fall sections” failed". */
  title: z.string(),
  text: z.string(),
  /** Where in Allot to look (a path of the app), or null. */
  link: z.string().nullable(),
});
export type NotificationAnswer = z.infer<typeof NotificationAnswer>;

export const NotificationsAnswer = z.object({
  unread: z.number().int(),
  items: z.array(NotificationAnswer),
  /** More, older ones exist. */
  more: z.boolean(),
});
export type NotificationsAnswer = z.infer<typeof NotificationsAnswer>;

/** The realtime event telling a person their notifications changed (to their own room). */
export const NOTIFICATIONS_CHANGED = 'notificationsChanged';
