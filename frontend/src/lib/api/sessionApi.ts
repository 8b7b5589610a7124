import type {
  AcademicPeriodAnswer,
  ActiveAcademicPeriodIdAnswer,
  AppInfoAnswer,
  AuthContextAnswer,
  ListAnswer,
  MasqueradeAnswer,
  MeAnswer,
  MyUserSettingsAnswer,
  ResourceOptionAnswer,
  SetWorkingPeriodBody,
  SettingAnswer,
  StartMasqueradeBody,
  StatusAnswer,
  userSettings,
} from '@allot/shared-events/browser';
import type { z } from 'zod';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { DEFAULT_PRIMARY_COLOR } from '../constants.js';
import { allotApi, TAG_TYPES } from './allotApi.js';
import {
  PERIOD_DEPENDENT_TAGS,
  providesList,
  providesOne,
  refreshAfterWrite,
} from './cacheRefresh.js';
import type { CommandAnswer } from './resourceApi.js';

/** GET /api/auth (spec §3), from its schema. With no session, authenticatedUserId is null. */
export type AuthContext = AuthContextAnswer;

/** GET /api/status, from its schema. */
export type StatusInfo = StatusAnswer;

/** GET /api/app-info: whether sign-in is set up, from its schema. */
export type AppInfo = AppInfoAnswer;

/** An academic period as the shell reads it (GET academicPeriods…, from their schema). */
export type AcademicPeriod = Pick<
  AcademicPeriodAnswer,
  'id' | 'name' | 'startDate' | 'endDate' | 'isSystemActive' | 'publishedForFaculty' | 'revision'
>;

export type { ListAnswer };

/** A settings row as the read side answers it (spec §3), from its schema. */
export type SettingRow = SettingAnswer;

/** The body of POST /api/userSettings and PUT /api/userSettings/:id: the kind's fields. */
export type UserSettingsBody = z.infer<typeof userSettings.schema>;
export type Theme = UserSettingsBody['value'];

/** GET userSettings/mine: `id` is null until the user first saves a theme (from its schema). */
export type MyUserSettings = MyUserSettingsAnswer;

/** GET auth/me: the authenticated user, also while masquerading (from its schema). */
export type Me = MeAnswer;

/** A row of a period picker: `select=id,name`. */
export type PeriodChoice = ResourceOptionAnswer;

/** A row of the masquerade picker: `select=id,displayName as name`. */
export type UserChoice = ResourceOptionAnswer;

export interface UserChoiceQuery {
  /** Faculty only (true), non-faculty only (false), or everyone (undefined). */
  isFaculty?: boolean;
  /** Part of the display name; empty lists everyone. */
  filter?: string;
  take?: number;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Spec §7: an empty or absent primary_color reads as the default colour. */
export function withDefaultPrimaryColor(rows: SettingRow[]): SettingRow[] {
  const colour = rows.find((row) => row.machineName === 'primary_color');
  if (colour && HEX_COLOUR.test(colour.Setting?.value ?? '')) return rows;
  const fixed: SettingRow = {
    id: colour?.id ?? 'primary_color',
    machineName: 'primary_color',
    Setting: { value: DEFAULT_PRIMARY_COLOR },
  };
  return colour ? rows.map((row) => (row === colour ? fixed : row)) : [...rows, fixed];
}

/** The value of one setting, or '' when absent or empty. */
export function settingValue(rows: SettingRow[] | undefined, machineName: string): string {
  return rows?.find((row) => row.machineName === machineName)?.Setting?.value ?? '';
}

function primaryColorOf(answer: unknown): string {
  const value =
    typeof answer === 'string'
      ? answer
      : answer && typeof answer === 'object' && 'Setting' in answer
        ? (answer as SettingRow).Setting?.value
        : answer && typeof answer === 'object' && 'value' in answer
          ? answer.value
          : undefined;
  return typeof value === 'string' && HEX_COLOUR.test(value) ? value : DEFAULT_PRIMARY_COLOR;
}

/** The session, status and period calls the shell needs (spec §7). */
export const sessionApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    getAuth: build.query<AuthContext, void>({ query: () => 'auth', providesTags: ['Auth'] }),
    getStatus: build.query<StatusInfo, void>({ query: () => 'status', providesTags: ['Status'] }),
    getAppInfo: build.query<AppInfo, void>({ query: () => 'app-info', providesTags: ['AppInfo'] }),
    getAcademicPeriods: build.query<ListAnswer<AcademicPeriod>, void>({
      query: () => ({
        url: 'academicPeriods',
        params: { sort: JSON.stringify([['startDate', 'DESC']]), take: 1000 },
      }),
      providesTags: providesList<AcademicPeriod>('AcademicPeriods'),
    }),
    /** Spec §5: pass `skipToken` when there is no id (loading a period is skipped then). */
    getAcademicPeriod: build.query<AcademicPeriod, string>({
      query: (id) => `academicPeriods/${encodeURIComponent(id)}`,
      providesTags: providesOne('AcademicPeriods'),
    }),
    getSystemActiveAcademicPeriod: build.query<AcademicPeriod | null, void>({
      query: () => 'academicPeriods/systemActive',
      // Which period is active changes with any period write: refreshed with the list.
      providesTags: [{ type: 'AcademicPeriods', id: 'LIST' }],
    }),

