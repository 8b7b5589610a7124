import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { testMeta } from '../testing/testMeta.js';
import { systemAbility } from '../authorization/ability.js';
import type { Command, DomainEvent } from './decider.js';
import { defineCommand } from './commandDefinition.js';
import { UnregisteredEventError } from './registeredEvents.js';

type Poke = Command<'Poke', { type: string; value: unknown }>;

// Emits whatever event it is told to, to show what the definition lets through to the log.
const poke = defineCommand<Poke, null, DomainEvent>({
  name: 'Poke',
  schema: z.object({ type: z.string(), value: z.unknown() }),
  decider: {
    decide: (command) => [{ type: command.data.type, data: command.data.value }],
    evolve: (state) => state,
    initialState: null,
  },
  streamId: () => 'poke-1',
  entityId: () => '1',
  authorize: () => undefined,
});

let db: TestStore;
beforeAll(async () => {
  db = await openTestStore();
});
afterAll(async () => {
  await db.close();
});

const context = () => ({ ability: systemAbility(), meta: testMeta() });

describe('defineCommand', () => {
  it('appends registered events with valid data', async () => {
    const payload = { type: 'SettingChanged', value: { machineName: 'logo', value: 'true' } };
    await expect(poke.run(db.store, payload, context())).resolves.toMatchObject({ revision: 0 });
  });

  it('never appends an unregistered event type or data its schema refuses', async () => {
    const unknown = { type: 'SomethingHappened', value: {} };
    await expect(poke.run(db.store, unknown, context())).rejects.toBeInstanceOf(
      UnregisteredEventError,
    );
    const malformed = { type: 'SettingChanged', value: { machineName: '' } };
    await expect(poke.run(db.store, malformed, context())).rejects.toBeInstanceOf(
      UnregisteredEventError,
    );
    expect(await db.events('poke-1')).toHaveLength(1);
  });
});
