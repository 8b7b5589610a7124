import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_FEATURE_FLAGS, SETTINGS_STREAM } from '@allot/shared-events';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { createLiveFeatureFlags } from './featureFlagSettings.js';

let db: TestStore;
let bus: CommandBus;

beforeAll(async () => {
  db = await openTestStore();
  bus = createCommandBus({ store: db.store });
});

afterAll(async () => {
  await db.close();
});

const set = (machineName: string, value: string) =>
  bus.execute('ChangeSetting', { machineName, value });

describe('feature flags as settings', () => {
  it('answers the configured defaults until a setting overrides one; "" returns to the default', async () => {
    const live = createLiveFeatureFlags(db.store, DEMO_FEATURE_FLAGS);
    await live.refresh();
    expect({ ...live.flags }).toEqual(DEMO_FEATURE_FLAGS);

    await set('aemEnabled', 'true');
    await set('apiEnabled', 'false');
    await set('institution_name', 'Not a flag');
    // The same object every check holds: it changes on refresh, not before.
    const held = live.flags;
    expect(held.aemEnabled).toBe(false);
    await live.refresh();
    expect(held.aemEnabled).toBe(true);
    expect(held.apiEnabled).toBe(false);
    expect(JSON.parse(JSON.stringify(held))).toEqual({
      ...DEMO_FEATURE_FLAGS,
      aemEnabled: true,
      apiEnabled: false,
    });
    expect(live.states().find((s) => s.name === 'aemEnabled')).toEqual({
      name: 'aemEnabled',
      default: false,
      stored: true,
      effective: true,
    });

    await set('aemEnabled', '');
    await live.refresh();
    expect(held.aemEnabled).toBe(false);
    expect(live.states().find((s) => s.name === 'aemEnabled')?.stored).toBeNull();

    // A second instance (another server) folds the whole stream to the same answer.
    const other = createLiveFeatureFlags(db.store, DEMO_FEATURE_FLAGS);
    await other.refresh();
    expect({ ...other.flags }).toEqual({ ...held });
  });

  it('with maxAgeMs, reads again when marked stale or when the last read is that old', async () => {
    let clock = 0;
    const live = createLiveFeatureFlags(db.store, DEMO_FEATURE_FLAGS, {
      maxAgeMs: 1000,
      now: () => clock,
    });
    await live.refresh();
    const before = live.flags.mySharedTeachingEnabled;
    await set('mySharedTeachingEnabled', String(!before));
    // Another instance's change: not read within maxAgeMs of the last read…
    clock += 999;
    await live.refresh();
    expect(live.flags.mySharedTeachingEnabled).toBe(before);
    // …and read once it is that old.
    clock += 1;
    await live.refresh();
    expect(live.flags.mySharedTeachingEnabled).toBe(!before);
    // A command of this instance marks the flags stale: the very next refresh reads.
    await set('mySharedTeachingEnabled', String(before));
    live.markStale();
    await live.refresh();
    expect(live.flags.mySharedTeachingEnabled).toBe(before);
    await set('mySharedTeachingEnabled', '');
  });

  it('refuses a flag value other than true, false or "" (422), nothing stored', async () => {
    const before = await db.events(SETTINGS_STREAM);
    await expect(set('userMergeEnabled', 'yes')).rejects.toMatchObject({ statusCode: 422 });
    expect(await db.events(SETTINGS_STREAM)).toHaveLength(before.length);
  });
});
