import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import type { Knex } from 'knex';
import {
  createSessionCodec,
  NOTIFICATION_DIGEST_JOB,
  NOTIFICATION_DIGEST_SCHEDULE,
  securityHeaderOptions,
  tokenToPosition,
  type EventStore,
} from '@allot/shared-events';
import {
  commandServicePlugin,
  createBullMqJobs,
  createCommandBus,
  createInProcessJobs,
  identityPlugin,
  jobProgressNotification,
  restoreImportSpecSchedules,
  SETTINGS_COMMAND_NAMES,
  type CommandBus,
  type JobProgressReport,
  type Jobs,
} from '@allot/command-service';
import {
  attachRealtime,
  authFactsProjection,
  createInUseLookup,
  createMasqueradersLookup,
  createMergedUsersLookup,
  createProjectionRunner,
  createCloneSnapshotReader,
  createTableResolver,
  projectionServicePlugin,
  readAppVersion,
  readYourWrites,
  type ProjectionRunner,
  handleReadError,
} from '@allot/projection-service';
import type { AllotConfig } from '../config/loadConfig.js';
import { resolveSessionSecret } from '../config/sessionSecret.js';
import { demoSeedSteps } from '../seed/demoSeeds.js';
import { runSeeds, type SeedReport } from '../seed/runSeeds.js';
import { openConnections } from './connections.js';
import { allProjections, isAllotEventType } from './projections.js';
import { registerFrontend } from './staticFrontend.js';
import { apiReferenceRoutes, collectApiRoutes } from './apiReference.js';
import { composeAuth } from './auth.js';
import { identityOptions } from './identity.js';
import { samlKeyPair } from './samlKeys.js';
import { createSqlSignInState } from './signInState.js';
import { composeReportExports } from './reportExports.js';
import { composeUploads } from './uploads.js';
import { composeEmail } from './email.js';
import { restoreDataServiceSchedules } from './dataServiceSchedules.js';

export interface RunningAllot {
  /** Where a browser reaches it, e.g. http://localhost:3000. */
  url: string;
  app: FastifyInstance;
  store: EventStore;
  bus: CommandBus;
  runner: ProjectionRunner;
  knex: Knex;
  /** Long work (imports, exports, clones): its status, for tests and operators. */
  jobs: Jobs;
  seedReport: SeedReport;
  /** Stops taking requests, finishes running work, releases every connection. */
  close(): Promise<void>;
}

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SEED_VISIBLE_TIMEOUT_MS = 3 * 60_000;

/**
 * The whole application in one process: command-service and projection-service as Fastify
 * plugins on one database (embedded PGlite unless DATABASE_URL is set), the projection runner,
 * jobs, demo seeding and the built frontend.
 */
export interface StartAllotHooks {
  /** Sees every route as it is registered (the conformance tests walk them). */
  onRoute?: (route: RouteOptions) => void;
}

