import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_FEATURE_FLAGS,
  DEMO_FEATURE_FLAGS,
  FeatureFlagConfigError,
  featureFlagsFromEnvironment,
  type FeatureFlags,
} from '@allot/shared-events';
import {
  environmentSchema,
  type AllotMode,
  type Environment,
  type EnvironmentVariable,
} from './environment.js';
import { samlSettingsFrom, type SamlSettings } from './samlSettings.js';

export type LogLevel = NonNullable<Environment['LOG_LEVEL']>;

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
}

export type { SamlSettings } from './samlSettings.js';

export interface AllotConfig {
  mode: AllotMode;
  port: number;
  host: string;
  /** Where browsers reach Allot; identity-provider redirects are built from it. */
  publicUrl: string;
  /** Absolute; holds the embedded database and the generated session secret. */
  dataDir: string;
  /** Absolute; the built frontend that is served for every non-/api path. */
  frontendDir: string;
  /** null: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  dbPoolSize: number;
  /** Sign-in requests one address may make a minute (GET login, callbacks, the demo provider). */
  signInRateLimit: number;
  /** null: in-process jobs and single-node realtime. */
  redisUrl: string | null;
  /**
   * Prefix of every Redis key (jobs, realtime): deployments sharing one Redis keep apart. Default
   * `allot:<database name>`, or `allot:embedded-<hash of the data folder>` on embedded PGlite.
   */
  redisPrefix: string;
  /**
   * Origins a browser may open the realtime socket from: the public URL's, those listed in
   * ALLOT_ALLOWED_ORIGINS, and in local and development modes the Vite dev server's.
   */
  allowedOrigins: string[];
  /** null: the PostgreSQL event store on the same database. */
  eventStoreConnectionString: string | null;
  /** null: generated once and kept in `dataDir` (never in production, where it is required). */
  sessionSecret: string | null;
  demoData: boolean;
  demoIdp: boolean;
  /** `ALLOT_FEATURE_<NAME>` over the defaults (all off), or over the demo's when demo data is on. */
  featureFlags: FeatureFlags;
  logLevel: LogLevel;
  oidc: OidcSettings | null;
  saml: SamlSettings | null;
  /** Where scheduled saved imports read files (absolute); null: no import folder. */
  importDir: string | null;
  /** A PEM file of extra certificate authorities for HTTPS import sources (absolute); null: none. */
  importCaFile: string | null;
  /** Where mail leaves (ALLOT_SMTP_URL); null: the embedded catcher keeps it, for admins to read. */
  smtpUrl: string | null;
  /** The sender of Allot's mail. */
  mailFrom: string;
  /** Where every message goes instead while developer e-mails are on (ALLOT_DEV_EMAILS). */
  developerEmails: readonly string[];
}

/** Where the demo's developer e-mails go (the embedded catcher keeps them). */
export const DEMO_DEVELOPER_EMAIL = 'developers@demo.allot.test';

/** Thrown for a bad environment; each problem is one sentence naming its variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** Values safe to echo back in an error; the others may carry passwords or keys. */
const ECHOED: ReadonlySet<string> = new Set<EnvironmentVariable>([
  'ALLOT_MODE',
  'PORT',
  'HOST',
  'ALLOT_PUBLIC_URL',
  'ALLOT_DB_POOL_SIZE',
  'ALLOT_SIGNIN_RATE_LIMIT',
  'ALLOT_DEMO_DATA',
  'ALLOT_DEMO_IDP',
  'LOG_LEVEL',
  'OIDC_ISSUER',
  'SAML_ENTRY_POINT',
]);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `npm run dev -w @allot/frontend`: its pages open the socket through its proxy. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Modes where the demo institution and demo sign-in are on unless switched off. */
const DEMO_BY_DEFAULT: ReadonlySet<AllotMode> = new Set<AllotMode>(['local', 'development']);

export interface LoadConfigOptions {
  /** Relative paths (ALLOT_DATA_DIR, ALLOT_FRONTEND_DIR) resolve against it; default process.cwd(). */
  cwd?: string;
}

