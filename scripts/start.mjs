// `npm start`: installs dependencies on a fresh checkout, builds the frontend when its sources
// changed, then runs the embedded server from TypeScript source through tsx (no backend build
// step, so a start takes seconds). The server prints the URL once it listens.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFrontendBuilt } from './lib/frontendBuild.mjs';
import { checkNodeVersion, ensureDependencies, repoRoot, stop, tsxFlags } from './lib/run.mjs';

checkNodeVersion();
await ensureDependencies();
if (!(await ensureFrontendBuilt())) stop('The frontend build failed (see above).');

const child = spawn(
  process.execPath,
  [...tsxFlags(), path.join(repoRoot, 'infra', 'src', 'main.ts'), ...process.argv.slice(2)],
  { cwd: process.cwd(), stdio: 'inherit', env: process.env },
);
// The server shuts down gracefully on these; pass them on rather than dying first.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