    /** The working period (the user's choice, else the system-active one). */
    getActiveAcademicPeriod: build.query<AcademicPeriod | null, void>({
      query: () => 'academicPeriods/active',
      providesTags: [{ type: 'AcademicPeriods', id: 'LIST' }, 'Auth'],
    }),
    getActiveAcademicPeriodId: build.query<string | null, void>({
      query: () => 'academicPeriods/active/id',
      transformResponse: (answer: ActiveAcademicPeriodIdAnswer) => answer.id,
      providesTags: [{ type: 'AcademicPeriods', id: 'LIST' }, 'Auth'],
    }),
    getPublishedForFacultyPeriods: build.query<ListAnswer<AcademicPeriod>, void>({
      query: () => ({
        url: 'academicPeriods/publishedForFaculty',
        params: { sort: JSON.stringify([['startDate', 'DESC']]), take: 1000 },
      }),
      providesTags: providesList<AcademicPeriod>('AcademicPeriods'),
    }),
    /** Periods selecting id and name, newest first (pickers). */
    getAcademicPeriodChoices: build.query<ListAnswer<PeriodChoice>, void>({
      query: () => ({
        url: 'academicPeriods',
        params: {
          select: 'id,name',
          sort: JSON.stringify([['startDate', 'DESC']]),
          take: 1000,
        },
      }),
      providesTags: providesList<PeriodChoice>('AcademicPeriods'),
    }),

    /** GET auth/me: the signed-in person, not the masqueraded one. */
    getMe: build.query<Me, void>({ query: () => 'auth/me', providesTags: ['Auth'] }),

    /** GET settings; an empty primary_color gets the default colour (spec §7). */
    getSettings: build.query<SettingRow[], void>({
      query: () => 'settings',
      transformResponse: (rows: SettingRow[]) => withDefaultPrimaryColor(rows),
      providesTags: providesList<SettingRow>('Settings'),
    }),
    /** GET settings/primaryColor as a colour string; an empty answer is the default colour. */
    getPrimaryColor: build.query<string, void>({
      query: () => 'settings/primaryColor',
      transformResponse: primaryColorOf,
      providesTags: [{ type: 'Settings', id: 'LIST' }],
    }),

    /** GET settingTypes filtered on machineName: the first item's Setting.value, or ''. */
    getSettingValue: build.query<string, string>({
      query: (machineName) => ({
        url: 'settingTypes',
        params: { filter: JSON.stringify({ machineName }) },
      }),
      transformResponse: (rows: SettingRow[]) => rows[0]?.Setting?.value ?? '',
      providesTags: [{ type: 'Settings', id: 'LIST' }],
    }),

