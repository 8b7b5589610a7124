export interface InstitutionSettings {
  institutionName: string;
  primaryColor: string | null;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Reads `GET /api/settings` as `{ machineName: value }` or as a list of `{ machineName, value }`. */
export function parseInstitutionSettings(body: unknown): InstitutionSettings {
  const values = new Map<string, string>();
  const rows: unknown[] = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && 'settings' in body && Array.isArray(body.settings)
      ? (body.settings as unknown[])
      : [];
  for (const row of rows) {
    if (row && typeof row === 'object' && 'machineName' in row && 'value' in row) {
      if (typeof row.machineName === 'string' && typeof row.value === 'string') values.set(row.machineName, row.value);
    }
  }
  if (rows.length === 0 && body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') values.set(key, value);
  }
  const colour = values.get('primary_color') ?? '';
  return {
    institutionName: values.get('institution_name') ?? '',
    primaryColor: HEX_COLOUR.test(colour) ? colour : null,
  };
}

export async function fetchInstitutionSettings(signal?: AbortSignal): Promise<InstitutionSettings> {
  const response = await fetch('/api/settings', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`The server answered ${String(response.status)} for the settings.`);
  return parseInstitutionSettings(await response.json());
}
