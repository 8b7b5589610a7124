import { allotApi } from '../api/allotApi.js';
import { refreshAfterWrite } from '../api/cacheRefresh.js';
import type { CommandAnswer } from '../resources/resourceApi.js';

/** The System Settings page's writes: one setting by machine name, and the logo upload. */
export const settingsAdminApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    changeSetting: build.mutation<CommandAnswer, { machineName: string; value: string }>({
      query: ({ machineName, value }) => ({
        url: `settings/${encodeURIComponent(machineName)}`,
        method: 'PUT',
        body: { value },
      }),
      // A stored flag overrides its default: abilities and the status flags change with it.
      invalidatesTags: () => [...refreshAfterWrite('Settings'), 'Status', 'Auth'],
    }),
    uploadLogo: build.mutation<CommandAnswer, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: 'settings/upload/logo', method: 'POST', body: form };
      },
      invalidatesTags: () => refreshAfterWrite('Settings'),
    }),
  }),
});

export const { useChangeSettingMutation, useUploadLogoMutation } = settingsAdminApi;
