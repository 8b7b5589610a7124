import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './loadConfig.js';
import { resolveSessionSecret } from './sessionSecret.js';
import { formatStartupError } from './formatStartupError.js';

const SECRET = 'x'.repeat(40);

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, { cwd: '/srv/allot' });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts a fresh checkout with the embedded defaults', () => {
    const config = loadConfig({}, { cwd: '/srv/allot' });
    expect(config).toMatchObject({
      mode: 'local',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/allot/.allot-data',
      databaseUrl: null,
      redisUrl: null,
      eventStoreConnectionString: null,
      sessionSecret: null,
      demoData: true,
      demoIdp: true,
      dbPoolSize: 10,
      signInRateLimit: 30,
      logLevel: 'warn',
      oidc: null,
      saml: null,
    });
    expect(config.frontendDir).toMatch(/frontend[/\\]dist$/);
  });

  it('reads every variable it is given', () => {
    const config = loadConfig(
      {
        ALLOT_MODE: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        ALLOT_PUBLIC_URL: 'https://allot.example.edu/',
        ALLOT_DATA_DIR: 'data',
        DATABASE_URL: 'postgres://allot:pw@db:5432/allot',
        ALLOT_DB_POOL_SIZE: '20',
        ALLOT_SIGNIN_RATE_LIMIT: '120',
        REDIS_URL: 'redis://cache:6379',
        EVENTSTORE_CONNECTION_STRING: 'esdb://es:2113?tls=false',
        ALLOT_SESSION_SECRET: SECRET,
        ALLOT_DEMO_DATA: 'off',
        ALLOT_DEMO_IDP: 'false',
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: 'https://idp.example.edu',
        OIDC_CLIENT_ID: 'allot',
        OIDC_CLIENT_SECRET: 's3cret',
      },
      { cwd: '/srv/allot' },
    );
    expect(config).toMatchObject({
      mode: 'production',
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://allot.example.edu',
      dataDir: '/srv/allot/data',
      databaseUrl: 'postgres://allot:pw@db:5432/allot',
      dbPoolSize: 20,
      signInRateLimit: 120,
      redisUrl: 'redis://cache:6379',
      // Named by its database: two deployments on one Redis never share keys.
      redisPrefix: 'allot:allot',
      eventStoreConnectionString: 'esdb://es:2113?tls=false',
      sessionSecret: SECRET,
      demoData: false,
      demoIdp: false,
      logLevel: 'warn',
      oidc: {
        issuer: 'https://idp.example.edu',
        clientId: 'allot',
        clientSecret: 's3cret',
        scopes: 'openid profile email',
      },
      saml: null,
    });
  });

  it('keeps each deployment’s Redis keys apart: its own prefix, or one named by its database or data folder', () => {
    expect(loadConfig({ ALLOT_REDIS_PREFIX: 'north:prod' }).redisPrefix).toBe('north:prod');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/allot_staging' }).redisPrefix).toBe(
      'allot:allot_staging',
    );
    const a = loadConfig({ ALLOT_DATA_DIR: '/srv/a' }).redisPrefix;
    const b = loadConfig({ ALLOT_DATA_DIR: '/srv/b' }).redisPrefix;
    expect(a).toMatch(/^allot:embedded-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(problemsOf({ ALLOT_REDIS_PREFIX: 'has space' })).toEqual([
      'ALLOT_REDIS_PREFIX must be 1 to 64 letters, digits or the characters _ . : -.',
    ]);
  });

  it('lets the realtime socket be opened from the public URL, the listed origins and, locally, the dev server', () => {
    expect(
      loadConfig({
        ALLOT_MODE: 'staging-build',
        ALLOT_PUBLIC_URL: 'https://allot.example.edu/',
        ALLOT_ALLOWED_ORIGINS: 'https://plan.example.edu, https://allot.example.edu',
      }).allowedOrigins,
    ).toEqual(['https://allot.example.edu', 'https://plan.example.edu']);
    expect(loadConfig({}).allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
    ]);
    expect(problemsOf({ ALLOT_ALLOWED_ORIGINS: 'https://a.edu/path' })).toEqual([
      'ALLOT_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://allot.example.edu.',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeNull();
  });

  it('names the variable and what is wrong for each bad value', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        ALLOT_MODE: 'prod',
        ALLOT_DEMO_DATA: 'maybe',
        DATABASE_URL: 'mysql://u:pw@db/x',
        REDIS_URL: 'localhost:6379',
        ALLOT_SESSION_SECRET: 'short',
      }),
    ).toEqual([
      'ALLOT_MODE must be one of production, development, local, staging-build, test (got "prod").',
      'PORT must be a port number from 0 to 65535 (got "eighty").',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://.',
      'REDIS_URL must be a URL starting with redis:// or rediss://.',
      'ALLOT_SESSION_SECRET must be at least 32 characters long.',
      'ALLOT_DEMO_DATA must be one of true, 1, on, yes, false, 0, off, no (got "maybe").',
    ]);
  });

  it('reads a sign-in rate limit of 1 to 100,000 a minute', () => {
    expect(problemsOf({ ALLOT_SIGNIN_RATE_LIMIT: '0' })).toEqual([
      'ALLOT_SIGNIN_RATE_LIMIT must be a whole number from 1 to 100000 (got "0").',
    ]);
    expect(problemsOf({ ALLOT_SIGNIN_RATE_LIMIT: 'lots' })).toHaveLength(1);
  });

  it('rejects a port above 65535', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT must be a port number from 0 to 65535 (got "70000").',
    ]);
  });

  it('never echoes a value that may hold a password', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://u:hunter2@db/x',
      ALLOT_SESSION_SECRET: 'hunter2',
    });
    expect(problems.join(' ')).not.toContain('hunter2');
  });

  it('refuses production with demo data, demo sign-in or no session secret', () => {
    expect(
      problemsOf({ ALLOT_MODE: 'production', ALLOT_DEMO_DATA: 'on', ALLOT_DEMO_IDP: 'on' }),
    ).toEqual([
      expect.stringMatching(/^ALLOT_SESSION_SECRET is required in production mode/),
      expect.stringMatching(/^ALLOT_DEMO_DATA must be off in production mode/),
      expect.stringMatching(/^ALLOT_DEMO_IDP must be off in production mode/),
    ]);
  });

  it('turns the demo off by default in production, also when only NODE_ENV says so', () => {
    const config = loadConfig({ NODE_ENV: 'production', ALLOT_SESSION_SECRET: SECRET });
    expect(config).toMatchObject({ mode: 'production', demoData: false, demoIdp: false });
  });

  it('keeps the demo off by default in test and staging-build modes', () => {
    expect(loadConfig({ ALLOT_MODE: 'test' })).toMatchObject({
      demoData: false,
      demoIdp: false,
      logLevel: 'warn',
    });
    expect(loadConfig({ ALLOT_MODE: 'staging-build' })).toMatchObject({
      demoData: false,
      demoIdp: false,
    });
  });

  it('reads feature flags over the demo defaults, and names a bad one', () => {
    expect(loadConfig({}).featureFlags).toMatchObject({ apiEnabled: true, aemEnabled: false });
    expect(
      loadConfig({ ALLOT_MODE: 'test', ALLOT_FEATURE_AEM_ENABLED: 'on' }).featureFlags,
    ).toMatchObject({
      apiEnabled: false,
      aemEnabled: true,
    });
    expect(problemsOf({ ALLOT_FEATURE_API_ENABLED: 'sometimes' })).toEqual([
      'ALLOT_FEATURE_API_ENABLED must be true or false, not "sometimes".',
    ]);
  });

  it('asks for the partner of a half-configured identity provider', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://idp.example.edu' })).toEqual([
      'OIDC_CLIENT_ID is required when OIDC_ISSUER is set.',
    ]);
    expect(problemsOf({ SAML_ENTRY_POINT: 'https://idp.example.edu/sso' })).toEqual([
      'SAML_IDP_CERT is required when SAML_ENTRY_POINT is set.',
    ]);
  });

  it('formats a configuration error as lines without a stack trace', () => {
    const text = formatStartupError(
      new ConfigError(['PORT must be a port number from 0 to 65535 (got "x").']),
    );
    expect(text).toBe('Allot cannot start: PORT must be a port number from 0 to 65535 (got "x").');
  });
});

describe('resolveSessionSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-secret-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('generates a secret once and keeps it in the data folder', async () => {
    const first = await resolveSessionSecret({ mode: 'local', sessionSecret: null, dataDir });
    const second = await resolveSessionSecret({ mode: 'local', sessionSecret: null, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'session-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('prefers the configured secret', async () => {
    await expect(
      resolveSessionSecret({ mode: 'production', sessionSecret: SECRET, dataDir }),
    ).resolves.toBe(SECRET);
  });
});
