import {
  LOGO_UPLOAD_FIELD,
  type ChangeSettingBody,
  type FeatureFlagStateAnswer,
  type FeatureFlagsAnswer,
  type HistoryAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { refreshAfterWrite } from '../../../lib/api/cacheRefresh.js';
import type { CommandAnswer, HistoryEntry } from '../../../lib/api/resourceApi.js';

/** One flag as GET /api/settings/featureFlags answers it, from its read contract. */
export type FeatureFlagState = FeatureFlagStateAnswer;

/**
 * The System Settings page's calls: each flag's configured default and stored override, one
 * setting by machine name, the logo upload, its reset to the default and the settings' history.
 */
export const settingsAdminApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    getFeatureFlagStates: build.query<FeatureFlagState[], void>({
      query: () => 'settings/featureFlags',
      transformResponse: (answer: FeatureFlagsAnswer) => answer.flags,
      // Refreshed with the settings and the status flags: by a setting write and settingsChanged.
      providesTags: [{ type: 'Settings', id: 'LIST' }, 'Status'],
    }),
    changeSetting: build.mutation<CommandAnswer, ChangeSettingBody & { machineName: string }>({
      query: ({ machineName, value }) => ({
        url: `settings/${encodeURIComponent(machineName)}`,
        method: 'PUT',
        body: { value } satisfies ChangeSettingBody,
      }),
      // A stored flag overrides its default: abilities and the status flags change with it.
      invalidatesTags: () => [...refreshAfterWrite('Settings'), 'Status', 'Auth'],
    }),
    // Refreshed with the settings: by a setting write and by settingsChanged from others.
    getSettingsHistory: build.query<HistoryEntry[], void>({
      query: () => 'history/settings',
      transformResponse: (answer: HistoryAnswer) => answer.rows,
      providesTags: [{ type: 'Settings', id: 'LIST' }],
    }),
    uploadLogo: build.mutation<CommandAnswer, File>({
      query: (file) => {
        const form = new FormData();
        form.append(LOGO_UPLOAD_FIELD, file);
        return { url: 'settings/upload/logo', method: 'POST', body: form };
      },
      invalidatesTags: () => refreshAfterWrite('Settings'),
    }),
    /** Back to the default logo (DELETE /api/settings/logo). */
    resetLogo: build.mutation<CommandAnswer, void>({
      query: () => ({ url: 'settings/logo', method: 'DELETE' }),
      invalidatesTags: () => refreshAfterWrite('Settings'),
    }),
  }),
});

export const {
  useGetFeatureFlagStatesQuery,
  useChangeSettingMutation,
  useGetSettingsHistoryQuery,
  useUploadLogoMutation,
  useResetLogoMutation,
} = settingsAdminApi;
