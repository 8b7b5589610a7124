import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { DEFAULT_LOGO_SVG, LOGO_CSP, SettingAnswer, SettingsAnswer } from '@allot/shared-events';
import {
  SETTINGS_TABLE,
  getLogo,
  getPrimaryColor,
  getSetting,
  listSettings,
  settingsProjection,
} from './index.js';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';

/** From shared-events: the browser draws the default too, and the settings history sends the CSP. */
export { DEFAULT_LOGO_SVG, LOGO_CSP };

/** `filter` is JSON in the query string; undefined when absent, null when unreadable. */
function parseFilter(raw: unknown): { machineName: string } | undefined | null {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('machineName' in parsed)) return null;
  const { machineName } = parsed;
  return typeof machineName === 'string' && machineName !== '' ? { machineName } : null;
}

/** GET /api/settingTypes: `filter` is `{"machineName":"…"}` as JSON. */
const SettingTypesQuery = z.object({ filter: z.string().optional() });

function refuseFilter(reply: FastifyReply): FastifyReply {
  return reply.code(400).send({
    message: 'The filter must be JSON like {"machineName":"institution_name"}.',
  });
}

export interface ReadRouteOptions {
  knex: Knex;
  tables: TableResolver;
}

/** Spec §7: settings are branding (name, logo, colour) shown before sign-in, so reads are public. */
export function settingsRoutes(
  fastify: FastifyInstance,
  { knex, tables }: ReadRouteOptions,
  done: (err?: Error) => void,
): void {
  const table = () => tables.table(settingsProjection.name, SETTINGS_TABLE);
  const app = withAnswers(fastify);

  app.get('/api/settings', { schema: { response: { 200: SettingsAnswer } } }, async () =>
    listSettings(knex, await table()),
  );

  // Never null for primary_color: an unset or empty colour answers the default.
  app.get(
    '/api/settings/primaryColor',
    { schema: { response: { 200: SettingAnswer } } },
    async () => getPrimaryColor(knex, await table()),
  );

  // Spec §3: the client reads the first item's Setting.value of a machineName filter.
  app.get(
    '/api/settingTypes',
    { schema: { querystring: SettingTypesQuery, response: { 200: SettingsAnswer } } },
    async (request, reply) => {
      const { filter } = request.query as Record<string, unknown>;
      const parsed = parseFilter(filter);
      if (parsed === null) {
        return answered(refuseFilter(reply));
      }
      if (parsed === undefined) return listSettings(knex, await table());
      const found = await getSetting(knex, await table(), parsed.machineName);
      return found ? [found] : [];
    },
  );

  // Public like the other branding: the sign-in page shows it.
  fastify.get('/api/logo.png', async (_request, reply) => {
    const logo = await getLogo(knex, await table());
    // Uploaded SVGs were refused if scriptable; nosniff keeps browsers to the stored type.
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', LOGO_CSP);
    // One URL for whatever logo is current: browsers must ask again rather than keep an old one.
    reply.header('cache-control', 'no-cache');
    if (!logo) return reply.header('content-type', 'image/svg+xml').send(DEFAULT_LOGO_SVG);
    return reply.header('content-type', logo.contentType).send(logo.data);
  });

  done();
}
