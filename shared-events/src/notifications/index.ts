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
  // A faculty member's own teaching (My Workload and My Schedule show it).
  assignmentProposed: { subject: 'MySectionAssignment' },
  assignmentApproved: { subject: 'MySectionAssignment' },
  assignmentChanged: { subject: 'MySectionAssignment' },
  assignmentWithdrawn: { subject: 'MySectionAssignment' },
  assignmentRemoved: { subject: 'MySectionAssignment' },
  meetingsChanged: { subject: 'MySchedule' },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NotificationKindName = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

/**
 * The kinds about a person's own teaching, which they choose to hear of in Allot, by e-mail, both
 * or neither (their notification settings), in the words the settings show.
 */
export const TEACHING_NOTIFICATION_KINDS = [
  { kind: 'assignmentProposed', label: 'I am proposed to teach a section' },
  { kind: 'assignmentApproved', label: 'An assignment of mine is approved' },
  { kind: 'assignmentChanged', label: 'An assignment of mine changes (share, notes, reopened)' },
  { kind: 'assignmentWithdrawn', label: 'An assignment of mine is withdrawn' },
  { kind: 'assignmentRemoved', label: 'An assignment of mine is removed' },
  { kind: 'meetingsChanged', label: 'A section I teach meets at new times or places' },
] as const satisfies readonly { kind: NotificationKind; label: string }[];
export type TeachingNotificationKind = (typeof TEACHING_NOTIFICATION_KINDS)[number]['kind'];
export const TeachingNotificationKindName = z.enum(
  TEACHING_NOTIFICATION_KINDS.map((k) => k.kind) as [
    TeachingNotificationKind,
    ...TeachingNotificationKind[],
  ],
);

/**
 * A person's notification settings: the teaching kinds they turned off in Allot and by e-mail
 * (everything is on until they say otherwise). `PUT /api/notifications/preferences`.
 */
export const NotificationPreferencesBody = z.strictObject({
  appOff: z.array(TeachingNotificationKindName).max(TEACHING_NOTIFICATION_KINDS.length),
  emailOff: z.array(TeachingNotificationKindName).max(TEACHING_NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBody>;

export const SetNotificationPreferences = NotificationPreferencesBody.extend({
  userId: z.string().trim().min(1).max(200),
});
export type SetNotificationPreferences = z.infer<typeof SetNotificationPreferences>;
export const NotificationPreferencesSet = SetNotificationPreferences;
export type NotificationPreferencesSet = z.infer<typeof NotificationPreferencesSet>;

/** GET /api/notifications/preferences: the settings, and whether their e-mail can reach them. */
export const NotificationPreferencesAnswer = NotificationPreferencesBody.extend({
  /** Their faculty profile's "receive emails" is on and they have an address. */
  receivesEmail: z.boolean(),
});
export type NotificationPreferencesAnswer = z.infer<typeof NotificationPreferencesAnswer>;

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

/** The job that e-mails each person a digest of their notifications, and its hourly schedule. */
export const NOTIFICATION_DIGEST_JOB = 'notificationDigest';
export const NOTIFICATION_DIGEST_SCHEDULE = { pattern: '0 * * * *', timeZone: 'UTC' } as const;
/** A person gets one digest an hour at most (a little less, so the hourly run never skips one). */
export const NOTIFICATION_DIGEST_MIN_GAP_MINUTES = 55;
/** A digest tells of what happened in the last day at most: older news is not worth a message. */
export const NOTIFICATION_DIGEST_HORIZON_HOURS = 24;
/** The most notifications one digest lists (the rest wait for the next). */
export const NOTIFICATION_DIGEST_MAX_ITEMS = 50;

/** A digest sent to a person: which notifications it told of, where and how it went. */
export const RecordNotificationDigest = z.strictObject({
  userId: z.string().trim().min(1).max(200),
  ids: z.array(z.string().max(300)).min(1).max(NOTIFICATION_DIGEST_MAX_ITEMS),
  sentAt: z.iso.datetime({ offset: true }),
  to: z.array(z.string().max(320)).min(1).max(20),
  subject: z.string().max(300),
  text: z.string().max(50_000),
  messageId: z.string().max(500).nullable(),
  response: z.string().max(2000),
});
export type RecordNotificationDigest = z.infer<typeof RecordNotificationDigest>;
export const NotificationDigestSent = RecordNotificationDigest;
export type NotificationDigestSent = z.infer<typeof NotificationDigestSent>;

export const notificationEventSchemas = {
  NotificationsRead,
  NotificationPreferencesSet,
  NotificationDigestSent,
} as const;
