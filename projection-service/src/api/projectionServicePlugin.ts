import type { FastifyInstance, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { Knex } from 'knex';
import { NUL_CHARACTER_MESSAGE, findNulCharacter } from '@allot/shared-events';
import { createTableResolver, type TableResolver } from '../runner/tableNames.js';
import { handleReadError } from './errorHandler.js';
import { settingsRoutes } from './settingsRoutes.js';
import { resourceReadRoutes } from '../resources/resourceReadRoutes.js';
import { sectionReadRoutes } from '../teaching/sectionReadRoutes.js';
import { preferenceReadRoutes } from '../preferences/preferenceReadRoutes.js';
import { workloadReadRoutes } from '../workload/workloadReadRoutes.js';
import { suggestionRoutes } from '../suggestions/suggestionRoutes.js';
import { approvalReadRoutes } from '../approvals/approvalReadRoutes.js';
import { dashboardRoutes } from '../dashboard/dashboardRoutes.js';
import { alignmentMetricsRoutes } from '../alignment/alignmentMetricsRoutes.js';
import { scheduleRoutes } from '../schedule/scheduleRoutes.js';
import { offeringOverviewRoutes } from '../offerings/offeringOverviewRoutes.js';
import { sendError, viewerFromRequestAuth, type ViewerResolver } from '../resources/viewer.js';
import { authRoutes } from '../auth/authRoutes.js';
import type { RequestAuthOptions } from '../auth/requestAuth.js';

export interface ProjectionServiceOptions {
  knex: Knex;
  /** Read-your-writes (X-Allot-Position): waits until the projections have passed the position. */
  waitForPosition?: preHandlerHookHandler | preHandlerAsyncHookHandler;
  /** Defaults to the runner's cached resolver over the `public` schema. */
  tables?: TableResolver;
  /** GET /api/auth, /api/auth/me and /api/status (sessions, API keys, flags, version). */
  auth?: RequestAuthOptions;
  /** Who reads resources; defaults to the `auth` session's user (none without `auth`: 401). */
  viewer?: ViewerResolver;
}

/** The read routes that answer a signed-in viewer; each read model's routes are one plugin. */
const VIEWER_READ_ROUTES = [
  resourceReadRoutes,
  sectionReadRoutes,
  preferenceReadRoutes,
  workloadReadRoutes,
  suggestionRoutes,
  approvalReadRoutes,
  dashboardRoutes,
  alignmentMetricsRoutes,
  scheduleRoutes,
  offeringOverviewRoutes,
] as const;

/**
 * Refuses (400) a request whose path parameters or query hold U+0000 before a route reads them:
 * PostgreSQL cannot compare text with it, so it would fail in the database as a 500.
 */
function refuseNulCharacters(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, reply, next) => {
    const field = findNulCharacter({ params: request.params, query: request.query });
    if (field === null) {
      next();
      return;
    }
    void sendError(reply, 400, NUL_CHARACTER_MESSAGE, [
      { field, message: 'holds a NUL character' },
    ]);
  });
}

/** The read API (GET /api/...). Each read model's routes are an encapsulated plugin. */
export async function projectionServicePlugin(
  fastify: FastifyInstance,
  options: ProjectionServiceOptions,
): Promise<void> {
  const tables = options.tables ?? createTableResolver(options.knex);
  const preHandler = options.waitForPosition ? [options.waitForPosition] : [];

  fastify.setErrorHandler(handleReadError);
  refuseNulCharacters(fastify);
  fastify.get('/api/health', () => ({ status: 'ok' }));
  await fastify.register(settingsRoutes, { knex: options.knex, tables, preHandler });
  const viewer = options.viewer ?? (options.auth && viewerFromRequestAuth(options.auth));
  const readOptions = { knex: options.knex, tables, preHandler, ...(viewer ? { viewer } : {}) };
  for (const routes of VIEWER_READ_ROUTES) await fastify.register(routes, readOptions);
  if (options.auth) await fastify.register(authRoutes, options.auth);
}
