import type { TagDescription } from '@reduxjs/toolkit/query';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';
import type { CommandAnswer } from '../../../lib/api/resourceApi.js';
import type {
  MoveMeetingBody,
  ScheduleAnswer,
  ScheduleFlag,
  ScheduleLocationsAnswer,
  ScheduleOccurrence,
  SharedTeachingAnswer,
  SharedTeachingRow,
} from '@allot/shared-events/browser';
import type { Weekday } from '../../../lib/domain/sectionTypes.js';

/** The read API's answers (GET /api/schedule, /api/sharedTeaching/mine), from their schemas. */
export type OccurrenceFlag = ScheduleFlag;
export type Occurrence = ScheduleOccurrence;
export type { ScheduleAnswer, SharedTeachingRow };

export interface ScheduleArgs {
  AcademicPeriodId: string;
  by: 'location' | 'instructor';
  LocationId?: string;
  UserId?: string;
  /** Both or neither (the period's default week). */
  from?: string;
  to?: string;
}

export interface MoveArgs {
  sectionId: string;
  meetingId: string;
  days: Weekday[];
  startTime: string;
  endTime: string;
  override?: boolean;
}

/**
 * The schedule shows assignments (instructors, their double bookings), so it carries the
 * TeachingAssignments tag: the realtime assignment events and every assignment write refresh it.
 */
const SCHEDULE_TAGS: TagDescription<TagType>[] = [
  { type: 'TeachingAssignments', id: 'LIST' },
  { type: 'TeachingAssignments', id: 'SCHEDULE' },
  { type: 'ResourceList', id: 'sections' },
];

const defined = (args: object) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;

export const scheduleApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    schedule: build.query<ScheduleAnswer, ScheduleArgs>({
      query: (args) => ({ url: 'schedule', params: defined(args) }),
      providesTags: SCHEDULE_TAGS,
    }),
    scheduleLocations: build.query<ScheduleLocationsAnswer['rows'], string>({
      query: (AcademicPeriodId) => ({ url: 'schedule/locations', params: { AcademicPeriodId } }),
      transformResponse: (answer: ScheduleLocationsAnswer) => answer.rows,
      providesTags: [{ type: 'ResourceList', id: 'sections' }],
    }),
    mySchedule: build.query<ScheduleAnswer, { from?: string; to?: string }>({
      query: (args) => ({ url: 'schedule/mine', params: defined(args) }),
      providesTags: SCHEDULE_TAGS,
    }),
    mySharedTeaching: build.query<SharedTeachingAnswer, void>({
      query: () => 'sharedTeaching/mine',
      providesTags: [{ type: 'TeachingAssignments', id: 'LIST' }],
    }),
    moveMeeting: build.mutation<CommandAnswer, MoveArgs>({
      query: ({ sectionId, meetingId, override, ...body }) => ({
        url: `sections/${encodeURIComponent(sectionId)}/meetings/${encodeURIComponent(meetingId)}/move`,
        method: 'POST',
        body: { ...body, ...(override ? { override: true } : {}) } satisfies MoveMeetingBody,
      }),
      // The schedule, the section lists and details, and the offerings (spec §7: a section write).
      invalidatesTags: [...SCHEDULE_TAGS, { type: 'ResourceList', id: 'courseOfferings' }],
    }),
  }),
});

export const {
  useScheduleQuery,
  useScheduleLocationsQuery,
  useMyScheduleQuery,
  useMySharedTeachingQuery,
  useMoveMeetingMutation,
} = scheduleApi;
