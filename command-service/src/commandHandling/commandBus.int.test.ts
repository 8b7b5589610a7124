import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SETTINGS_STREAM } from '@allot/shared-events';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { emptyAbility } from '../authorization/ability.js';
import {
  ConflictError,
  DomainRuleError,
  ForbiddenError,
  ValidationError,
} from '../errors/errors.js';
import { createCommandBus, UnknownCommandError, type CommandBus } from './commandBus.js';

let db: TestStore;
let bus: CommandBus;

beforeAll(async () => {
  db = await openTestStore();
  bus = createCommandBus({ store: db.store });
});

afterAll(async () => {
  await db.close();
});

describe('command bus', () => {
  it('runs a command as the system actor, with the given time and correlation', async () => {
    const result = await bus.execute(
      'ChangeSetting',
      { machineName: 'institution_name', value: 'Northbridge University' },
      { now: new Date('2026-01-02T03:04:05Z'), correlationId: 'seed-settings' },
    );
    expect(result).toEqual({
      id: 'institution_name',
      revision: 0,
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    const [event] = await db.events(SETTINGS_STREAM);
    expect(event?.metadata).toEqual({
      actorId: 'system',
      onBehalfOfId: null,
      correlationId: 'seed-settings',
      causationId: expect.any(String),
      occurredAt: '2026-01-02T03:04:05.000Z',
      schemaVersion: 1,
    });
  });

  it('validates, authorizes and applies the domain rules as over HTTP', async () => {
    const before = (await db.events(SETTINGS_STREAM)).length;
    await expect(bus.execute('ChangeSetting', { machineName: 'logo' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      bus.execute(
        'ChangeSetting',
        { machineName: 'logo', value: 'true' },
        { ability: emptyAbility() },
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      bus.execute('ChangeSetting', { machineName: 'primary_color', value: 'red' }),
    ).rejects.toBeInstanceOf(DomainRuleError);
    await expect(bus.execute('Nonsense', {})).rejects.toBeInstanceOf(UnknownCommandError);
    expect(await db.events(SETTINGS_STREAM)).toHaveLength(before);
  });

  it('answers a stale expected revision with ConflictError and the current revision', async () => {
    const current = (await db.events(SETTINGS_STREAM)).length - 1;
    await expect(
      bus.execute(
        'ChangeSetting',
        { machineName: 'logo', value: 'true' },
        { expectedRevision: 'no_stream' },
      ),
    ).rejects.toMatchObject({ constructor: ConflictError, currentRevision: current });
  });

  it('retries racing writes without an expected revision, so every one lands once', async () => {
    const before = (await db.events(SETTINGS_STREAM)).length;
    const values: Record<string, string> = {
      support_url: 'https://help.example.edu/',
      aemEnabled: 'true',
      apiEnabled: 'false',
      exportsEnabled: 'true',
      userMergeEnabled: 'false',
    };
    const names = Object.keys(values);
    const results = await Promise.all(
      names.map((machineName) =>
        bus.execute('ChangeSetting', { machineName, value: values[machineName] }),
      ),
    );
    expect(results.map((r) => r.revision).sort((a, b) => a - b)).toEqual(
      [0, 1, 2, 3, 4].map((i) => before + i),
    );
    const written = (await db.events(SETTINGS_STREAM))
      .slice(before)
      .map((e) => (e.data as { machineName: string }).machineName);
    expect(written.sort()).toEqual([...names].sort());
  });
});
