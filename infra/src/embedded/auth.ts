import type { Knex } from 'knex';
import {
  DEFAULT_FEATURE_FLAGS,
  DEMO_FEATURE_FLAGS,
  featureFlagsFromEnvironment,
  type EventStore,
  type FeatureFlags,
  type SessionCodec,
} from '@allot/shared-events';
import {
  createApiKeyVerifier,
  createLiveFeatureFlags,
  createReadModelUserDirectory,
  type AbilityResolver,
  type CommandBus,
  type CommandServiceOptions,
  type LiveFeatureFlags,
  type UserDirectory,
} from '@allot/command-service';
import {
  abilityForSession,
  cachedSessionFacts,
  createApiKeyList,
  createReadModelAuthFacts,
  createTeachingHoldings,
  createTableResolver,
  readAppVersion,
  type RequestAuthOptions,
} from '@allot/projection-service';
import type { AllotConfig } from '../config/loadConfig.js';

export interface ComposedAuth {
  /** The effective flags (configuration, overridden by System Settings), read live. */
  featureFlags: FeatureFlags;
  /** Catches the flags up with the settings stream; run before each request is authorized. */
  liveFeatureFlags: LiveFeatureFlags;
  /** The authFacts read model changed: sessions resolve anew. */
  invalidateSessions(): void;
  abilityFor: AbilityResolver;
  /** The command service's `session` option. */
  session: NonNullable<CommandServiceOptions['session']>;
  /** The projection service's `auth` option. */
  auth: RequestAuthOptions;
  /** Sign-in's users (identity plugin `users` option): active users, lastLoginAt recorded. */
  users: UserDirectory;
}

/**
 * The longest another instance's change to the flags or to a user's roles, workgroups or
 * working period goes unseen here (this instance's own changes are seen at once).
 */
export const FRESHNESS_MS = 1000;

/**
 * Sessions, abilities and API keys over the authFacts read model. Feature flags come from
 * `ALLOT_FEATURE_<NAME>` over the defaults (the demo's when demo data is on).
 */
export function composeAuth(options: {
  config: AllotConfig;
  knex: Knex;
  store: EventStore;
  sessionCodec: SessionCodec;
  bus: Pick<CommandBus, 'execute'>;
  env?: Readonly<Record<string, string | undefined>>;
  /** Waits until the read models show a command's result (a user created at sign-in). */
  waitForUser?: (position: string) => Promise<void>;
}): ComposedAuth {
  const { config, knex, store, sessionCodec } = options;
  // Checked with the rest of the configuration at start; `env` lets a caller override it.
  const configured = options.env
    ? featureFlagsFromEnvironment(
        options.env,
        config.demoData ? DEMO_FEATURE_FLAGS : DEFAULT_FEATURE_FLAGS,
      )
    : config.featureFlags;
  // Issue 5: a System Settings value overrides the configured default of each flag.
  // Commands of this process mark the flags stale (startAllot); another instance's change is
  // seen within FRESHNESS_MS.
  const liveFeatureFlags = createLiveFeatureFlags(store, configured, { maxAgeMs: FRESHNESS_MS });
  const featureFlags = liveFeatureFlags.flags;
  const tables = createTableResolver(knex);
  // Every request resolves its session: the answer is kept until this process's runner says the
  // authFacts read model changed (`invalidateSessions`), and at most FRESHNESS_MS.
  const facts = cachedSessionFacts(createReadModelAuthFacts(knex, tables), {
    maxAgeMs: FRESHNESS_MS,
  });
  const environment = { facts, featureFlags, mode: config.mode, version: readAppVersion() };
  const verifyApiKey = createApiKeyVerifier(store);
  return {
    featureFlags,
    liveFeatureFlags,
    invalidateSessions: () => facts.invalidate(),
    // Null (a deactivated user, an ended sign-in): the command service treats it as signed out.
    abilityFor: (session) => abilityForSession(session, environment),
    // A merge also reads what the duplicate holds in teaching, from those read models.
    session: {
      sessionCodec,
      featureFlags,
      directory: { ...facts, ...createTeachingHoldings(knex, tables) },
    },
    auth: {
      ...environment,
      sessionCodec,
      // The read side needs only whom a key acts as.
      verifyApiKey: async (token) => (await verifyApiKey(token))?.userId ?? null,
      listApiKeys: createApiKeyList(knex, tables),
    },
    users: createReadModelUserDirectory({
      usersMatchingLogin: (identity) => facts.usersMatchingLogin(identity),
      bus: options.bus,
      ...(options.waitForUser ? { waitForPosition: options.waitForUser } : {}),
    }),
  };
}
