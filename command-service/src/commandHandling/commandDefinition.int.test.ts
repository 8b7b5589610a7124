import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { testMeta } from '../testing/testMeta.js';
import { emptyAbility, systemAbility } from '../authorization/ability.js';
import { DomainRuleError, ForbiddenError, ValidationError } from '../errors/errors.js';
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

type SetName = Command<'SetName', { machineName: string; value: string }> & {
  readonly context?: { allowed: readonly string[]; id: string };
};
type Changed = DomainEvent<'SettingChanged', { machineName: string; value: string }>;

/** Every step of the pipeline, each recording that it ran. */
function setName(steps: string[], stream: string, options: { retries?: number } = {}) {
  let retries = options.retries ?? 0;
  return defineCommand<SetName, number, Changed>({
    name: 'SetName',
    schema: z.object({ machineName: z.string(), value: z.string().min(1) }),
    decider: {
      initialState: 0,
      evolve: (count) => count + 1,
      decide(command) {
        steps.push('decide');
        if (!command.context?.allowed.includes(command.data.value)) {
          throw new Error(`refused ${command.data.value}`);
        }
        return [{ type: 'SettingChanged', data: command.data }];
      },
    },
    streamId: () => stream,
    entityId: (_payload, context) => context?.id ?? 'none',
    screen(raw) {
      steps.push('screen');
      if (raw !== null && typeof raw === 'object' && 'secret' in raw) {
        throw new ValidationError([{ field: 'secret', message: 'not here' }]);
      }
    },
    permit(ability) {
      steps.push('permit');
      if (!ability.can('manage', 'Configuration')) throw new ForbiddenError();
    },
    async load(_store, payload) {
      steps.push('load');
      if (payload.value === 'missing') throw new DomainRuleError('No such name.');
      return Promise.resolve({ allowed: ['Ada', 'Grace'], id: `id-${payload.machineName}` });
    },
    authorize(_ability, command, state) {
      steps.push(`authorize ${state} ${command.context?.id ?? ''}`);
    },
    refusal: (error) =>
      error instanceof Error && error.message.startsWith('refused')
        ? new DomainRuleError(error.message)
        : error,
    async retry(attempt) {
      for (;;) {
        try {
          return await attempt();
        } catch (error) {
          if (retries-- <= 0) throw error;
          steps.push('retry');
        }
      }
    },
    async write({ run, command }) {
      steps.push(`write ${command.data.value}`);
      return run({
        authorized: () => steps.push('authorized'),
        beforeAppend: async (after) => {
          steps.push(`beforeAppend ${after}`);
          if (command.data.machineName === 'flaky' && retries > 0) throw new Error('changed');
          return Promise.resolve();
        },
      });
    },
  });
}

describe('the steps of defineCommand', () => {
  it('runs screen → parse → permit → load → write → authorize → decide → append', async () => {
    const steps: string[] = [];
    const result = await setName(steps, 'name-1').run(
      db.store,
      { machineName: 'institution_name', value: 'Ada' },
      context(),
    );
    expect(result).toMatchObject({ id: 'id-institution_name', revision: 0 });
    expect(steps).toEqual([
      'screen',
      'permit',
      'load',
      'write Ada',
      'authorize 0 id-institution_name',
      'authorized',
      'decide',
      'beforeAppend 1',
    ]);
    expect((await db.events('name-1')).map((e) => e.data)).toEqual([
      { machineName: 'institution_name', value: 'Ada' },
    ]);
  });

  it("answers each step's refusal before the later steps run", async () => {
    const cases: [unknown, object, unknown, string[]][] = [
      [{ machineName: 'a', value: 'Ada', secret: 1 }, context(), ValidationError, ['screen']],
      [{ machineName: 'a', value: '' }, context(), ValidationError, ['screen']],
      [
        { machineName: 'a', value: 'Ada' },
        { ability: emptyAbility(), meta: testMeta() },
        ForbiddenError,
        ['screen', 'permit'],
      ],
      [
        { machineName: 'a', value: 'missing' },
        context(),
        DomainRuleError,
        ['screen', 'permit', 'load'],
      ],
      [
        { machineName: 'a', value: 'Bob' },
        context(),
        DomainRuleError,
        ['screen', 'permit', 'load', 'write Bob', 'authorize 0 id-a', 'authorized', 'decide'],
      ],
    ];
    for (const [payload, runContext, error, ran] of cases) {
      const steps: string[] = [];
      await expect(
        setName(steps, 'name-2').run(db.store, payload, runContext as ReturnType<typeof context>),
      ).rejects.toBeInstanceOf(error);
      expect(steps).toEqual(ran);
    }
    expect(await db.events('name-2')).toEqual([]);
  });

  it('runs the whole command again when retry asks', async () => {
    const steps: string[] = [];
    await setName(steps, 'name-3', { retries: 1 }).run(
      db.store,
      { machineName: 'flaky', value: 'Grace' },
      context(),
    );
    expect(steps.filter((s) => s === 'load' || s === 'retry')).toEqual(['load', 'retry', 'load']);
    expect(await db.events('name-3')).toHaveLength(1);
  });
});
