import type {
  MarkNotificationsReadBody,
  NotificationPreferencesAnswer,
  NotificationPreferencesBody,
  NotificationsAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../lib/api/allotApi.js';

/** The signed-in person's notifications; `notificationsChanged` on the socket refreshes them. */
export const NOTIFICATIONS = { type: 'ResourceList', id: 'notifications' } as const;

const NOTIFICATION_PREFERENCES = { type: 'UserSettings', id: 'notifications' } as const;

export const notificationsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    myNotifications: build.query<NotificationsAnswer, { take: number }>({
      query: ({ take }) => ({ url: 'notifications/mine', params: { take } }),
      providesTags: [NOTIFICATIONS],
    }),
    markNotificationsRead: build.mutation<void, Partial<MarkNotificationsReadBody>>({
      query: (body) => ({ url: 'notifications/read', method: 'POST', body }),
      invalidatesTags: [NOTIFICATIONS],
    }),
    myNotificationPreferences: build.query<NotificationPreferencesAnswer, void>({
      query: () => 'notifications/preferences',
      providesTags: [NOTIFICATION_PREFERENCES],
    }),
    setNotificationPreferences: build.mutation<void, NotificationPreferencesBody>({
      query: (body) => ({ url: 'notifications/preferences', method: 'PUT', body }),
      invalidatesTags: [NOTIFICATION_PREFERENCES],
    }),
  }),
});

export const {
  useMyNotificationsQuery,
  useMarkNotificationsReadMutation,
  useMyNotificationPreferencesQuery,
  useSetNotificationPreferencesMutation,
} = notificationsApi;
