// `npm run soak` (never part of `npm test`): the fault and load suite of infra/soak/soak.ts on a
// real PostgreSQL (DATABASE_URL) with a Redis of its own; figures go to docs/reliability.md.
import path from 'node:path';
import { checkNodeVersion, ensureDependencies, repoRoot, run, stop, tsxFlags } from './lib/run.mjs';

checkNodeVersion();
if (!process.env.DATABASE_URL) {
  stop(
    'npm run soak needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); it creates and drops databases of its own there.',
  );
}
await ensureDependencies();
const code = await run(process.execPath, [
  ...tsxFlags(),
  path.join(repoRoot, 'infra', 'soak', 'soak.ts'),
]);
process.exit(code);
