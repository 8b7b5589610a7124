/**
 * The application for the benchmarks and the soak suite, in a process of its own so that the load
 * generator (autocannon, the socket client) does not share the server's event loop: `startAllot`
 * on BENCH_DATABASE_URL in production mode without demo data, the session secret from
 * BENCH_SESSION_SECRET, on BENCH_PORT (any free port when unset), with Redis at BENCH_REDIS_URL
 * when set. Prints `listening <url>` once it answers; SIGTERM closes it.
 */
import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../src/config/loadConfig.js';
import { startAllot } from '../src/embedded/startAllot.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const secret = process.env.BENCH_SESSION_SECRET;
const dataDir = process.env.BENCH_DATA_DIR;
if (!databaseUrl || !secret || !dataDir) {
  console.error('benchServer needs BENCH_DATABASE_URL, BENCH_SESSION_SECRET and BENCH_DATA_DIR');
  process.exit(1);
}

await writeFile(`${dataDir}/index.html`, '<!doctype html><title>Allot</title>');
const allot = await startAllot(
  loadConfig({
    ALLOT_MODE: 'production',
    DATABASE_URL: databaseUrl,
    PORT: process.env.BENCH_PORT ?? '0',
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
    HOST: '127.0.0.1',
    ALLOT_DATA_DIR: dataDir,
    ALLOT_FRONTEND_DIR: dataDir,
    ALLOT_DB_POOL_SIZE: process.env.ALLOT_DB_POOL_SIZE ?? '10',
    ALLOT_SESSION_SECRET: secret,
    ALLOT_DEMO_DATA: 'off',
    ALLOT_DEMO_IDP: 'off',
    LOG_LEVEL: 'silent',
  }),
);
// A projection the database has not seen yet (a newer build) catches up before we measure.
const head = await allot.store.committedHeadPosition();
if (head && !(await allot.runner.waitFor(head, undefined, 60 * 60_000))) {
  console.error('benchServer: the projections did not reach the head within an hour');
  process.exit(1);
}
console.log(`listening ${allot.url}`);

process.once('SIGTERM', () => {
  allot.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
