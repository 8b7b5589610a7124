import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { DEFAULT_LOGO_SVG, LOGO_CSP } from '@allot/shared-events';
import {
  PRIMARY_COLOR,
  SETTINGS_TABLE,
  getLogo,
  getSetting,
  listSettings,
  settingsProjection,
} from './index.js';
import type { TableResolver } from '../../runner/tableNames.js';

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

  fastify.get('/api/settings', async () => listSettings(knex, await table()));

  // Never null for primary_color: an unset or empty colour answers the default.
  fastify.get('/api/settings/primaryColor', async () =>
    getSetting(knex, await table(), PRIMARY_COLOR),
  );

  // Spec §3: the client reads the first item's Setting.value of a machineName filter.
  fastify.get('/api/settingTypes', async (request, reply) => {
    const { filter } = request.query as Record<string, unknown>;
    const parsed = parseFilter(filter);
    if (parsed === null) {
      return reply.code(400).send({
        message: 'The filter must be JSON like {"machineName":"institution_name"}.',
      });
    }
    if (parsed === undefined) return listSettings(knex, await table());
    const found = await getSetting(knex, await table(), parsed.machineName);
    return found ? [found] : [];
  });

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
