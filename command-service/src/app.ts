import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import {
  DATA_SERVICE_RUN_JOB,
  IMPORT_RUN_JOB,
  CLONE_JOB,
  EMAIL_JOB,
  NOTIFICATION_DIGEST_JOB,
  EFFORT_IMPORT_JOB,
  EFFORT_RECLASSIFY_JOB,
  IMPORT_SPEC_RUN_JOB,
  IMPORT_UNDO_JOB,
  securityHeaderOptions,
  type EventStore,
  type InUseLookup,
  type SessionCodec,
} from '@allot/shared-events';
import type { Jobs } from './jobs/port.js';
import { errorHandlerPlugin } from './errors/errorHandlerPlugin.js';
import { refuseNulCharacters } from './errors/refuseNulCharacters.js';
import { limitJsonNesting } from './errors/jsonBodies.js';
import { authorizationPlugin, type AbilityResolver } from './authorization/authorizationPlugin.js';
import { createCommandBus, type CommandBus } from './commandHandling/commandBus.js';
import { commandBusPlugin } from './commandHandling/commandBusPlugin.js';
import { settingsRoutes } from './settings/api.js';
import type { LiveFeatureFlags } from './settings/featureFlagSettings.js';
import { historyRoutes } from './history/historyRoutes.js';
import type { MasqueradersLookup, MergedUsersLookup } from './history/userHistory.js';
import { resourceWriteRoutes } from './resources/resourceRoutes.js';
import { sectionWriteRoutes } from './teaching/sectionRoutes.js';
import { bulkApprovalRoutes } from './teaching/bulkApprovalRoutes.js';
import { preferenceWriteRoutes } from './preferences/preferenceRoutes.js';
import { approvalWriteRoutes } from './approvals/approvalRoutes.js';
import { reportWriteRoutes } from './reports/reportRoutes.js';
import { reportExportRoutes } from './reportExports/reportExportRoutes.js';
import type { ReportExportRecords } from './reportExports/port.js';
import type { UploadFiles } from './uploads/port.js';
import type { CloneSources } from './cloning/port.js';
import { cloneRoutes } from './cloning/cloneRoutes.js';
import { createCloneJob } from './cloning/cloneJob.js';
import { emailRoutes } from './email/emailRoutes.js';
import { createEmailJob } from './email/emailJob.js';
import {
  createNotificationDigestJob,
  type NotificationDigestSources,
} from './notifications/digestJob.js';
import type { EmailSources, Mailer } from './email/port.js';
import { dataServiceRoutes } from './dataServices/dataServiceRoutes.js';
import { createDataServiceRunJob } from './dataServices/runJob.js';
import { importRoutes } from './imports/importRoutes.js';
import { importSpecRoutes } from './imports/specs/importSpecRoutes.js';
import { notificationRoutes } from './notifications/notificationRoutes.js';
import { calendarFeedRoutes } from './calendarFeed/calendarFeedRoutes.js';
import { createImportRunJob } from './imports/runs/importRunJob.js';
import { createImportSpecRunJob } from './imports/runs/importSpecRunJob.js';
import type { ImportSourceOptions } from './imports/sources/readSource.js';
import { createImportUndoJob } from './imports/runs/importUndoJob.js';
import { effortImportRoutes } from './effort/imports/effortImportRoutes.js';
import { createEffortImportJob } from './effort/imports/effortImportJob.js';
import { createReclassifyJob } from './effort/imports/reclassifyJob.js';
import { sessionPlugin, type SessionPluginOptions } from './session/sessionPlugin.js';

