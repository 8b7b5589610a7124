import pg from 'pg';
import { createCommandBus } from '@allot/command-service';
import {
  DEMO_FEATURE_FLAGS,
  createPostgresEventStore,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { openPgliteTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { DEMO_ACCOUNTS } from '@allot/command-service';
import { deterministicId } from './deterministicId.js';
import { demoConfigurationStep, demoFacultyProfilesStep } from './demoConfiguration.js';
import { demoPeriodsStep, academicYearOf } from './demoPeriods.js';
import { demoSeedSteps } from './demoSeeds.js';
import { demoUsersStep } from './demoUsers.js';
import { DEMO_WORKGROUPS, demoWorkgroupsStep } from './demoWorkgroups.js';
import { runSeeds } from './runSeeds.js';
import type { SeedContext } from './seedStep.js';

let db: TestDatabase;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  db = await openPgliteTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  store = await createPostgresEventStore({ pool, schema: db.schema });
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await db.close();
});

const created = (events: RecordedEvent[], type: string) =>
  events.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);

describe('demo seed', () => {
  it('seeds users per demo account, three periods with terms and steps, and workgroups; a second run adds nothing', async () => {
    const bus = createCommandBus({ store });
    const first = await runSeeds({ store, bus, steps: demoSeedSteps });
    expect(first.applied).toEqual([
      'demo-settings',
      'demo-users',
      'demo-academic-periods',
      'demo-workgroups',
      'demo-configuration',
      'demo-faculty-profiles',
    ]);
    const events = await store.readAll();

    const users = created(events, 'UserCreated');
    expect(users.map((u) => [u.username, u.email, u.Roles])).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.username, a.email, [{ slug: a.role }]]),
    );

    const periods = created(events, 'AcademicPeriodCreated');
    expect(periods).toHaveLength(3);
    expect(periods.filter((p) => p.isSystemActive === true)).toHaveLength(1);
    expect(created(events, 'AcademicTermCreated')).toHaveLength(9);
    const activePeriodId = periods.find((p) => p.isSystemActive === true)?.id;
    const activeSteps = created(events, 'ProgressStepCreated').filter(
      (s) => s.AcademicPeriodId === activePeriodId && s.isActive === true,
    );
    expect(Math.max(...activeSteps.map((s) => Number(s.stepId)))).toBe(6);
    expect(created(events, 'SystemActiveAcademicPeriodChanged').at(-1)).toMatchObject({
      id: activePeriodId,
    });

    const workgroups = created(events, 'WorkgroupCreated');
    expect(workgroups.map((w) => w.name)).toEqual(DEMO_WORKGROUPS.map((w) => w.name));
    const bits = workgroups.flatMap((w) =>
      (w.members as { permission: number }[]).map((m) => m.permission),
    );
    expect(new Set(bits)).toEqual(new Set([0, 1, 2, 3]));
    const userIds = new Set(users.map((u) => u.id));
    for (const w of workgroups) {
      for (const m of w.members as { UserId: string }[]) expect(userIds.has(m.UserId)).toBe(true);
    }

    // Configuration lists and locations; cohorts all inactive, so that taxonomy stays hidden.
    const named = (type: string) => created(events, type).map((r) => r.name ?? r.code);
    expect(named('RankCreated')).toEqual(
      expect.arrayContaining(['Assistant Professor', 'Associate Professor', 'Full Professor']),
    );
    expect(named('TeachingModeCreated')).toEqual(['In Person', 'Online', 'Hybrid']);
    expect(named('TrackCreated')).toEqual(['Tenure', 'Non-tenure', 'Clinical']);
    expect(named('LocationCreated')).toContain('SCI 101');
    expect(created(events, 'CohortCreated').every((c) => c.isActive === false)).toBe(true);
    expect(created(events, 'CampusCreated').some((c) => c.isActive === true)).toBe(true);
    // Every faculty member's profile names records that exist.
    const profiled = created(events, 'UserUpdated').filter((u) => u.FacultyProfile);
    expect(profiled).toHaveLength(7);
    const ranks = new Set(created(events, 'RankCreated').map((r) => r.id));
    for (const u of profiled) {
      expect(ranks.has((u.FacultyProfile as { RankId: string }).RankId)).toBe(true);
    }

    const second = await runSeeds({ store, bus, steps: demoSeedSteps });
    expect(second).toEqual({ applied: [], skipped: first.applied });
    expect(await store.readAll()).toHaveLength(events.length);
  });

  it('tolerates a step re-run after a crash halfway: existing records count as done', async () => {
    const bus = createCommandBus({ store });
    const before = (await store.readAll()).length;
    // The bodies of the steps the first test completed, run again as after a crash.
    for (const step of [
      demoUsersStep,
      demoPeriodsStep(),
      demoWorkgroupsStep,
      demoConfigurationStep,
      demoFacultyProfilesStep,
    ]) {
      const ctx: SeedContext = {
        execute: (name, payload) => bus.execute(name, payload, { actorId: 'seed' }),
        id: (key) => deterministicId(`${step.name}/${key}`),
      };
      await step.run(ctx);
    }
    expect(await store.readAll()).toHaveLength(before);
  });

  it('starts the academic year in August', () => {
    expect(academicYearOf(new Date('2026-11-22T00:00:00Z'))).toBe(2026);
    expect(academicYearOf(new Date('2026-03-01T00:00:00Z'))).toBe(2025);
    expect(DEMO_FEATURE_FLAGS.aemEnabled).toBe(false);
  });
});
