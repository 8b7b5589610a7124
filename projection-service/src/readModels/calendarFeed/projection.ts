import { CalendarFeedIssued, CalendarFeedStopped } from '@allot/shared-events';
import type { Projection } from '../../runner/projection.js';

export const CALENDAR_FEEDS_TABLE = 'calendar_feeds';

/**
 * Who has a working calendar feed, found by its secret's hash (docs/calendar-feed.md). A new
 * secret replaces the person's row, so the old address finds nobody; stopping removes it.
 */
export const calendarFeedsProjection: Projection = {
  name: 'calendar_feeds',
  version: 1,
  eventTypes: ['CalendarFeedIssued', 'CalendarFeedStopped'],
  tables: [CALENDAR_FEEDS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         user_id text PRIMARY KEY,
         token_sha256 text NOT NULL UNIQUE,
         issued_at timestamptz NOT NULL
       )`,
      [ctx.table(CALENDAR_FEEDS_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const table = ctx.table(CALENDAR_FEEDS_TABLE);
    for (const event of events) {
      if (event.type === 'CalendarFeedIssued') {
        const data = CalendarFeedIssued.parse(event.data);
        const issuedAt = event.metadata.occurredAt ?? event.createdAt.toISOString();
        await trx(table)
          .insert({ user_id: data.userId, token_sha256: data.tokenSha256, issued_at: issuedAt })
          .onConflict('user_id')
          .merge();
      } else if (event.type === 'CalendarFeedStopped') {
        const data = CalendarFeedStopped.parse(event.data);
        await trx(table).where({ user_id: data.userId }).delete();
      }
    }
    return [];
  },
};