export interface CommandServiceOptions {
  store: EventStore;
  sessionCodec: Pick<SessionCodec, 'decode'>;
  /** First signs, all verify. */
  csrfSecret: string | readonly string[];
  /** ALLOT_MODE: production, development, local, staging-build or test. */
  mode: string;
  /** For routes that start long work (report exports; clone, import, e-mail to come). */
  jobs?: Jobs;
  /** Where report exports are kept; with `jobs`, the export routes are served. */
  reportExports?: ReportExportRecords;
  /** Where uploaded files are kept (an effort import's payroll file). */
  uploads?: UploadFiles;
  /** Where a clone reads its two periods (the read models). */
  cloneSources?: CloneSources;
  /** E-mail to instructors: where recipients are read, how mail leaves, what links lead to. */
  email?: EmailOptions;
  /** A signed-in user's abilities; nobody has any until sign-in and roles exist. */
  abilityFor?: AbilityResolver;
  /** Defaults to a bus over `store` with every command. */
  commandBus?: CommandBus;
  /** Masquerade, working period, merge, API keys and Bearer sign-in (needs the full codec). */
  session?: Omit<SessionPluginOptions, 'store' | 'abilityFor' | 'mode'>;
  /** Who still names a record (read models): a DELETE of a record in use answers 422. */
  inUse?: InUseLookup;
  /** Where saved imports read files by themselves (the import folder, extra HTTPS authorities). */
  importSources?: ImportSourceOptions;
  /** Feature flags as settings: the flags every check reads, and GET /api/settings/featureFlags. */
  featureFlags?: LiveFeatureFlags;
  /** Who was merged into a user (read models), so the master's history lists those merges. */
  mergedInto?: MergedUsersLookup;
  /** Who masqueraded as a user (read models), so that user's history lists those masquerades. */
  masqueraders?: MasqueradersLookup;
}

export interface EmailOptions {
  sources: EmailSources;
  mailer: Mailer;
  publicUrl: string;
  /** Where every message goes instead while developer e-mails are on. */
  developerAddresses: readonly string[];
  /** What the hourly notification digest reads (docs/notifications.md); none: no digest job. */
  digests?: NotificationDigestSources;
}

/**
 * The write API as one encapsulated Fastify plugin; routes carry `/api/...` themselves, so it is
 * registered without a prefix. Order as in fastify/demo: external plugins → app plugins → routes.
 */
