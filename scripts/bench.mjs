// `npm run bench` (never part of npm test): the event-store append and projection catch-up
// benchmarks, each against plain INSERTs on the same server, an XLSX and a CSV export of 100,000
// report rows (time and memory growth), the teaching benchmark (a large institution, HTTP
// latency and rates, realtime delay), the import benchmark (20,000 sections) and the effort
// import benchmark (50,000 payroll lines) and the clone of the large institution's period
// (docs/benchmarks.md). They need a real PostgreSQL:
// PGlite runs one transaction at a time, so numbers taken on it would say nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkNodeVersion, ensureDependencies, repoRoot, run, stop, tsxFlags } from './lib/run.mjs';

checkNodeVersion();
if (!process.env.DATABASE_URL) {
  stop(
    'npm run bench needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); each benchmark creates and drops a database of its own there.',
  );
}
await ensureDependencies();

const benches = [
  'shared-events/bench/appendBench.ts',
  'projection-service/bench/catchUpBench.ts',
  // Builds a 100,000-section plan history (about 4 minutes on 2 cores), then exports it.
  'projection-service/bench/exportBench.ts',
  // Generates the large institution (1,000,000 events), catches the read models up, then drives
  // the HTTP app with autocannon: takes about 7 minutes on 2 cores.
  'infra/bench/teachingBench.ts',
  // Imports 20,000 sections with their meetings and rooms through the command bus, again, with
  // 1 % changed and with 1 % bad rows: takes about 4 minutes on 2 cores.
  'command-service/bench/importBench.ts',
  // Imports a payroll file of 50,000 effort lines with 1 % bad rows, as a dry run and for real:
  // takes about a minute on 2 cores.
  'command-service/bench/effortImportBench.ts',
  // Clones the large institution's active period (20,000 sections in all) into the next through
  // the application, then again: takes about 10 minutes on 2 cores.
  'infra/bench/cloneBench.ts',
];
let failed = 0;
for (const bench of benches) {
  const file = path.join(repoRoot, bench);
  if (!existsSync(file)) stop(`${bench} does not exist yet.`);
  console.log(`\n▶ ${bench}`);
  const code = await run(process.execPath, [...tsxFlags(), file]);
  if (code !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
