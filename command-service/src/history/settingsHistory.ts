import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  FEATURE_FLAG_NAMES,
  HistoryAnswer,
  LOGO_CSP,
  LOGO_SETTING,
  LogoUploaded,
  PRIMARY_COLOR_SETTING,
  SETTINGS_STREAM,
  SettingChanged,
  settingLabel,
  type EventStore,
  type HistoryEntryAnswer,
  type RecordedEvent,
  EMPTY_TEXT,
  textChange,
  type HistoryNames,
  type LabelledChange,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { parseRequest } from '../commandHandling/httpCommand.js';
import { NotFoundError } from '../errors/errors.js';
import { answerSchema } from '../http/answerSchema.js';
import { createHistoryNames, eventsOf } from './historyNames.js';
import { rowHeader } from './recordHistory.js';

/** One change of the settings stream as the History panel shows it. */
export type SettingsHistoryRow = HistoryEntryAnswer & { summary: null; changes: LabelledChange[] };

/** Where the settings history shows the logo its `LogoUploaded` event at `revision` holds. */
export const logoVersionUrl = (revision: number | bigint): string =>
  `/api/history/settings/logo/${String(revision)}`;

const FLAGS: ReadonlySet<string> = new Set(FEATURE_FLAG_NAMES);

/** A stored value as words: flags on/off, '' as the default where '' means the default. */
function valueText(machineName: string, value: string | undefined): string {
  if (FLAGS.has(machineName)) {
    if (value === 'true') return 'On';
    if (value === 'false') return 'Off';
    return 'Default';
  }
  if (machineName === PRIMARY_COLOR_SETTING && !value) return 'Default';
  return value ? value : EMPTY_TEXT;
}

interface Folded {
  values: Map<string, string>;
  /** The stream revision of the newest `LogoUploaded`: the image shown while `logo` is true. */
  logoRevision: bigint | null;
}

/** The logo shown: the newest upload's address while `logo` is 'true', null for the default. */
const shownLogo = (s: Folded): string | null =>
  s.values.get(LOGO_SETTING) === 'true' && s.logoRevision !== null
    ? logoVersionUrl(s.logoRevision)
    : null;

/**
 * Folds the settings stream into one row per event that changed what people see: a setting by
 * its label, from → to in words; the logo as the image before and after. An upload appends the
 * image and `logo = true` together, and only one of the two changes what is shown (the image
 * when a logo was up already, the flag otherwise), so each upload is one row.
 */
export async function settingsHistoryOf(
  events: readonly RecordedEvent[],
  names: HistoryNames,
): Promise<SettingsHistoryRow[]> {
  let state: Folded = { values: new Map(), logoRevision: null };
  const rows: SettingsHistoryRow[] = [];
  for (const event of events) {
    const before = state;
    let change: LabelledChange | null = null;
    if (event.type === 'LogoUploaded') {
      LogoUploaded.parse(event.data);
      state = { ...state, logoRevision: event.revision };
    } else if (event.type === 'SettingChanged') {
      const { machineName, value } = SettingChanged.parse(event.data);
      const values = new Map(state.values);
      values.set(machineName, value);
      state = { ...state, values };
      if (machineName !== LOGO_SETTING && before.values.get(machineName) !== value) {
        change = {
          field: machineName,
          from: before.values.get(machineName) ?? null,
          to: value,
          label: settingLabel(machineName),
          display: textChange(
            valueText(machineName, before.values.get(machineName)),
            valueText(machineName, value),
          ),
        };
      }
    }
    const [from, to] = [shownLogo(before), shownLogo(state)];
    if (from !== to) {
      change = {
        field: LOGO_SETTING,
        from: before.values.get(LOGO_SETTING) ?? null,
        to: state.values.get(LOGO_SETTING) ?? null,
        label: settingLabel(LOGO_SETTING),
        display: { kind: 'image', from, to },
      };
    }
    if (change) rows.push({ ...(await rowHeader(event, names)), summary: null, changes: [change] });
  }
  return rows;
}

const LogoParams = z.object({ revision: z.string().regex(/^\d{1,15}$/, 'must be a revision') });
/** Neither route takes a query: an unknown key answers 400 rather than being ignored. */
const NoQuery = z.object({}).strict();

/**
 * GET /api/history/settings: the settings stream's changes, oldest first. GET
 * /api/history/settings/logo/:revision: the logo a `LogoUploaded` event holds — every version is
 * kept in its own event (the log is never edited), so the history shows old logos with no copy
 * of its own. Both need read on Configuration, as the System Settings page does.
 */
export function settingsHistoryRoutes(
  fastify: FastifyInstance,
  options: { store: EventStore },
): void {
  fastify.get(
    '/api/history/settings',
    { config: requires('read', 'Configuration'), ...answerSchema(HistoryAnswer) },
    async (request) => {
      parseRequest(NoQuery, request.query);
      const events = await eventsOf(options.store, SETTINGS_STREAM);
      return {
        rows: await settingsHistoryOf(events, createHistoryNames(options.store)),
      } satisfies HistoryAnswer;
    },
  );

  fastify.get(
    '/api/history/settings/logo/:revision',
    { config: requires('read', 'Configuration') },
    async (request, reply) => {
      const { revision } = parseRequest(LogoParams, request.params);
      parseRequest(NoQuery, request.query);
      const [event] = await eventsOf(options.store, SETTINGS_STREAM, {
        fromRevision: BigInt(revision),
        maxCount: 1,
      });
      if (event?.type !== 'LogoUploaded' || event.revision !== BigInt(revision))
        throw new NotFoundError(`No logo was uploaded at revision ${revision}.`);
      const logo = LogoUploaded.parse(event.data);
      // As GET /api/logo.png: nosniff keeps browsers to the stored type, the CSP to a drawing.
      // A version never changes, so it may be kept.
      return reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', LOGO_CSP)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(Buffer.from(logo.dataBase64, 'base64'));
    },
  );
}
