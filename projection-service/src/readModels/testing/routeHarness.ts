import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
} from 'fastify';
import type { Knex } from 'knex';
import { defineAbilityFor, type AbilityContext, type RecordedEvent } from '@allot/shared-events';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { Projection, RealtimeNotification } from '../../runner/projection.js';
import type { TableResolver } from '../../runner/tableNames.js';
import { viewerPlugin, type ResourceViewer, type ViewerResolver } from '../../http/viewer.js';
import { answerContract, type AnswerContract } from '../../http/testing/answerContract.js';
import { createAlignmentReader } from '../alignment/inputs.js';
import { createChangedSince } from '../changes/changedSince.js';
import { knexFor, projectionsHarness } from './readModelDb.js';

/** What `projectionServicePlugin` gives every read model's routes. */
export interface ReadRouteOptions {
  knex: Knex;
  tables: TableResolver;
  alignmentsOf: ReturnType<typeof createAlignmentReader>['alignmentsOf'];
  changedSinceApproval: ReturnType<typeof createChangedSince>;
}

/** A read model's routes: one plugin, given `ReadRouteOptions` and the test's own options. */
export type ReadRoutes<Extra> =
  FastifyPluginCallback<ReadRouteOptions & Extra> | FastifyPluginAsync<ReadRouteOptions & Extra>;

export interface RouteHarnessOptions<Extra extends object> {
  /** The read models the routes read, migrated as the runner does (first build). */
  projections: readonly Projection[];
  /** Fed to every read model (each skips what it does not handle) before the routes register. */
  events?: readonly RecordedEvent[];
  /** Who reads (`request.viewer`, see `testViewers`); without it no viewerPlugin is registered. */
  viewer?: ViewerResolver;
  /** Registered in this order, after the viewer, each with `ReadRouteOptions` and `routeOptions`. */
  routes: readonly ReadRoutes<Extra>[];
  /** What a test adds to the routes' options (a fixed `today`, a read-your-writes wait). */
  routeOptions?: Extra;
}

export interface RouteHarness {
  db: TestDatabase;
  knex: Knex;
  tables: TableResolver;
  app: FastifyInstance;
  /** Every 200 answer of a route typed by its schema, checked against it (`answerContract`). */
  contract: AnswerContract;
  /** The notifications each read model sent for `events`, by projection name. */
  notifications: Map<string, RealtimeNotification[]>;
  /** Feeds more events to every read model; the notifications of each, by projection name. */
  apply(events: readonly RecordedEvent[]): Promise<Map<string, RealtimeNotification[]>>;
  close(): Promise<void>;
}

/**
 * A viewer per `x-test-user` header: the abilities of the context it names and a fixed working
 * period; anyone else is signed out (null: the routes answer 401).
 */
export function testViewers(
  contexts: Readonly<Record<string, AbilityContext>>,
  workingAcademicPeriodId: string | null,
): ViewerResolver {
  return (request) => {
    const who = request.headers['x-test-user'];
    const context = typeof who === 'string' ? contexts[who] : undefined;
    const found: ResourceViewer | null = context
      ? { userId: who as string, ability: defineAbilityFor(context), workingAcademicPeriodId }
      : null;
    return Promise.resolve(found);
  };
}

/**
 * The routes of a read model under test, as the service runs them: its read models on an
 * the run's PostgreSQL (an embedded PGlite without one: a schema of its own either way) fed `events`, the routes registered after `viewerPlugin` with the
 * options `projectionServicePlugin` gives, and the answer contract checked on every 200 answer.
 */
export async function openRouteHarness<Extra extends object = object>(
  options: RouteHarnessOptions<Extra>,
): Promise<RouteHarness> {
  const db = await openTestDatabase();
  const knex = knexFor(db);
  const models = projectionsHarness(knex, db.schema, options.projections);
  await models.migrate();
  const notifications = await models.apply(options.events ?? []);
  const app = Fastify();
  const contract = answerContract(app);
  if (options.viewer) await app.register(viewerPlugin, { resolve: options.viewer });
  const read: ReadRouteOptions = {
    knex,
    tables: models.tables,
    alignmentsOf: createAlignmentReader(knex, models.tables).alignmentsOf,
    changedSinceApproval: createChangedSince(knex, models.tables),
  };
  const routeOptions = { ...read, ...options.routeOptions } as ReadRouteOptions & Extra;
  for (const routes of options.routes) await app.register(routes, routeOptions);
  return {
    db,
    knex,
    tables: models.tables,
    app,
    contract,
    notifications,
    apply: (events) => models.apply(events),
    async close() {
      await app.close();
      await knex.destroy();
      await db.close();
    },
  };
}
