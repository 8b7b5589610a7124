import pg from 'pg';

export default async function globalTeardown() {
  const name = process.env.ALLOT_TEST_DATABASE_NAME;
  if (!name || !process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
