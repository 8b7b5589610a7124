import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  // The demo folder's seeding (testing/sequencer.js), if the run ended before it did.
  if (process.env.ALLOT_DEMO_SEEDER_PID) {
    try {
      process.kill(Number(process.env.ALLOT_DEMO_SEEDER_PID));
    } catch {
      // Already done.
    }
  }
  // The demo folder the run seeded once (infra/src/testing/demoTemplate.ts); kept when
  // scripts/test.mjs hands it on to the browser run, which then removes it.
  if (process.env.ALLOT_TEST_RUN_ID && process.env.ALLOT_KEEP_DEMO_TEMPLATE !== '1') {
    await rm(path.join(os.tmpdir(), `allot-demo-template-${process.env.ALLOT_TEST_RUN_ID}`), {
      recursive: true,
      force: true,
    });
  }
  if (process.env.ALLOT_PGLITE_TEMPLATE)
    await rm(process.env.ALLOT_PGLITE_TEMPLATE, { force: true });
  const name = process.env.ALLOT_TEST_DATABASE_NAME;
  if (!name || !process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
