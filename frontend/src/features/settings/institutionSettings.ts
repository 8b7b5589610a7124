export interface InstitutionSettings {
  institutionName: string;
  primaryColor: string | null;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A row of spec §3 (`{ machineName, Setting: { value } }`) or a flat `{ machineName, value }`. */
function settingValue(row: object): string | null {
  if ('value' in row && typeof row.value === 'string') return row.value;
  if (
    'Setting' in row &&
    row.Setting &&
    typeof row.Setting === 'object' &&
    'value' in row.Setting
  ) {
    return typeof row.Setting.value === 'string' ? row.Setting.value : null;
  }
  return null;
}

/** Reads `GET /api/settings`: a list of settings rows, or an object `{ machineName: value }`. */
export function parseInstitutionSettings(body: unknown): InstitutionSettings {
  const values = new Map<string, string>();
  const rows: unknown[] = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && 'settings' in body && Array.isArray(body.settings)
      ? (body.settings as unknown[])
      : [];
  for (const row of rows) {
    if (
      row &&
      typeof row === 'object' &&
      'machineName' in row &&
      typeof row.machineName === 'string'
    ) {
      const value = settingValue(row);
      if (value !== null) values.set(row.machineName, value);
    }
  }
  if (rows.length === 0 && body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body))
      if (typeof value === 'string') values.set(key, value);
  }
  const colour = values.get('primary_color') ?? '';
  return {
    institutionName: values.get('institution_name') ?? '',
    primaryColor: HEX_COLOUR.test(colour) ? colour : null,
  };
}

export async function fetchInstitutionSettings(signal?: AbortSignal): Promise<InstitutionSettings> {
  const response = await fetch('/api/settings', {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok)
    throw new Error(`The server answered ${String(response.status)} for the settings.`);
  return parseInstitutionSettings(await response.json());
}
