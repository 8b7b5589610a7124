import {
  IssueCalendarFeed,
  StopCalendarFeed,
  calendarFeedStream,
  type AppAbility,
} from '@allot/shared-events';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import type { CommandMeta } from '../commandHandling/decider.js';
import { ForbiddenError } from '../errors/errors.js';
import { permitOwnOnly } from '../authorization/ownOnly.js';
import {
  calendarFeedDecider,
  type CalendarFeedCommand,
  type CalendarFeedEvent,
  type CalendarFeedState,
} from './decider.js';

/**
 * A person makes, resets or stops their own feed and nobody else's, and only while they have a
 * schedule of their own. Someone viewing Allot as another person may not: the address would be
 * shown to them, and a reset would cut off the person's calendar without their knowing.
 */
const ownFeed = permitOwnOnly({
  notYours: 'You may change only your own calendar address.',
  masquerading:
    'You are viewing Allot as someone else: only they may make or change their calendar address.',
});

function permitOwnFeed(ability: AppAbility, payload: { userId: string }, meta: CommandMeta): void {
  ownFeed(ability, payload, meta);
  if (!ability.can('read', 'MySchedule')) {
    throw new ForbiddenError('You have no schedule of your own to put in a calendar.');
  }
}

const feedCommand = {
  decider: calendarFeedDecider,
  streamId: (payload: { userId: string }) => calendarFeedStream(payload.userId),
  entityId: (payload: { userId: string }) => payload.userId,
  permit: permitOwnFeed,
};

export const issueCalendarFeedCommand = defineCommand<
  CalendarFeedCommand,
  CalendarFeedState,
  CalendarFeedEvent
>({ name: 'IssueCalendarFeed', schema: IssueCalendarFeed, ...feedCommand });

export const stopCalendarFeedCommand = defineCommand<
  CalendarFeedCommand,
  CalendarFeedState,
  CalendarFeedEvent
>({ name: 'StopCalendarFeed', schema: StopCalendarFeed, ...feedCommand });

export const calendarFeedCommands: readonly RunnableCommand[] = [
  issueCalendarFeedCommand,
  stopCalendarFeedCommand,
];
