// Creates one PostgreSQL database for this test run (unique name) when DATABASE_URL is set, and
// checks Redis when REDIS_URL is set. With CI=true both are required, and so is Debian's
// simplesamlphp package (the real SAML IdP of the `// @allot-needs simplesamlphp` tests): a test
// that needs them must fail, never skip, so a missing service stops the run here with one clear
// sentence.
import pg from 'pg';
import fs from 'node:fs';
import net from 'node:net';

const ci = process.env.CI === 'true' || process.env.CI === '1';

function fail(sentence) {
  throw new Error(sentence);
}

async function redisReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export default async function globalSetup() {
  // Names the run: infra/src/testing/demoTemplate.ts seeds one demo folder per run under it.
  // (scripts/test.mjs names it beforehand so the browser run can start from the same folder.)
  process.env.ALLOT_TEST_RUN_ID ??= `${Date.now().toString(36)}-${process.pid}`;
  if (ci && !fs.existsSync('/usr/share/simplesamlphp')) {
    fail(
      'CI=true but SimpleSAMLphp is not installed (/usr/share/simplesamlphp is missing): apt-get install simplesamlphp php-cli php-xml, as .ci/run does.',
    );
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (ci) fail('CI=true but DATABASE_URL is not set: the PostgreSQL tests cannot run.');
  } else {
    const name = `allot_test_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    try {
      await admin.connect();
    } catch (err) {
      fail(`DATABASE_URL (${databaseUrl}) is unreachable: ${err.message}`);
    }
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    process.env.ALLOT_TEST_DATABASE_URL = url.toString();
    process.env.ALLOT_TEST_DATABASE_NAME = name;
  }
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    if (ci) fail('CI=true but REDIS_URL is not set: the Redis tests cannot run.');
  } else if (!(await redisReachable(redisUrl))) {
    fail(`REDIS_URL (${redisUrl}) is unreachable.`);
  } else {
    process.env.ALLOT_TEST_REDIS_URL = redisUrl;
    process.env.ALLOT_TEST_REDIS_PREFIX = `allot-test-${Date.now().toString(36)}-${process.pid}`;
  }
}
