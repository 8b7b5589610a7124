import type { FastifyInstance, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { Knex } from 'knex';
import {
  PRIMARY_COLOR,
  SETTINGS_TABLE,
  getSetting,
  listSettings,
  settingsProjection,
} from '../readModels/settings/index.js';
import type { ReadTables } from './projectionServicePlugin.js';

export interface ReadRouteOptions {
  knex: Knex;
  tables: ReadTables;
  preHandler: Array<preHandlerHookHandler | preHandlerAsyncHookHandler>;
}

/** Spec §7: settings are branding (name, logo, colour) shown before sign-in, so reads are public. */
export function settingsRoutes(
  fastify: FastifyInstance,
  { knex, tables, preHandler }: ReadRouteOptions,
  done: (err?: Error) => void,
): void {
  const table = () => tables.table(settingsProjection.name, SETTINGS_TABLE);

  fastify.get('/api/settings', { preHandler }, async () => listSettings(knex, await table()));

  // Never null for primary_color: an unset or empty colour answers the default.
  fastify.get('/api/settings/primaryColor', { preHandler }, async () =>
    getSetting(knex, await table(), PRIMARY_COLOR),
  );

  done();
}
