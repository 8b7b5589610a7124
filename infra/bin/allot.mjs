#!/usr/bin/env node
// `allot <command>`: runs infra's CLI from its TypeScript source through tsx, as `npm start` does
// (a stale dist can never answer); from dist only where the source is not shipped.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const infra = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(infra, 'src', 'cli.ts');
const args = existsSync(source)
  ? ['--conditions=allot-source', '--import', import.meta.resolve('tsx'), source]
  : [path.join(infra, 'dist', 'cli.js')];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