/**
 * Reads and checks the environment. Throws ConfigError listing every bad value, and refuses
 * production with demo data or demo sign-in (they would open a real institution to anyone).
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: LoadConfigOptions = {},
): AllotConfig {
  const raw = Object.fromEntries(
    Object.keys(environmentSchema.shape).flatMap((name) => {
      const value = env[name];
      // An empty variable (`DATABASE_URL= npm start`) means unset, as in most tools.
      return value === undefined || value.trim() === '' ? [] : [[name, value]];
    }),
  );
  const parsed = environmentSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = raw[name];
        const got = ECHOED.has(name) && typeof value === 'string' ? ` (got "${value}")` : '';
        return `${name} ${issue.message}${got}.`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const mode: AllotMode = e.ALLOT_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'local');
  const port = e.PORT ?? 3000;
  const cwd = options.cwd ?? process.cwd();
  const demoData = e.ALLOT_DEMO_DATA ?? DEMO_BY_DEFAULT.has(mode);
  const saml = samlSettingsFrom(e, cwd, problems);
  // A configured campus sign-in wins over the demo one: the demo provider is off unless asked for.
  const realSignIn = e.OIDC_ISSUER !== undefined || saml !== null;
  const demoIdp = e.ALLOT_DEMO_IDP ?? (DEMO_BY_DEFAULT.has(mode) && !realSignIn);

  if (mode === 'production') {
    if (!e.ALLOT_SESSION_SECRET) {
      problems.push(
        'ALLOT_SESSION_SECRET is required in production mode (at least 32 random characters, e.g. from `openssl rand -base64 48`).',
      );
    }
    if (demoData) {
      problems.push(
        'ALLOT_DEMO_DATA must be off in production mode: demo data would mix invented people into a real plan.',
      );
    }
    if (demoIdp) {
      problems.push(
        'ALLOT_DEMO_IDP must be off in production mode: its demo accounts sign in without a password.',
      );
    }
  }
  let featureFlags: FeatureFlags = DEFAULT_FEATURE_FLAGS;
  try {
    featureFlags = featureFlagsFromEnvironment(
      env,
      demoData ? DEMO_FEATURE_FLAGS : DEFAULT_FEATURE_FLAGS,
    );
  } catch (err) {
    if (!(err instanceof FeatureFlagConfigError)) throw err;
    problems.push(...err.message.split('\n'));
  }
  requireTogether(problems, e, ['OIDC_ISSUER', 'OIDC_CLIENT_ID']);
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(cwd, e.ALLOT_DATA_DIR ?? '.allot-data');
  const publicUrl = (e.ALLOT_PUBLIC_URL ?? `http://localhost:${String(port)}`).replace(/\/+$/, '');

  return {
    mode,
    port,
    host: e.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir,
    frontendDir: e.ALLOT_FRONTEND_DIR
      ? path.resolve(cwd, e.ALLOT_FRONTEND_DIR)
      : path.join(REPO_ROOT, 'frontend', 'dist'),
    databaseUrl: e.DATABASE_URL ?? null,
    dbPoolSize: e.ALLOT_DB_POOL_SIZE ?? 10,
    signInRateLimit: e.ALLOT_SIGNIN_RATE_LIMIT ?? 30,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.ALLOT_REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL ?? null, dataDir),
    allowedOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        ...(e.ALLOT_ALLOWED_ORIGINS ?? '')
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
        ...(mode === 'local' || mode === 'development' ? [VITE_DEV_ORIGIN] : []),
      ]),
    ],
    eventStoreConnectionString: e.EVENTSTORE_CONNECTION_STRING ?? null,
    sessionSecret: e.ALLOT_SESSION_SECRET ?? null,
    demoData,
    demoIdp,
    featureFlags,
    // Request lines would drown the start banner on a newcomer's terminal.
    logLevel: e.LOG_LEVEL ?? (mode === 'test' || mode === 'local' ? 'warn' : 'info'),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET ?? null,
            scopes: e.OIDC_SCOPES ?? 'openid profile email',
          }
        : null,
    saml,
    importDir: e.ALLOT_IMPORT_DIR ? path.resolve(cwd, e.ALLOT_IMPORT_DIR) : null,
    importCaFile: e.ALLOT_IMPORT_CA_FILE ? path.resolve(cwd, e.ALLOT_IMPORT_CA_FILE) : null,
    smtpUrl: e.ALLOT_SMTP_URL ?? null,
    mailFrom: e.ALLOT_MAIL_FROM ?? `Allot <allot@${new URL(publicUrl).hostname}>`,
    // The demo turns developer e-mails on: its messages go to a demo address the catcher keeps.
    developerEmails: e.ALLOT_DEV_EMAILS ?? (demoData ? [DEMO_DEVELOPER_EMAIL] : []),
  };
}

function requireTogether(
  problems: string[],
  e: Environment,
  names: readonly [EnvironmentVariable, EnvironmentVariable],
): void {
  const [a, b] = names;
  if (e[a] !== undefined && e[b] === undefined) problems.push(`${b} is required when ${a} is set.`);
  if (e[b] !== undefined && e[a] === undefined) problems.push(`${a} is required when ${b} is set.`);
}

/** One deployment's Redis keys: named by its database (or its data folder on embedded PGlite). */
export function defaultRedisPrefix(databaseUrl: string | null, dataDir: string): string {
  if (databaseUrl) {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
    const safe = name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 50);
    if (safe) return `allot:${safe}`;
  }
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return `allot:embedded-${hash}`;
}
