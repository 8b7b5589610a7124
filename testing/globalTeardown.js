import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  // The demo folder the run seeded once (infra/src/testing/demoTemplate.ts).
  if (process.env.ALLOT_TEST_RUN_ID) {
    await rm(path.join(os.tmpdir(), `allot-demo-template-${process.env.ALLOT_TEST_RUN_ID}`), {
      recursive: true,
      force: true,
    });
  }
  const name = process.env.ALLOT_TEST_DATABASE_NAME;
  if (!name || !process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
