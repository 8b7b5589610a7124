// `npm run demo:files -w infra -- <folder>`: the demo institution as import files (one CSV per
// kind, numbered in import order) written into <folder>, to try Data Services' imports with
// (docs/data-services.md "The demo as files").
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { demoImportFiles } from '../src/seed/demoImportFiles.js';

const USAGE = `Usage: npm run demo:files -w infra -- <folder> [--points-required]

Writes the demo institution's rooms, faculty, courses, course offerings, sections, teaching
assignments and administrative assignments as CSV files into <folder>, numbered in the order they
are imported. --points-required adds the faculty's points required (financial data: only someone
who may change financial data can import that column).`;

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('-'));
if (!folder || args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(folder ? 0 : 2);
}
// npm runs a workspace's script in its folder; the folder given is the caller's.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
await mkdir(target, { recursive: true });
const files = demoImportFiles({ pointsRequired: args.includes('--points-required') });
for (const file of files) {
  await writeFile(path.join(target, file.fileName), file.csv);
  console.log(`${file.fileName}: ${String(file.rows)} rows`);
}
console.log(`Wrote ${String(files.length)} files into ${target}: import them in this order.`);
