import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// One jest run for the whole repo: projects share workers, and one PostgreSQL database is created
// per run by testing/globalSetup.js (each test file then works in its own schema).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
  },
];

// A test file that needs a real service says so in a first-line
// `// @allot-needs postgres|redis|simplesamlphp`. Without that service on a newcomer's machine the
// file is not collected (and the run says so); with CI=true it is always collected, and
// testing/globalSetup.js fails the run if the service is missing — never a silent skip.
// simplesamlphp is Debian's package (a real SAML IdP for the interop tests), which .ci/run installs.
const ci = process.env.CI === 'true' || process.env.CI === '1';
const missing = new Set(
  ci
    ? []
    : [
        !process.env.DATABASE_URL && 'postgres',
        !process.env.REDIS_URL && 'redis',
        !fs.existsSync('/usr/share/simplesamlphp') && 'simplesamlphp',
      ].filter(Boolean),
);
const here = path.dirname(fileURLToPath(import.meta.url));
const notCollected = [];
for (const dir of ['shared-events', 'command-service', 'projection-service', 'infra', 'frontend']) {
  if (missing.size === 0) break;
  for (const file of fs.readdirSync(path.join(here, dir, 'src'), { recursive: true })) {
    if (!/\.test\.tsx?$/.test(file)) continue;
    const full = path.join(here, dir, 'src', file);
    const need = /^\/\/ @allot-needs (\w+)/.exec(fs.readFileSync(full, 'utf8'))?.[1];
    if (need && missing.has(need)) notCollected.push({ file: path.relative(here, full), need });
  }
}
if (notCollected.length > 0 && !process.env.JEST_WORKER_ID) {
  const needs = [...new Set(notCollected.map((n) => n.need))];
  const how = {
    postgres: 'set DATABASE_URL',
    redis: 'set REDIS_URL',
    simplesamlphp: 'apt-get install simplesamlphp php-cli php-xml',
  };
  console.warn(
    `Not collected: ${notCollected.length} test files need ${needs.join(' and ')} (${needs.map((n) => how[n] ?? n).join('; ')} to run them; CI always runs them).`,
  );
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const serviceIgnores = notCollected.map((n) => escape(n.file) + '$');

const base = (dir, extra = {}) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../testing/styleStub.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@allot/shared-events/testing$': '<rootDir>/../shared-events/src/testing/index.ts',
    '^@allot/shared-events/browser$': '<rootDir>/../shared-events/src/browser.ts',
    '^@allot/([a-z-]+)$': '<rootDir>/../$1/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  ...extra,
  testPathIgnorePatterns: [
    '/node_modules/',
    ...serviceIgnores,
    ...(extra.testPathIgnorePatterns ?? []),
  ],
});

export default {
  // Jest's default leaves a core idle on a 2-core machine (cores − 1 = one worker, in band); the
  // files are independent (each its own schema and Redis prefix), so use every core.
  maxWorkers: Math.max(2, os.availableParallelism()),
  // A worker that has run many files holds gigabytes (module registries of ESM test files) and
  // then spends its time collecting garbage: one file took 655 s that takes 130 s in a fresh
  // process. A worker past this much after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1200MB',
  // The files that start the application on the run's demo folder run last, and the folder is
  // seeded beside the workers meanwhile (testing/sequencer.js).
  testSequencer: '<rootDir>/testing/sequencer.js',
  globalSetup: '<rootDir>/testing/globalSetup.js',
  globalTeardown: '<rootDir>/testing/globalTeardown.js',
  // A guard against hangs, not a speed check. Three suites seed the whole demo institution on
  // embedded PGlite themselves (first start, seeding, the institution at scale): on a loaded
  // 2-core machine that has taken up to five minutes. A test cut off while its start still runs
  // leaves that start running into the next file of the same worker, which then fails with
  // "Cannot read properties of undefined (reading 'Socket')"; so the guard is generous.
  testTimeout: 600000,
  projects: [
    // EventStoreDB contract tests exist only where a server is configured: not collected, never skipped.
    base(
      'shared-events',
      process.env.EVENTSTORE_CONNECTION_STRING
        ? {}
        : { testPathIgnorePatterns: ['\\.esdb\\.test\\.ts$'] },
    ),
    base('command-service'),
    base('projection-service'),
    base('infra'),
    base('frontend', {
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/../testing/frontendSetup.js'],
    }),
  ],
};
