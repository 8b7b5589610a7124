// Browser tests: a separate jest run (scripts/test.mjs starts it after the unit suites and the
// frontend build). globalSetup starts one Allot with demo data on PGlite for the whole run; every
// file drives the system Chromium against it.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  },
];

export default {
  displayName: 'e2e',
  rootDir: '..',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@allot/shared-events/testing$': '<rootDir>/shared-events/src/testing/index.ts',
    '^@allot/([a-z-]+)$': '<rootDir>/$1/src/index.ts',
  },
  globalSetup: '<rootDir>/e2e/globalSetup.mjs',
  globalTeardown: '<rootDir>/e2e/globalTeardown.mjs',
  testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
  testTimeout: 120000,
  // One browser at a time on a 2-core machine.
  maxWorkers: 1,
};
