import { expect } from '@jest/globals';
import type { Decider } from '../commands/decider.js';

export interface DeciderSpecificationOptions<M, E> {
  /** Who and when the command runs as; `defaultTestMeta` when absent. */
  meta?: M;
  /** Runs on every event the decider answers (a schema check, say); throws when it is not valid. */
  validate?: (event: E) => void;
}

/** The meta a decider test runs with unless it says otherwise (the command service's shape). */
export const defaultTestMeta = {
  actorId: 'user-1',
  onBehalfOfId: null,
  correlationId: 'correlation-1',
  causationId: 'command-1',
  now: new Date('2026-01-15T10:00:00Z'),
} as const;

type ErrorType<Err extends Error> = new (...args: never[]) => Err;

/**
 * Given/when/then over a decider, as Emmett's DeciderSpecification:
 * `DeciderSpecification.for(decider).given(events).when(command).then(expectedEvents)`, or
 * `.thenNothingHappens()`, `.thenThrows(ErrorType, message or check)`, `.thenState(check)`.
 */
export const DeciderSpecification = {
  for<C, S, E, M = typeof defaultTestMeta>(
    decider: Decider<C, S, E, M>,
    options: DeciderSpecificationOptions<M, E> = {},
  ) {
    const meta = options.meta ?? (defaultTestMeta as M);
    return {
      given(events: readonly E[]) {
        const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
        return {
          /** The state the given events leave (for a test of `evolve` itself). */
          state,
          when(command: C) {
            const run = (): readonly E[] => {
              const produced = decider.decide(command, state, meta);
              for (const event of produced) options.validate?.(event);
              return produced;
            };
            return {
              then(expected: readonly E[]): void {
                expect(run()).toEqual(expected);
              },
              thenNothingHappens(): void {
                expect(run()).toEqual([]);
              },
              /** The refusal, checked to be an `errorType` (and to match `check`), for more checks. */
              thenThrows<Err extends Error>(
                errorType: ErrorType<Err>,
                check?: string | RegExp | ((error: Err) => void),
              ): Err {
                let thrown: unknown = undefined;
                try {
                  run();
                } catch (error) {
                  thrown = error;
                }
                expect(thrown).toBeInstanceOf(errorType);
                const error = thrown as Err;
                if (typeof check === 'function') check(error);
                else if (check !== undefined) expect(error.message).toMatch(check);
                return error;
              },
              /**
               * The state after the answered events, each recorded as the store would: with the
               * time it occurred (`meta.now`) in its metadata.
               */
              thenState(check: (after: S) => void): void {
                const now = (meta as { now?: unknown }).now;
                const occurredAt = now instanceof Date ? now.toISOString() : undefined;
                const after = run().reduce(
                  (s, e) =>
                    decider.evolve(
                      s,
                      occurredAt === undefined ? e : { ...e, metadata: { occurredAt } },
                    ),
                  state,
                );
                check(after);
              },
            };
          },
        };
      },
    };
  },
};
