import { importSpecReadRoutes } from '../readModels/importSpecs/routes.js';
import { importRunReadRoutes } from '../readModels/importRuns/routes.js';
import { notificationReadRoutes } from '../readModels/notifications/routes.js';
import { calendarFeedRoutes, calendarFeedStatusRoutes } from '../readModels/calendarFeed/routes.js';
import { classificationRoutes } from '../readModels/effort/classificationRoutes.js';
import { effortImportReadRoutes } from '../readModels/effort/imports/routes.js';
import { effortTimelineRoutes } from '../readModels/effort/timeline/routes.js';
import { myEffortRoutes } from '../readModels/effort/mine/routes.js';
import { effortOverviewRoutes } from '../readModels/effort/overview/routes.js';
import { costReadRoutes } from '../readModels/costs/routes.js';
import { emailReadRoutes } from '../readModels/email/routes.js';
import { changeFeedRoutes } from '../readModels/changes/routes.js';
import { createChangedSince } from '../readModels/changes/changedSince.js';
import type { FastifyInstance, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { Knex } from 'knex';
import { NUL_CHARACTER_MESSAGE, findNulCharacter } from '@allot/shared-events';
import { createTableResolver, type TableResolver } from '../runner/tableNames.js';
import { handleReadError } from './errorHandler.js';
import { settingsRoutes } from '../readModels/settings/routes.js';
import { resourceReadRoutes } from '../readModels/resources/routes.js';
import { sectionReadRoutes } from '../readModels/sections/routes.js';
import { preferenceReadRoutes } from '../readModels/preferences/routes.js';
import { workloadReadRoutes } from '../readModels/workload/routes.js';
import { suggestionRoutes } from '../readModels/suggestions/routes.js';
import { approvalReadRoutes } from '../readModels/approvals/routes.js';
import { dashboardRoutes } from '../readModels/dashboard/routes.js';
import { alignmentMetricsRoutes } from '../readModels/alignment/routes.js';
import { createAlignmentReader } from '../readModels/alignment/inputs.js';
import { scheduleRoutes } from '../readModels/schedule/routes.js';
import { offeringOverviewRoutes } from '../readModels/offeringOverview/routes.js';
import { reportReadRoutes } from '../readModels/reports/routes.js';
import { savedReportReadRoutes } from '../readModels/savedReports/routes.js';
import { reportExportReadRoutes } from '../readModels/reportExports/routes.js';
import { dataServiceReadRoutes } from '../readModels/dataServices/routes.js';
import {
  sendError,
  viewerPlugin,
  type ResourceViewer,
  type ViewerResolver,
} from '../http/viewer.js';
import { authRoutes } from '../readModels/auth/routes.js';
import {
  viewerForUser,
  viewerFromRequestAuth,
  type RequestAuthOptions,
} from '../readModels/auth/requestAuth.js';

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
  /** Who a user is without a session of theirs (calendar feeds); defaults to one from `auth`. */
  viewerOf?: (userId: string) => Promise<ResourceViewer | null>;
  /** No SMTP server is configured: the embedded catcher keeps what is sent (GET /api/email/caught). */
  mailCatching?: boolean;
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
  reportReadRoutes,
  savedReportReadRoutes,
  reportExportReadRoutes,
  dataServiceReadRoutes,
  importRunReadRoutes,
  importSpecReadRoutes,
  changeFeedRoutes,
  notificationReadRoutes,
  calendarFeedStatusRoutes,
  classificationRoutes,
  effortImportReadRoutes,
  effortTimelineRoutes,
  myEffortRoutes,
  effortOverviewRoutes,
  costReadRoutes,
  emailReadRoutes,
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

/**
 * The read API (GET /api/...). Each read model's routes are an encapsulated plugin, registered in
 * a context whose preHandlers run in order: the read-your-writes wait, then (`viewerPlugin`)
 * `request.viewer`, so the viewer is read from read models that have seen the command.
 */
export async function projectionServicePlugin(
  fastify: FastifyInstance,
  options: ProjectionServiceOptions,
): Promise<void> {
  const tables = options.tables ?? createTableResolver(options.knex);
  // The sections' assignment list carries each assignment's alignment, which the alignment read
  // model computes (from the sections' tables among others): it is given here, not imported there.
  const { alignmentsOf } = createAlignmentReader(options.knex, tables);
  // Its `changed=myLastApproval` filter reads the change feed's read model, given the same way.
  const changedSinceApproval = createChangedSince(options.knex, tables);
  const readOptions = {
    knex: options.knex,
    tables,
    alignmentsOf,
    changedSinceApproval,
    mailCatching: options.mailCatching ?? false,
  };

  fastify.setErrorHandler(handleReadError);
  refuseNulCharacters(fastify);
  fastify.get('/api/health', () => ({ status: 'ok' }));
  await fastify.register(async (reads) => {
    // Either form of preHandler: Fastify tells them apart when it runs them.
    const wait = options.waitForPosition as preHandlerAsyncHookHandler | undefined;
    if (wait) reads.addHook('preHandler', wait);
    await reads.register(settingsRoutes, readOptions);
    // A calendar app reads a feed with its secret address, not a session.
    await reads.register(calendarFeedRoutes, {
      ...readOptions,
      viewerOf: options.viewerOf ?? (options.auth && viewerForUser(options.auth)),
    });
    await reads.register(async (viewed) => {
      const resolve = options.viewer ?? (options.auth && viewerFromRequestAuth(options.auth));
      await viewed.register(viewerPlugin, { resolve });
      for (const routes of VIEWER_READ_ROUTES) await viewed.register(routes, readOptions);
    });
  });
  if (options.auth) await fastify.register(authRoutes, options.auth);
}
