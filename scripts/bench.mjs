// `npm run bench` (never part of npm test): the event-store append and projection catch-up
// benchmarks. They use DATABASE_URL when set; benchmarks belong on a real PostgreSQL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkNodeVersion, ensureDependencies, repoRoot, run, stop, tsxFlags } from './lib/run.mjs';

checkNodeVersion();
await ensureDependencies();

const benches = ['shared-events/bench/appendBench.ts', 'projection-service/bench/catchUpBench.ts'];
let failed = 0;
for (const bench of benches) {
  const file = path.join(repoRoot, bench);
  if (!existsSync(file)) stop(`${bench} does not exist yet.`);
  console.log(`\n▶ ${bench}`);
  const code = await run(process.execPath, [...tsxFlags(), file]);
  if (code !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