export async function commandServicePlugin(
  fastify: FastifyInstance,
  options: CommandServiceOptions,
): Promise<void> {
  // External. Guarded: the embedded start may already have registered them around us.
  // Standalone; the embedded start registers them for every answer before us.
  if (!fastify.hasReplyDecorator('helmet')) {
    await fastify.register(helmet, securityHeaderOptions(options.mode));
  }
  if (!fastify.hasDecorator('rateLimit')) {
    // Opt-in per route (`config.rateLimit`), for the sign-in routes to come.
    await fastify.register(rateLimit, { global: false });
  }

  // App.
  await fastify.register(errorHandlerPlugin);
  await fastify.register(commandBusPlugin, {
    commandBus: options.commandBus ?? createCommandBus({ store: options.store }),
  });
  await fastify.register(authorizationPlugin, {
    sessionCodec: options.sessionCodec,
    csrfSecret: options.csrfSecret,
    ...(options.abilityFor ? { abilityFor: options.abilityFor } : {}),
  });
  limitJsonNesting(fastify);
  refuseNulCharacters(fastify);

  if (options.session) {
    await fastify.register(sessionPlugin, {
      ...options.session,
      store: options.store,
      mode: options.mode,
      ...(options.abilityFor ? { abilityFor: options.abilityFor } : {}),
    });
  }

  // Routes.
  await fastify.register(
    settingsRoutes,
    options.featureFlags ? { featureFlags: options.featureFlags } : {},
  );
  await fastify.register(resourceWriteRoutes, options.inUse ? { inUse: options.inUse } : {});
  await fastify.register(historyRoutes, {
    store: options.store,
    ...(options.mergedInto ? { mergedInto: options.mergedInto } : {}),
    ...(options.masqueraders ? { masqueraders: options.masqueraders } : {}),
  });
  await fastify.register(sectionWriteRoutes);
  await fastify.register(bulkApprovalRoutes);
  await fastify.register(preferenceWriteRoutes);
  await fastify.register(approvalWriteRoutes);
  await fastify.register(reportWriteRoutes);
  await fastify.register(notificationRoutes);
  await fastify.register(calendarFeedRoutes);
  const abilityFor = options.abilityFor;
  // A job's owner as if signed in now: their roles and the flags as they are.
  const abilityOf = async (userId: string) => {
    if (!abilityFor) return null;
    const now = Date.now();
    return abilityFor({
      sid: `job-${userId}`,
      userId,
      workingUserId: userId,
      issuedAt: now,
      expiresAt: now + 60_000,
    });
  };
  if (options.jobs) {
    await fastify.register(importRoutes, { store: options.store, jobs: options.jobs });
    await fastify.register(importSpecRoutes, { store: options.store, jobs: options.jobs });
    options.jobs.define(
      IMPORT_RUN_JOB,
      createImportRunJob({ bus: fastify.commandBus, store: options.store, abilityOf }),
    );
    options.jobs.define(
      IMPORT_SPEC_RUN_JOB,
      createImportSpecRunJob({
        bus: fastify.commandBus,
        store: options.store,
        abilityOf,
        jobs: options.jobs,
        sources: options.importSources ?? { folder: null },
      }),
    );
    options.jobs.define(
      IMPORT_UNDO_JOB,
      createImportUndoJob({
        bus: fastify.commandBus,
        store: options.store,
        abilityOf,
        ...(options.inUse ? { inUse: options.inUse } : {}),
      }),
    );
    if (options.cloneSources) {
      await fastify.register(cloneRoutes, { sources: options.cloneSources, jobs: options.jobs });
      options.jobs.define(
        CLONE_JOB,
        createCloneJob({
          bus: fastify.commandBus,
          store: options.store,
          sources: options.cloneSources,
          abilityOf,
        }),
      );
    }
    if (options.email) {
      await fastify.register(emailRoutes, {
        store: options.store,
        sources: options.email.sources,
        jobs: options.jobs,
        publicUrl: options.email.publicUrl,
        developerAddresses: options.email.developerAddresses,
        ...(options.featureFlags ? { featureFlags: options.featureFlags } : {}),
      });
      options.jobs.define(
        EMAIL_JOB,
        createEmailJob({
          bus: fastify.commandBus,
          store: options.store,
          ...options.email,
          abilityOf,
        }),
      );
      if (options.email.digests) {
        const { developerAddresses } = options.email;
        const flags = options.featureFlags;
        options.jobs.define(
          NOTIFICATION_DIGEST_JOB,
          createNotificationDigestJob({
            bus: fastify.commandBus,
            store: options.store,
            sources: options.email.digests,
            mailer: options.email.mailer,
            publicUrl: options.email.publicUrl,
            // With developer e-mails on and no address to send them to, nothing is sent.
            developerAddresses: () => (flags?.flags.devEmailsEnabled ? developerAddresses : null),
            abilityOf,
          }),
        );
      }
    }
    await fastify.register(effortImportRoutes, {
      store: options.store,
      jobs: options.jobs,
      ...(options.uploads ? { uploads: options.uploads } : {}),
    });
    const effortJobDeps = { bus: fastify.commandBus, store: options.store, abilityOf };
    options.jobs.define(EFFORT_IMPORT_JOB, createEffortImportJob(effortJobDeps));
    options.jobs.define(EFFORT_RECLASSIFY_JOB, createReclassifyJob(effortJobDeps));
  }
  if (options.jobs && options.reportExports) {
    await fastify.register(reportExportRoutes, {
      jobs: options.jobs,
      records: options.reportExports,
    });
    await fastify.register(dataServiceRoutes, {
      store: options.store,
      jobs: options.jobs,
      records: options.reportExports,
    });
    options.jobs.define(
      DATA_SERVICE_RUN_JOB,
      createDataServiceRunJob({
        bus: fastify.commandBus,
        store: options.store,
        records: options.reportExports,
        jobs: options.jobs,
        abilityOf,
      }),
    );
  }
}
