import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification, defaultTestMeta } from './deciderSpecification.js';

type CounterEvent =
  | { type: 'Added'; data: { by: number }; metadata?: { occurredAt?: string } }
  | { type: 'Reset'; data: Record<string, never>; metadata?: { occurredAt?: string } };
type CounterCommand = { type: 'Add'; data: { by: number } } | { type: 'Reset'; data: object };
interface CounterState {
  total: number;
  lastChangedAt: string | null;
}

class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A counter: adds positive amounts only; a reset of an empty counter changes nothing. */
const counter = {
  initialState: { total: 0, lastChangedAt: null } as CounterState,
  decide(command: CounterCommand, state: CounterState, meta: { now: Date }): CounterEvent[] {
    switch (command.type) {
      case 'Add':
        if (command.data.by <= 0) throw new Refused('rule', `Cannot add ${command.data.by}.`);
        return [{ type: 'Added', data: { by: command.data.by } }];
      case 'Reset':
        return state.total === 0 || meta.now.getFullYear() < 2000
          ? []
          : [{ type: 'Reset', data: {} }];
    }
  },
  evolve(state: CounterState, event: CounterEvent): CounterState {
    const lastChangedAt = event.metadata?.occurredAt ?? null;
    switch (event.type) {
      case 'Added':
        return { total: state.total + event.data.by, lastChangedAt };
      case 'Reset':
        return { total: 0, lastChangedAt };
    }
  },
};

const added = (by: number): CounterEvent => ({ type: 'Added', data: { by } });
const spec = DeciderSpecification.for(counter);

describe('DeciderSpecification', () => {
  it('checks the events a command answers on the state the given events leave', () => {
    spec
      .given([added(2)])
      .when({ type: 'Add', data: { by: 3 } })
      .then([added(3)]);
    expect(spec.given([added(2), added(5)]).state.total).toBe(7);
  });

  it('fails when the events differ', () => {
    expect(() =>
      spec
        .given([])
        .when({ type: 'Add', data: { by: 3 } })
        .then([added(4)]),
    ).toThrow();
  });

  it('says when nothing happens, and fails when something does', () => {
    spec.given([]).when({ type: 'Reset', data: {} }).thenNothingHappens();
    expect(() =>
      spec
        .given([added(1)])
        .when({ type: 'Reset', data: {} })
        .thenNothingHappens(),
    ).toThrow();
  });

  it('checks a refusal by its type, its message or a check, and answers it', () => {
    const when = spec.given([]).when({ type: 'Add', data: { by: -1 } });
    when.thenThrows(Refused);
    when.thenThrows(Refused, 'Cannot add -1.');
    when.thenThrows(Refused, /add -1/);
    const refusal = when.thenThrows(Refused, (error) => expect(error.code).toBe('rule'));
    expect(refusal.message).toBe('Cannot add -1.');
    expect(() => when.thenThrows(TypeError)).toThrow();
    expect(() => when.thenThrows(Refused, 'other')).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ type: 'Add', data: { by: 1 } })
        .thenThrows(Refused),
    ).toThrow();
  });

  it('folds the answered events, recorded at meta.now, into the state', () => {
    spec
      .given([added(2)])
      .when({ type: 'Add', data: { by: 3 } })
      .thenState((after) =>
        expect(after).toEqual({ total: 5, lastChangedAt: defaultTestMeta.now.toISOString() }),
      );
  });

  it('runs with the meta it is given, and validates every answered event', () => {
    const past = DeciderSpecification.for(counter, { meta: { now: new Date('1999-01-01') } });
    past
      .given([added(1)])
      .when({ type: 'Reset', data: {} })
      .thenNothingHappens();
    const strict = DeciderSpecification.for(counter, {
      validate: (event) => {
        if (event.type === 'Added' && event.data.by > 10) throw new Error('too big');
      },
    });
    strict
      .given([])
      .when({ type: 'Add', data: { by: 10 } })
      .then([added(10)]);
    expect(() =>
      strict
        .given([])
        .when({ type: 'Add', data: { by: 11 } })
        .then([added(11)]),
    ).toThrow('too big');
  });
});
