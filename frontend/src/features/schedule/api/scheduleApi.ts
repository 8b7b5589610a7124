import type { TagDescription } from '@reduxjs/toolkit/query';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';
import type { CommandAnswer } from '../../../lib/api/resourceApi.js';
import type { Meeting, Weekday } from '../../../lib/domain/sectionTypes.js';

/** One flag of an occurrence (projection-service/src/schedule/scheduleModel.ts). */
export interface OccurrenceFlag {
  kind: 'instructorDoubleBooked' | 'locationDoubleBooked' | 'overCapacity' | 'backToBack';
  message: string;
  otherSectionId: string | null;
  /** "MATH 101 002", or null when the viewer may not read the other section. */
  otherSection: string | null;
  UserId: string | null;
  LocationId: string | null;
  overridden: { at: string; by: string | null; byName: string | null } | null;
}

export interface Occurrence {
  key: string;
  date: string;
  startTime: string;
  endTime: string;
  SectionId: string;
  sectionRevision: number;
  WorkgroupId: string;
  sectionNumber: string;
  sectionName: string;
  courseNumber: string | null;
  courseName: string | null;
  meetingId: string;
  meeting: Meeting;
  LocationId: string | null;
  locationCode: string | null;
  instructors: { UserId: string; name: string }[];
  conflicts: OccurrenceFlag[];
  overridden: OccurrenceFlag[];
  warnings: OccurrenceFlag[];
}

export interface ScheduleAnswer {
  AcademicPeriodId: string;
  from: string;
  to: string;
  by: 'location' | 'instructor';
  LocationId?: string;
  UserId?: string;
  occurrences: Occurrence[];
}

export interface ScheduleArgs {
  AcademicPeriodId: string;
  by: 'location' | 'instructor';
  LocationId?: string;
  UserId?: string;
  /** Both or neither (the period's default week). */
  from?: string;
  to?: string;
}

export interface SharedTeachingRow {
  SectionId: string;
  AssignmentId: string;
  courseNumber: string | null;
  courseName: string | null;
  sectionNumber: string;
  sectionName: string;
  status: string;
  sharePercent: number;
  points: number;
  coInstructors: {
    UserId: string;
    name: string;
    status: string;
    sharePercent: number;
    points: number;
  }[];
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
    scheduleLocations: build.query<{ id: string; code: string; capacity: number | null }[], string>(
      {
        query: (AcademicPeriodId) => ({ url: 'schedule/locations', params: { AcademicPeriodId } }),
        transformResponse: (answer: {
          rows: { id: string; code: string; capacity: number | null }[];
        }) => answer.rows,
        providesTags: [{ type: 'ResourceList', id: 'sections' }],
      },
    ),
    mySchedule: build.query<ScheduleAnswer, { from?: string; to?: string }>({
      query: (args) => ({ url: 'schedule/mine', params: defined(args) }),
      providesTags: SCHEDULE_TAGS,
    }),
    mySharedTeaching: build.query<{ count: number; rows: SharedTeachingRow[] }, void>({
      query: () => 'sharedTeaching/mine',
      providesTags: [{ type: 'TeachingAssignments', id: 'LIST' }],
    }),
    moveMeeting: build.mutation<CommandAnswer, MoveArgs>({
      query: ({ sectionId, meetingId, override, ...body }) => ({
        url: `sections/${encodeURIComponent(sectionId)}/meetings/${encodeURIComponent(meetingId)}/move`,
        method: 'POST',
        body: { ...body, ...(override ? { override: true } : {}) },
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