    getMyUserSettings: build.query<MyUserSettings, void>({
      query: () => 'userSettings/mine',
      providesTags: providesOne('UserSettings'),
    }),
    createUserSettings: build.mutation<CommandAnswer, UserSettingsBody>({
      query: (body) => ({ url: 'userSettings', method: 'POST', body }),
      invalidatesTags: (answer) => refreshAfterWrite('UserSettings', { id: answer?.id }),
    }),
    updateUserSettings: build.mutation<CommandAnswer, UserSettingsBody & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `userSettings/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_answer, _error, { id }) => refreshAfterWrite('UserSettings', { id }),
    }),

    /** Spec §4/§7: starting and ending refresh the auth context and every cache. */
    startMasquerade: build.mutation<MasqueradeAnswer, StartMasqueradeBody>({
      query: ({ id }) => ({
        url: 'users/masquerade',
        method: 'POST',
        body: { id } satisfies StartMasqueradeBody,
      }),
      invalidatesTags: (_answer, error) => (error ? [] : [...TAG_TYPES]),
    }),
    endMasquerade: build.mutation<MasqueradeAnswer, void>({
      query: () => ({ url: 'users/masquerade', method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : [...TAG_TYPES]),
    }),

    /** DELETE auth/sessions: every sign-in of the person ends, this one included. */
    signOutEverywhere: build.mutation<unknown, void>({
      query: () => ({ url: 'auth/sessions', method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : [...TAG_TYPES]),
    }),

    /** PUT users/{id}/working: the period everything else is read in (spec §4, §7). */
    setWorkingAcademicPeriod: build.mutation<
      CommandAnswer,
      { userId: string; academicPeriodId: string }
    >({
      query: ({ userId, academicPeriodId }) => ({
        url: `users/${encodeURIComponent(userId)}/working`,
        method: 'PUT',
        body: {
          id: userId,
          WorkingAcademicPeriodId: academicPeriodId,
        } satisfies SetWorkingPeriodBody,
      }),
      invalidatesTags: (_answer, error) => (error ? [] : [...PERIOD_DEPENDENT_TAGS]),
    }),

    /** Users selecting `id,displayName as name`, optionally faculty only, by last name (spec §5, §7). */
    getUserChoices: build.query<ListAnswer<UserChoice>, UserChoiceQuery>({
      query: ({ isFaculty, filter, take = 50 }) => {
        const search = filter?.trim() ?? '';
        return {
          url: 'users',
          params: {
            take,
            select: 'id,displayName as name',
            filter: JSON.stringify({
              isActive: true,
              ...(isFaculty === undefined ? {} : { isFaculty }),
              ...(search ? { displayName: { op: 'contains', value: search } } : {}),
            }),
            sort: JSON.stringify([
              ['lastName', 'ASC'],
              ['firstName', 'ASC'],
            ]),
          },
        };
      },
      providesTags: providesList<UserChoice>('Users'),
    }),
  }),
});

export const {
  useGetAuthQuery,
  useGetStatusQuery,
  useGetAppInfoQuery,
  useGetAcademicPeriodsQuery,
  useGetSystemActiveAcademicPeriodQuery,
  useGetAcademicPeriodQuery,
  useGetActiveAcademicPeriodQuery,
  useGetActiveAcademicPeriodIdQuery,
  useGetPublishedForFacultyPeriodsQuery,
  useGetAcademicPeriodChoicesQuery,
  useGetMeQuery,
  useGetSettingValueQuery,
  useGetSettingsQuery,
  useGetPrimaryColorQuery,
  useGetMyUserSettingsQuery,
  useCreateUserSettingsMutation,
  useUpdateUserSettingsMutation,
  useStartMasqueradeMutation,
  useEndMasqueradeMutation,
  useSignOutEverywhereMutation,
  useSetWorkingAcademicPeriodMutation,
  useGetUserChoicesQuery,
} = sessionApi;

/** Spec §5: loading a single academic period is skipped when no id is given. */
export function useAcademicPeriod(id: string | null | undefined) {
  return useGetAcademicPeriodQuery(id ? id : skipToken);
}
