import pg from 'pg';
import { createCommandBus } from '@allot/command-service';
import { createPostgresEventStore, type EventStore } from '@allot/shared-events';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { deterministicId } from '@allot/shared-events';
import { createOnce } from './demoCreate.js';
import { demoSettingsStep } from './demoSettings.js';
import { runSeeds } from './runSeeds.js';
import type { SeedStep } from './seedStep.js';

let db: TestDatabase;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  db = await openTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  store = await createPostgresEventStore({ pool, schema: db.schema });
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await db.close();
});

// Streams, not readAll: the log shows a commit only once no older transaction is open anywhere
// on the server, and other test files run beside this one.
async function eventsOf(stream: string) {
  return store.readStream(stream);
}

describe('runSeeds', () => {
  it('seeds the demo settings through commands, and a second run appends nothing', async () => {
    const bus = createCommandBus({ store });
    const first = await runSeeds({ store, bus, steps: [demoSettingsStep] });
    expect(first).toEqual({ applied: ['demo-settings'], skipped: [] });

    const settings = await store.readStream('settings');
    expect(settings.map((e) => e.data)).toEqual([
      { machineName: 'institution_name', value: 'Northbridge University' },
      { machineName: 'primary_color', value: '#0736a4' },
      { machineName: 'logo', value: 'false' },
      { machineName: 'support_url', value: 'https://support.northbridge.example/chat' },
    ]);
    expect(settings.every((e) => e.metadata.actorId === 'seed')).toBe(true);

    const seedRecord = await eventsOf('seed-demo-settings');
    expect(seedRecord.map((e) => e.type)).toEqual(['SeedStepStarted', 'SeedStepCompleted']);
    const second = await runSeeds({ store, bus, steps: [demoSettingsStep] });
    expect(second).toEqual({ applied: [], skipped: ['demo-settings'] });
    expect(await eventsOf('settings')).toEqual(settings);
    expect(await eventsOf('seed-demo-settings')).toEqual(seedRecord);
  });

  it('runs a step once when two starts seed at the same time', async () => {
    const bus = createCommandBus({ store });
    let runs = 0;
    const step: SeedStep = {
      name: 'concurrent-probe',
      async run() {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const reports = await Promise.all([
      runSeeds({ store, bus, steps: [step] }),
      runSeeds({ store, bus, steps: [step] }),
    ]);
    expect(runs).toBe(1);
    expect(reports.flatMap((r) => r.applied)).toEqual(['concurrent-probe']);
    expect(reports.flatMap((r) => r.skipped)).toEqual(['concurrent-probe']);
    expect((await eventsOf('seed-concurrent-probe')).map((e) => e.type)).toEqual([
      'SeedStepStarted',
      'SeedStepCompleted',
    ]);
  });

  it('resumes a step whose start crashed once its claim is no longer renewed', async () => {
    const bus = createCommandBus({ store });
    const crashing: SeedStep = {
      name: 'crash-probe',
      run: () => Promise.reject(new Error('the machine lost power')),
    };
    await expect(runSeeds({ store, bus, steps: [crashing] })).rejects.toThrow(
      'the machine lost power',
    );
    let runs = 0;
    const healed: SeedStep = {
      name: 'crash-probe',
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    };
    expect(await runSeeds({ store, bus, steps: [healed], claimTimeoutMs: 300 })).toEqual({
      applied: ['crash-probe'],
      skipped: [],
    });
    expect(runs).toBe(1);
  });

  it('the only start (an embedded data folder) resumes a crashed step at once, adding only what is missing', async () => {
    // The demo settings step crashes after its second setting, as a power cut would stop it.
    let executed = 0;
    const realBus = createCommandBus({ store });
    const crashingBus: typeof realBus = {
      ...realBus,
      execute: (name, payload, opts) => {
        executed += 1;
        if (executed > 2) return Promise.reject(new Error('the machine lost power'));
        return realBus.execute(name, payload, opts);
      },
    };
    const rooms = ['SSH 101', 'SSH 102', 'SSH 103', 'SSH 104'];
    const step: SeedStep = {
      name: 'resume-probe',
      async run(ctx) {
        for (const code of rooms) {
          await createOnce(ctx, 'CreateLocation', { id: ctx.id(code), code, capacity: 30 });
        }
      },
    };
    await expect(runSeeds({ store, bus: crashingBus, steps: [step] })).rejects.toThrow(
      'the machine lost power',
    );
    const resumed = runSeeds({ store, bus: realBus, steps: [step], exclusive: true });
    // A claim is otherwise taken as alive for 20 seconds: the exclusive start does not wait.
    const within = await Promise.race([
      resumed,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(within).toEqual({ applied: ['resume-probe'], skipped: [] });
    // Every room once: the two written before the crash were not created again.
    const created = await Promise.all(
      rooms.map((code) => eventsOf(`location-${deterministicId(`resume-probe/${code}`)}`)),
    );
    expect(created.map((events) => events.map((e) => e.type))).toEqual(
      rooms.map(() => ['LocationCreated']),
    );
    expect((await eventsOf('seed-resume-probe')).map((e) => e.type)).toEqual([
      'SeedStepStarted',
      'SeedStepStarted',
      'SeedStepCompleted',
    ]);
  });

  it('a running step renews its claim, so another start waits for it instead of running it too', async () => {
    const bus = createCommandBus({ store });
    let runs = 0;
    const slow: SeedStep = {
      name: 'slow-probe',
      async run() {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 800));
      },
    };
    const timing = { claimTimeoutMs: 300, heartbeatMs: 100 };
    const first = runSeeds({ store, bus, steps: [slow], ...timing });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await runSeeds({ store, bus, steps: [slow], ...timing });
    expect(second).toEqual({ applied: [], skipped: ['slow-probe'] });
    expect(await first).toEqual({ applied: ['slow-probe'], skipped: [] });
    expect(runs).toBe(1);
    const types = (await eventsOf('seed-slow-probe')).map((e) => e.type);
    expect(types).toContain('SeedStepStillRunning');
    expect(types.at(-1)).toBe('SeedStepCompleted');
  });

  it('gives each step stable ids for its keys', async () => {
    const bus = createCommandBus({ store });
    const seen: string[] = [];
    const step: SeedStep = {
      name: 'id-probe',
      run: ({ id }) => {
        seen.push(id('person/ada'), id('person/ada'), id('person/grace'));
        return Promise.resolve();
      },
    };
    await runSeeds({ store, bus, steps: [step] });
    expect(seen[0]).toBe(deterministicId('id-probe/person/ada'));
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
  });
});

describe('deterministicId', () => {
  it('is a version 5 UUID that depends only on the name', () => {
    const id = deterministicId('demo/person/ada');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deterministicId('demo/person/ada')).toBe(id);
    expect(deterministicId('demo/person/grace')).not.toBe(id);
  });
});
