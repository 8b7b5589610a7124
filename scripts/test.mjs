// `npm test`: lint, typecheck, the jest suites, then the browser tests in Chromium, and one closing
// line `N passed, N failed` for the whole run (lint, format and typecheck count as one check each).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { checkNodeVersion, ensureDependencies, npmCommand, repoRoot, run } from './lib/run.mjs';

// turbo would otherwise announce (and try to send) anonymous telemetry on a fresh machine.
process.env.TURBO_TELEMETRY_DISABLED ??= '1';
checkNodeVersion();
await ensureDependencies();

// Fail fast, before minutes of linting, when the browser tests could not run anyway.
const chromium = await ensureChromium();
if (!chromium) process.exit(1);

const tally = { passed: 0, failed: 0 };
const lines = [];
const started = Date.now();

/** "12.3 min" or "45 s": how long a phase took, printed beside its result. */
function took(since) {
  const seconds = (Date.now() - since) / 1000;
  return seconds >= 120 ? `${(seconds / 60).toFixed(1)} min` : `${Math.round(seconds)} s`;
}

/** Runs a command, its output held back and printed whole when it ends (checks run side by side). */
function runHeld(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const done = (code) => {
      console.log(`\n▶ ${label}\n${Buffer.concat(chunks).toString().trimEnd()}`);
      resolve(code);
    };
    child.once('error', (err) => {
      chunks.push(Buffer.from(`Could not run ${command}: ${err.message}`));
      done(127);
    });
    child.once('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

async function check(label, command, args) {
  const since = Date.now();
  const ok = (await runHeld(label, command, args)) === 0;
  tally[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${label}: ${ok ? 'passed' : 'FAILED'} (${took(since)})`);
  return ok;
}

/** Runs jest with a JSON report and adds its counts; a run that crashed counts as one failure. */
async function jest(label, extraArgs, env = {}) {
  console.log(`\n▶ ${label}`);
  const since = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'allot-jest-'));
  const report = path.join(dir, 'report.json');
  const code = await run(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--json',
      `--outputFile=${report}`,
      // A test that leaks a socket or timer must not hold CI until its time limit.
      '--forceExit',
      ...extraArgs,
    ],
    { env: { ...process.env, ...env } },
  );
  let passed = 0;
  let failed = 0;
  try {
    const json = JSON.parse(await readFile(report, 'utf8'));
    passed = json.numPassedTests;
    // Suites that failed to load (syntax error, failing beforeAll) have no failed test to count.
    failed = json.numFailedTests + json.numRuntimeErrorTestSuites;
    if (code !== 0 && failed === 0) failed = 1;
    slowestFiles.push(slowest(label, json.testResults ?? []));
  } catch {
    failed = code === 0 ? 0 : 1;
  }
  await rm(dir, { recursive: true, force: true });
  tally.passed += passed;
  tally.failed += failed;
  lines.push(`${label}: ${passed} passed, ${failed} failed (${took(since)})`);
  return code === 0;
}

/**
 * The files that took longest, and all files' time together (more than the phase's time when
 * workers run side by side): where to look first when the suite gets slow. Printed again at the
 * end, where a log cut to its tail still shows it.
 */
function slowest(label, results, count = 25) {
  const timed = results
    .map((r) => ({ file: path.relative(repoRoot, r.name), ms: r.endTime - r.startTime }))
    .filter((r) => Number.isFinite(r.ms))
    .sort((a, b) => b.ms - a.ms);
  if (timed.length === 0) return '';
  const all = timed.reduce((sum, r) => sum + r.ms, 0);
  // Per package (the file's first folder): which one's tests the time went to.
  const perPackage = new Map();
  for (const r of timed) {
    const top = r.file.split(path.sep)[0];
    perPackage.set(top, (perPackage.get(top) ?? 0) + r.ms);
  }
  const packages = [...perPackage]
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${took(Date.now() - ms)}`)
    .join(', ');
  const text = `Slowest files of the ${label} (${timed.length} files, ${took(Date.now() - all)} in all: ${packages}):\n${timed
    .slice(0, count)
    .map((r) => `  ${(r.ms / 1000).toFixed(1)} s  ${r.file}`)
    .join('\n')}`;
  console.log(text);
  return text;
}
const slowestFiles = [];

const npm = npmCommand();
// The tests run even after a lint or type error: one run then reports everything that is wrong.
// The static checks and the frontend build side by side: lint holds one core for its whole run,
// while the type checks and the build fill the other.
const [, , built] = await Promise.all([
  check('lint', npm, ['run', 'lint']),
  check('format', npm, ['run', 'format:check']).then(() =>
    check('typecheck', npm, ['run', 'typecheck']),
  ),
  check('frontend build', npm, ['run', 'build', '-w', '@allot/frontend']),
]);
// The run's seeded demo folder (infra/src/testing/demoTemplate.ts) outlives the jest run so the
// browser run starts from a copy instead of seeding the institution again; removed at the end.
const runId = `${Date.now().toString(36)}-${process.pid}`;
const demoTemplate = path.join(os.tmpdir(), `allot-demo-template-${runId}`);
await jest('unit and integration tests', [], {
  ALLOT_TEST_RUN_ID: runId,
  ALLOT_KEEP_DEMO_TEMPLATE: '1',
});
if (built) {
  await check('login budget', process.execPath, ['scripts/checkLoginBudget.mjs']);
  await jest('browser tests', ['--config', path.join(repoRoot, 'e2e', 'jest.config.js')], {
    ALLOT_CHROMIUM_PATH: chromium,
    ALLOT_E2E_DEMO_TEMPLATE: demoTemplate,
  });
} else {
  lines.push('browser tests: not run, the frontend did not build');
}

await rm(demoTemplate, { recursive: true, force: true });
console.log(`\n${slowestFiles.filter(Boolean).join('\n')}`);
console.log(`\n${lines.join('\n')}\nwhole run: ${took(started)}`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
