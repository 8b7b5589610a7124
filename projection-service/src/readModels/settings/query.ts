import type { Knex } from 'knex';
import type { SettingAnswer } from '@allot/shared-events';

/** Spec §9: the primary colour when none (or an empty one) is set. */
export const DEFAULT_PRIMARY_COLOR = '#0736a4';
export const PRIMARY_COLOR = 'primary_color';

/** The answer shape of spec §3: `machineName` and `Setting.value`; the id is the machine name. */
export type SettingItem = SettingAnswer;

interface SettingRow {
  machine_name: string;
  value: string;
}

function item(machineName: string, value: string): SettingItem {
  return { id: machineName, machineName, Setting: { value } };
}

function withDefault(machineName: string, value: string): string {
  return machineName === PRIMARY_COLOR && value.trim() === '' ? DEFAULT_PRIMARY_COLOR : value;
}

/** All settings by machine name; primary_color is always present, defaulted when empty. */
export async function listSettings(db: Knex, table: string): Promise<SettingItem[]> {
  const rows = (await db<SettingRow>(table).select('machine_name', 'value')).filter(
    (r) => !r.machine_name.startsWith('_'),
  );
  const items = rows.map((r) => item(r.machine_name, withDefault(r.machine_name, r.value)));
  if (!items.some((i) => i.machineName === PRIMARY_COLOR))
    items.push(item(PRIMARY_COLOR, DEFAULT_PRIMARY_COLOR));
  // Code-point order: the same on every database collation.
  return items.sort((a, b) =>
    a.machineName < b.machineName ? -1 : a.machineName > b.machineName ? 1 : 0,
  );
}

export interface StoredLogo {
  contentType: string;
  data: Buffer;
}

/**
 * The uploaded logo (stored in the `_logo_image` row) while the `logo` setting shows it, else
 * null: after a reset to the default the image stays stored but the default one is served, as
 * the settings page labels it.
 */
export async function getLogo(db: Knex, table: string): Promise<StoredLogo | null> {
  const rows = await db<SettingRow>(table)
    .select('machine_name', 'value')
    .whereIn('machine_name', ['_logo_image', 'logo']);
  const shown = rows.find((r) => r.machine_name === 'logo')?.value === 'true';
  const row = rows.find((r) => r.machine_name === '_logo_image');
  if (!shown || !row) return null;
  const parsed: unknown = JSON.parse(row.value);
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { contentType, dataBase64 } = parsed as Record<string, unknown>;
  if (typeof contentType !== 'string' || typeof dataBase64 !== 'string') return null;
  return { contentType, data: Buffer.from(dataBase64, 'base64') };
}

/** One setting, or null when it was never set (primary_color falls back to the default). */
export async function getSetting(
  db: Knex,
  table: string,
  machineName: string,
): Promise<SettingItem | null> {
  if (machineName.startsWith('_')) return null;
  const row = await db<SettingRow>(table)
    .select('value')
    .where({ machine_name: machineName })
    .first();
  if (row) return item(machineName, withDefault(machineName, row.value));
  return machineName === PRIMARY_COLOR ? item(PRIMARY_COLOR, DEFAULT_PRIMARY_COLOR) : null;
}

/** primary_color: never null, the default colour while it is unset or empty. */
export async function getPrimaryColor(db: Knex, table: string): Promise<SettingItem> {
  return (await getSetting(db, table, PRIMARY_COLOR)) ?? item(PRIMARY_COLOR, DEFAULT_PRIMARY_COLOR);
}
