// The order jest runs the test files in, and the run's demo folder started early. A dozen files
// start the whole application on the demo institution, seeded once per run
// (infra/src/testing/demoTemplate.ts): seeding it takes one process a minute or two. Done by the
// first of those files, the other worker would sit idle waiting for it; so the seeding starts here,
// in a process of its own, as the run begins, and those files run last, when it is ready.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sequencer from '@jest/test-sequencer';

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const NEEDS_DEMO = /\b(seededDemoDataDir|startConformanceApp|firstStartReport)\(/;

function needsDemo(test) {
  try {
    return NEEDS_DEMO.test(fs.readFileSync(test.path, 'utf8'));
  } catch {
    return false;
  }
}

/** Seeds the run's demo folder beside the workers; globalTeardown stops it if still running. */
function startSeeding() {
  // globalSetup keeps this name; scripts/test.mjs may have given one already.
  process.env.ALLOT_TEST_RUN_ID ??= `${Date.now().toString(36)}-${process.pid}`;
  const child = spawn(
    process.execPath,
    [
      '--conditions=allot-source',
      '--import',
      'tsx',
      path.join(repoRoot, 'infra', 'src', 'testing', 'seedDemoTemplateMain.ts'),
    ],
    { cwd: repoRoot, stdio: 'ignore', env: process.env },
  );
  child.unref();
  process.env.ALLOT_DEMO_SEEDER_PID = String(child.pid);
}

export default class AllotSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const demo = sorted.filter(needsDemo);
    if (demo.length === 0) return sorted;
    startSeeding();
    return [...sorted.filter((test) => !demo.includes(test)), ...demo];
  }
}