export async function startAllot(
  config: AllotConfig,
  hooks: StartAllotHooks = {},
): Promise<RunningAllot> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error('Allot: error while shutting down:', err);
      }
    }
    cleanups.length = 0;
  };

  try {
    // The demo provider's issuer is the public URL, known before listening: PORT=0 picks a port now.
    config = await withReservedPort(config);
    const sessionSecret = await resolveSessionSecret(config);
    const connections = await openConnections(config);
    cleanups.push(() => connections.close());
    const { store, knex } = connections;
    // Closed after the jobs (which finish their sends first), before the connections.
    const email = await composeEmail(config, knex);
    cleanups.push(() => email.close());

    // Shutdown runs these in reverse: sockets and HTTP drain first, then the runner, jobs and
    // connections.
    const app = Fastify({
      logger: { level: config.logLevel },
      // The embedded start may sit behind a local proxy (vite dev server); trust loopback only.
      trustProxy: 'loopback',
    });
    if (hooks.onRoute) app.addHook('onRoute', hooks.onRoute);
    const apiRoutes = collectApiRoutes(app);
    // Every answer, not only the write API's: the app's pages and assets, reads, the logo.
    await app.register(helmet, securityHeaderOptions(config.mode));
    // Outside the two services (the app's pages, sign-in): no fault's own words reach a browser.
    app.setErrorHandler(handleReadError);
    const sessionCodec = createSessionCodec({ secrets: [sessionSecret], ttlMs: SESSION_TTL_MS });
    const realtime = attachRealtime(app.server, {
      sessionCodec,
      mode: config.mode,
      allowedOrigins: config.allowedOrigins,
      ...(config.redisUrl
        ? { redis: { url: config.redisUrl, keyPrefix: `${config.redisPrefix}:` } }
        : {}),
      onError: (err) => app.log.error(err, 'realtime'),
    });
    let runnerStarted = false;
    // Set once the auth is composed (it needs the bus, which needs the runner).
    let onReadModelChanged: (projection: string) => void = () => undefined;
    const runner = createProjectionRunner({
      store,
      knex,
      projections: allProjections,
      knownEventTypes: isAllotEventType,
      onNotifications: (notifications) => realtime.emit(notifications),
      onApplied: (projection) => onReadModelChanged(projection),
    });
    cleanups.push(() => (runnerStarted ? runner.stop() : Promise.resolve()));
    const onProgress = (report: JobProgressReport) =>
      realtime.emit([jobProgressNotification(report)]);
    const jobs: Jobs = config.redisUrl
      ? createBullMqJobs({
          redisUrl: config.redisUrl,
          prefix: config.redisPrefix,
          onProgress,
          onError: (err) => app.log.error(err, 'jobs'),
        })
      : createInProcessJobs({ onProgress });
    cleanups.push(() => jobs.close());
    const reportExports = await composeReportExports({
      knex,
      jobs,
      jobsForgottenOnRestart: !config.redisUrl,
      onError: (err, exportId) => app.log.error({ err, exportId }, 'report export'),
    });
    const uploads = await composeUploads(knex);
    cleanups.push(() => app.close());
    cleanups.push(() => realtime.close());

    // A settings command may have changed a flag: the next request reads the flags anew.
    let afterCommand: (commandName: string) => void = () => undefined;
    const bus = wakeRunnerAfterCommands(createCommandBus({ store }), runner, (name) =>
      afterCommand(name),
    );
    const auth = composeAuth({
      config,
      knex,
      store,
      sessionCodec,
      bus,
      // A user created at sign-in is in the read models before the browser arrives.
      waitForUser: async (token) => {
        const position = tokenToPosition(token);
        if (position) await runner.waitFor(position, [authFactsProjection.name], 10_000);
      },
    });
    afterCommand = (name) => {
      if (SETTINGS_COMMAND_NAMES.has(name)) auth.liveFeatureFlags.markStale();
    };
    onReadModelChanged = (projection) => {
      if (projection === authFactsProjection.name) auth.invalidateSessions();
    };
    // Before any plugin's hooks: every check of this request sees the flags as now stored.
    app.addHook('onRequest', () => auth.liveFeatureFlags.refresh());
    // Beside the command service, not inside: its sign-in forms are not command routes.
    await app.register(
      identityPlugin,
      identityOptions(config, {
        sessionCodec,
        csrfSecret: sessionSecret,
        users: auth.users,
        ...(config.saml
          ? {
              saml: {
                state: await createSqlSignInState(knex),
                spKey: await samlKeyPair(config.saml.spKey, config.dataDir, config.publicUrl),
                onMetadataRefreshFailed: (err) =>
                  app.log.error(`Sign-in is not configured correctly: ${err.message}`),
              },
            }
          : {}),
      }),
    );
    await app.register(commandServicePlugin, {
      store,
      commandBus: bus,
      sessionCodec,
      csrfSecret: sessionSecret,
      mode: config.mode,
      jobs,
      reportExports,
      uploads,
      cloneSources: {
        snapshot: createCloneSnapshotReader(knex, createTableResolver(knex)),
      },
      email: email.options,
      abilityFor: auth.abilityFor,
      session: auth.session,
      inUse: createInUseLookup({ knex, tables: createTableResolver(knex) }),
      mergedInto: createMergedUsersLookup({ knex, tables: createTableResolver(knex) }),
      masqueraders: createMasqueradersLookup({ knex, tables: createTableResolver(knex) }),
      featureFlags: auth.liveFeatureFlags,
      importSources: {
        folder: config.importDir,
        ca: config.importCaFile ? await readFile(config.importCaFile) : null,
      },
    });
    await app.register(projectionServicePlugin, {
      knex,
      waitForPosition: readYourWrites({ waiter: runner, projectionsFor: () => undefined }),
      auth: auth.auth,
      mailCatching: email.catching,
    });
    apiReferenceRoutes(app, apiRoutes, readAppVersion());
    await registerFrontend(app, config.frontendDir);

    // The seed first, then the read models: projecting thousands of seed commands one by one
    // while they run would cost many times what one catch-up over the whole log does.
    const seedReport = config.demoData
      ? await runSeeds({
          store,
          bus,
          steps: demoSeedSteps,
          // The embedded database's folder is locked to this process: a step left unfinished
          // was left by a start that crashed, and is resumed at once.
          exclusive: connections.database.embedded,
        })
      : { applied: [], skipped: [] };
    await runner.start();
    runnerStarted = true;
    if (seedReport.applied.length > 0) {
      // The first page a person opens should already show the demo institution.
      const head = await store.committedHeadPosition();
      if (head) await runner.waitFor(head, undefined, SEED_VISIBLE_TIMEOUT_MS);
    }

    try {
      await restoreDataServiceSchedules({ knex, store, runner, jobs });
    } catch (err) {
      // The app is still of use without its scheduled exports; the log says why they wait.
      app.log.error(err, 'The data services’ schedules could not be set');
    }
    try {
      // E-mail digests of people's notifications, every hour (docs/notifications.md).
      await jobs.schedule(
        NOTIFICATION_DIGEST_JOB,
        NOTIFICATION_DIGEST_SCHEDULE,
        NOTIFICATION_DIGEST_JOB,
        {},
        { ownerId: NOTIFICATION_DIGEST_JOB },
      );
    } catch (err) {
      app.log.error(err, 'The notification digests’ schedule could not be set');
    }
    try {
      await restoreImportSpecSchedules(store, jobs);
    } catch (err) {
      app.log.error(err, 'The saved imports’ schedules could not be set');
    }

    await app.listen({ port: config.port, host: config.host });
    const url = urlOf(app, config);
    return { url, app, store, bus, runner, knex, jobs, seedReport, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/** PORT=0: a free port now, and the public URL on it unless ALLOT_PUBLIC_URL named another. */
async function withReservedPort(config: AllotConfig): Promise<AllotConfig> {
  if (config.port !== 0) return config;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, config.host, () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const publicUrl =
    new URL(config.publicUrl).port === '0' ? urlFor(config.host, port) : config.publicUrl;
  const before = new URL(config.publicUrl).origin;
  const allowedOrigins = config.allowedOrigins.map((o) =>
    o === before ? new URL(publicUrl).origin : o,
  );
  return { ...config, port, publicUrl, allowedOrigins };
}

/** In one process the runner can read a command's events at once instead of at its next poll. */
function wakeRunnerAfterCommands(
  bus: CommandBus,
  runner: Pick<ProjectionRunner, 'wake'>,
  afterCommand: (commandName: string) => void,
): CommandBus {
  return {
    commandNames: bus.commandNames,
    async execute(commandName, payload, options) {
      try {
        return await bus.execute(commandName, payload, options);
      } finally {
        // Even a refused command may have appended (a conflict after a retry): look again.
        afterCommand(commandName);
        runner.wake();
      }
    },
  };
}

function urlOf(app: FastifyInstance, config: AllotConfig): string {
  const address = app.server.address() as AddressInfo | null;
  return urlFor(config.host, address?.port ?? config.port);
}

function urlFor(configuredHost: string, port: number): string {
  const wildcard = configuredHost === '0.0.0.0' || configuredHost === '::';
  const host = wildcard
    ? 'localhost'
    : configuredHost.includes(':')
      ? `[${configuredHost}]`
      : configuredHost;
  return `http://${host}:${String(port)}`;
}
