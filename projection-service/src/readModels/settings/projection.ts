import { LogoUploaded, SettingChanged, positionToToken } from '@allot/shared-events';
import type { Projection, RealtimeNotification } from '../../runner/projection.js';

export const SETTINGS_TABLE = 'settings';
/** The uploaded logo's row: machine names start with a letter, so no setting can reach it. */
export const LOGO_IMAGE_ROW = '_logo_image';

/** Institution settings (name, logo, primary colour, …), one row per machine name. */
export const settingsProjection: Projection = {
  name: 'settings',
  version: 1,
  eventTypes: ['SettingChanged', 'LogoUploaded'],
  tables: [SETTINGS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         machine_name text PRIMARY KEY,
         value text NOT NULL,
         updated_at timestamptz NOT NULL,
         position text NOT NULL
       )`,
      [ctx.table(SETTINGS_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const table = ctx.table(SETTINGS_TABLE);
    const changed = new Map<string, RealtimeNotification>();
    for (const event of events) {
      let machineName: string;
      let value: string;
      // A malformed event stops the projection rather than being skipped silently.
      if (event.type === 'SettingChanged')
        ({ machineName, value } = SettingChanged.parse(event.data));
      else if (event.type === 'LogoUploaded') {
        machineName = LOGO_IMAGE_ROW;
        value = JSON.stringify(LogoUploaded.parse(event.data));
      } else continue;
      const updatedAt = event.metadata.occurredAt ?? event.createdAt.toISOString();
      // Tokens compare as numeric pairs, so a re-delivered older event never overwrites a newer one.
      await trx.raw(
        `INSERT INTO ?? AS s (machine_name, value, updated_at, position) VALUES (?, ?, ?, ?)
         ON CONFLICT (machine_name) DO UPDATE
           SET value = excluded.value, updated_at = excluded.updated_at, position = excluded.position
           WHERE string_to_array(s.position, ':')::numeric[] < string_to_array(excluded.position, ':')::numeric[]`,
        [table, machineName, value, updatedAt, positionToToken(event.position)],
      );
      // The image itself is announced through its `logo` setting, emitted beside it.
      if (machineName === LOGO_IMAGE_ROW) continue;
      changed.set(machineName, {
        event: 'settingsChanged',
        rooms: ['all'],
        // The position lets a browser that uploaded the logo itself tell this echo from news.
        payload: { machineName, position: positionToToken(event.position) },
        actorId: event.metadata.actorId ?? null,
      });
    }
    return [...changed.values()];
  },
};
