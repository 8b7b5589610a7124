// Creates one PostgreSQL database for this test run (unique name) when DATABASE_URL is set, and
// checks Redis when REDIS_URL is set. With CI=true both are required, and so is Debian's
// simplesamlphp package (the real SAML IdP of the `// @allot-needs simplesamlphp` tests): a test
// that needs them must fail, never skip, so a missing service stops the run here with one clear
// sentence.
import pg from 'pg';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

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
  await makePgliteTemplate();
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

/**
 * One empty, initialised PGlite cluster for the whole run: every embedded database a test opens
 * (in memory or in a new data folder) loads it instead of running initdb, seconds of CPU each
 * (`PGLITE_TEMPLATE_ENV` in shared-events/src/embeddedPostgres). globalTeardown removes it.
 */
async function makePgliteTemplate() {
  const file = path.join(os.tmpdir(), `allot-pglite-template-${process.env.ALLOT_TEST_RUN_ID}.tar`);
  if (!fs.existsSync(file)) {
    // As the application opens it (shared-events/src/embeddedPostgres): with pg_trgm.
    const db = new PGlite({ extensions: { pg_trgm } });
    await db.waitReady;
    const dump = await db.dumpDataDir('none');
    await db.close();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  process.env.ALLOT_PGLITE_TEMPLATE = file;
}
