import type { CalendarFeedAnswer, IssuedCalendarFeedAnswer } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import type { CommandAnswer } from '../../../lib/api/resourceApi.js';

/** The signed-in person's calendar feed: whether it is on, a new address, turning it off. */
export const calendarFeedApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    myCalendarFeed: build.query<CalendarFeedAnswer, void>({
      query: () => 'calendarFeed/mine',
      providesTags: ['CalendarFeed'],
    }),
    issueCalendarFeed: build.mutation<IssuedCalendarFeedAnswer, void>({
      query: () => ({ url: 'calendarFeed/mine', method: 'POST' }),
      invalidatesTags: ['CalendarFeed'],
    }),
    stopCalendarFeed: build.mutation<CommandAnswer, void>({
      query: () => ({ url: 'calendarFeed/mine', method: 'DELETE' }),
      invalidatesTags: ['CalendarFeed'],
    }),
  }),
});

export const { useMyCalendarFeedQuery, useIssueCalendarFeedMutation, useStopCalendarFeedMutation } =
  calendarFeedApi;
