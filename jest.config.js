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

const base = (dir, extra = {}) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@allot/shared-events/testing$': '<rootDir>/../shared-events/src/testing/index.ts',
    '^@allot/shared-events/browser$': '<rootDir>/../shared-events/src/browser.ts',
    '^@allot/([a-z-]+)$': '<rootDir>/../$1/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  ...extra,
});

export default {
  globalSetup: '<rootDir>/testing/globalSetup.js',
  globalTeardown: '<rootDir>/testing/globalTeardown.js',
  testTimeout: 60000,
  projects: [
    // EventStoreDB contract tests exist only where a server is configured: not collected, never skipped.
    base(
      'shared-events',
      process.env.EVENTSTORE_CONNECTION_STRING
        ? {}
        : { testPathIgnorePatterns: ['/node_modules/', '\\.esdb\\.test\\.ts$'] },
    ),
    base('command-service'),
    base('projection-service'),
    base('infra'),
    base('frontend', {
      testEnvironment: 'jsdom',
    }),
  ],
};
