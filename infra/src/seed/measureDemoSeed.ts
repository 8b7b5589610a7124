// Times the demo seed on a fresh embedded PGlite folder, step by step:
//   node --conditions=allot-source --import tsx infra/src/seed/measureDemoSeed.ts
// By default as the embedded start runs it: the seed's commands first, then the start of the
// projection runner and its catch-up over the whole log. `--runner-during-seed` runs the seed
// with the runner already started (woken after every command), as the start did before.
// Never part of `npm test`; docs/demo-data.md records its figures.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCommandBus } from '@allot/command-service';
import type { EventStore } from '@allot/shared-events';
import { loadConfig } from '../config/loadConfig.js';
import { openConnections } from '../embedded/connections.js';
import { startAllot } from '../embedded/startAllot.js';
import { demoSeedSteps } from './demoSeeds.js';
import { runSeeds, type SeedCommandBus } from './runSeeds.js';
import type { SeedStep } from './seedStep.js';

const CATCH_UP_TIMEOUT_MS = 30 * 60_000;
const runnerDuringSeed = process.argv.includes('--runner-during-seed');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const timed: SeedStep[] = demoSeedSteps.map((step) => ({
  name: step.name,
  async run(ctx) {
    const from = performance.now();
    await step.run(ctx);
    console.log(`  ${step.name.padEnd(28)} ${seconds(performance.now() - from)}`);
  },
}));

async function seed(store: EventStore, bus: SeedCommandBus): Promise<number> {
  const from = performance.now();
  await runSeeds({ store, bus, steps: timed });
  const ms = performance.now() - from;
  console.log(`seed commands: ${seconds(ms)}`);
  return ms;
}

async function describeLog(store: EventStore): Promise<void> {
  const events = await store.readAll();
  const byType = new Map<string, number>();
  for (const e of events) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
  console.log(`events: ${String(events.length)}`);
  console.log(
    [...byType]
      .sort((a, b) => b[1] - a[1])
      .map(([type, n]) => `${type} ${String(n)}`)
      .join(', '),
  );
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-seed-measure-'));
const env = {
  ...process.env,
  ALLOT_MODE: 'local',
  ALLOT_DEMO_DATA: 'off',
  ALLOT_DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
try {
  if (runnerDuringSeed) {
    const started = performance.now();
    // Started without demo data, so the seed below runs on its store, bus and running runner.
    const allot = await startAllot(loadConfig(env));
    try {
      console.log(`start without demo data: ${seconds(performance.now() - started)}`);
      const seedMs = await seed(allot.store, allot.bus);
      const seeded = performance.now();
      allot.runner.wake();
      const head = await allot.store.committedHeadPosition();
      if (head) await allot.runner.waitFor(head, undefined, CATCH_UP_TIMEOUT_MS);
      const catchUp = performance.now() - seeded;
      await describeLog(allot.store);
      console.log(`projections caught up after: ${seconds(catchUp)}`);
      console.log(`demo seed in all: ${seconds(seedMs + catchUp)}`);
    } finally {
      await allot.close();
    }
  } else {
    const connections = await openConnections(loadConfig(env));
    let seedMs = 0;
    try {
      seedMs = await seed(connections.store, createCommandBus({ store: connections.store }));
      await describeLog(connections.store);
    } finally {
      await connections.close();
    }
    // Then the read models, built from the whole log by a start on the same folder.
    const started = performance.now();
    const allot = await startAllot(loadConfig(env));
    try {
      const head = await allot.store.committedHeadPosition();
      if (head) await allot.runner.waitFor(head, undefined, CATCH_UP_TIMEOUT_MS);
      const catchUp = performance.now() - started;
      console.log(`start, projections caught up: ${seconds(catchUp)}`);
      console.log(`demo seed in all: ${seconds(seedMs + catchUp)}`);
    } finally {
      await allot.close();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
