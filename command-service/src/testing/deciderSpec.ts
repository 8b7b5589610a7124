import { expect } from '@jest/globals';
import type { Command, CommandMeta, Decider, DomainEvent } from '../commandHandling/decider.js';

export function testMeta(overrides: Partial<CommandMeta> = {}): CommandMeta {
  return {
    actorId: 'user-1',
    onBehalfOfId: null,
    correlationId: 'correlation-1',
    causationId: 'command-1',
    now: new Date('2026-01-15T10:00:00Z'),
    ...overrides,
  };
}

/** Given/when/then over a decider, as in Emmett's DeciderSpecification. */
export function deciderSpec<C extends Command, S, E extends DomainEvent>(
  decider: Decider<C, S, E>,
  meta: CommandMeta = testMeta(),
) {
  return {
    given(events: readonly E[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        when(command: C) {
          const run = () => decider.decide(command, state, meta);
          return {
            then(expected: readonly E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenThrows(errorType: new (...args: never[]) => Error, message?: string | RegExp) {
              expect(run).toThrow(errorType);
              if (message !== undefined) expect(run).toThrow(message);
            },
          };
        },
      };
    },
  };
}
