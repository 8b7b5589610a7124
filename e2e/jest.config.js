// Browser tests: a separate jest run (scripts/test.mjs starts it after the unit suites and the
// frontend build). globalSetup starts one Allot with demo data on PGlite for the whole run; every
// file drives the system Chromium against it.
import fs from 'node:fs';

// A browser test that needs SimpleSAMLphp says so on its first line, as the unit tests do
// (jest.config.js); without it installed (and without CI=true) the file is not collected.
const ci = process.env.CI === 'true' || process.env.CI === '1';
const here = new URL('.', import.meta.url).pathname;
const notCollected =
  ci || fs.existsSync('/usr/share/simplesamlphp')
    ? []
    : fs
        .readdirSync(here)
        .filter((f) => f.endsWith('.e2e.test.ts'))
        .filter((f) =>
          fs.readFileSync(here + f, 'utf8').startsWith('// @allot-needs simplesamlphp'),
        );
if (notCollected.length > 0 && !process.env.JEST_WORKER_ID) {
  console.warn(
    `Not collected: ${notCollected.join(', ')} (needs SimpleSAMLphp: apt-get install simplesamlphp php-cli php-xml; CI always runs it).`,
  );
}

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
  testPathIgnorePatterns: [
    '/node_modules/',
    ...notCollected.map((f) => `/e2e/${f.replace(/[.]/g, '\\.')}$`),
  ],
  testTimeout: 120000,
  // One browser at a time on a 2-core machine.
  maxWorkers: 1,
};
