import { describe, expect, test } from '@jest/globals';
import { TeachingCommandRefused } from '../refusal.js';
import type { PreferenceCommand, PreferenceCommandType } from './commands.js';
import {
  decidePreferences,
  evolvePreferences,
  initialPreferencesState,
  type PreferencesState,
} from './decider.js';

const owner = { UserId: 'u-1', AcademicPeriodId: 'p-1' };
const now = new Date('2026-03-10T12:00:00Z');

function command<T extends PreferenceCommandType>(
  type: T,
  data: Record<string, unknown>,
  dueDate: string | null = null,
): PreferenceCommand {
  return { type, data: { ...owner, ...data }, context: { dueDate } } as PreferenceCommand;
}

function run(commands: PreferenceCommand[], at = now): PreferencesState {
  let state = initialPreferencesState;
  for (const c of commands) {
    for (const e of decidePreferences(c, state, { now: at })) {
      state = evolvePreferences(state, e, at.toISOString());
    }
  }
  return state;
}

function refusal(fn: () => unknown): TeachingCommandRefused {
  try {
    fn();
  } catch (error) {
    if (error instanceof TeachingCommandRefused) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const chem = command('AddTeachingPreference', { id: 'a', level: 'preferred', CourseId: 'c-1' });

describe('preferences lifecycle', () => {
  test('not started → draft on the first edit → submitted → reopened → submitted', () => {
    expect(initialPreferencesState.status).toBe('notStarted');
    const draft = run([chem]);
    expect(draft.status).toBe('draft');
    expect(draft.preferences.a).toMatchObject({
      level: 'preferred',
      CourseId: 'c-1',
      weight: null,
    });

    const submitted = run([chem, command('SubmitTeachingPreferences', {})]);
    expect(submitted.status).toBe('submitted');
    expect(submitted.submittedAt).toBe(now.toISOString());

    const reopened = run([
      chem,
      command('SubmitTeachingPreferences', {}),
      command('ReopenTeachingPreferences', { reason: 'add a course' }),
      command('UpdateTeachingPreference', { id: 'a', weight: 0.5 }),
    ]);
    expect(reopened.status).toBe('reopened');
    expect(reopened.preferences.a?.weight).toBe(0.5);
    const again = run([
      chem,
      command('SubmitTeachingPreferences', {}),
      command('ReopenTeachingPreferences', {}),
      command('SubmitTeachingPreferences', {}),
    ]);
    expect(again.status).toBe('submitted');
  });

  test('the submission records how many preferences it holds', () => {
    const state = run([chem]);
    const [event] = decidePreferences(
      command('SubmitTeachingPreferences', { notes: 'thanks' }),
      state,
      {
        now,
      },
    );
    expect(event).toEqual({
      type: 'TeachingPreferencesSubmitted',
      data: { ...owner, count: 1, notes: 'thanks' },
    });
  });

  test('a submitted record refuses edits until reopened, and only a submitted one reopens', () => {
    const submitted = run([chem, command('SubmitTeachingPreferences', {})]);
    const edit = refusal(() =>
      decidePreferences(command('RemoveTeachingPreference', { id: 'a' }), submitted, { now }),
    );
    expect(edit.kind).toBe('rule');
    expect(edit.message).toMatch(/submitted/);
    expect(
      refusal(() => decidePreferences(command('SubmitTeachingPreferences', {}), submitted, { now }))
        .kind,
    ).toBe('rule');
    expect(
      refusal(() =>
        decidePreferences(command('ReopenTeachingPreferences', {}), run([chem]), { now }),
      ).message,
    ).toBe('Only submitted preferences can be reopened.');
  });

  test('after the due date only a reopened record may change', () => {
    const late = new Date('2026-04-02T08:00:00Z');
    const lateAdd = command(
      'AddTeachingPreference',
      { id: 'b', level: 'preferred', CourseId: 'c-2' },
      '2026-04-01',
    );
    expect(refusal(() => decidePreferences(lateAdd, run([chem]), { now: late })).message).toMatch(
      /due on 2026-04-01/,
    );
    // On the due date itself it is still open.
    const onTime = decidePreferences(lateAdd, run([chem]), {
      now: new Date('2026-04-01T23:00:00Z'),
    });
    expect(onTime).toHaveLength(1);
    const reopened = run([
      chem,
      command('SubmitTeachingPreferences', {}),
      command('ReopenTeachingPreferences', {}),
    ]);
    expect(decidePreferences(lateAdd, reopened, { now: late })).toHaveLength(1);
  });
});

describe('preference rules', () => {
  test('a preference names a course or an assignment type', () => {
    const bare = command('AddTeachingPreference', { id: 'x', level: 'preferred' });
    expect(refusal(() => decidePreferences(bare, initialPreferencesState, { now })).kind).toBe(
      'invalid',
    );
    const cleared = command('UpdateTeachingPreference', { id: 'a', CourseId: null });
    expect(refusal(() => decidePreferences(cleared, run([chem]), { now })).kind).toBe('invalid');
  });

  test('two preferences may not name the same course in the same term and mode', () => {
    const twin = command('AddTeachingPreference', {
      id: 'b',
      level: 'discouraged',
      CourseId: 'c-1',
    });
    expect(refusal(() => decidePreferences(twin, run([chem]), { now })).message).toMatch(/already/);
    const otherTerm = command('AddTeachingPreference', {
      id: 'b',
      level: 'discouraged',
      CourseId: 'c-1',
      AcademicTermId: 't-2',
    });
    expect(decidePreferences(otherTerm, run([chem]), { now })).toHaveLength(1);
  });

  test('an update records only what changed; an unchanged one records nothing', () => {
    const state = run([chem]);
    expect(
      decidePreferences(
        command('UpdateTeachingPreference', { id: 'a', level: 'preferred' }),
        state,
        {
          now,
        },
      ),
    ).toEqual([]);
    const events = decidePreferences(
      command('UpdateTeachingPreference', { id: 'a', level: 'preferred', notes: 'mornings' }),
      state,
      { now },
    );
    expect(events).toEqual([
      { type: 'TeachingPreferenceUpdated', data: { ...owner, id: 'a', notes: 'mornings' } },
    ]);
  });

  test('unknown preferences answer not found', () => {
    for (const type of ['UpdateTeachingPreference', 'RemoveTeachingPreference'] as const) {
      expect(
        refusal(() => decidePreferences(command(type, { id: 'nope' }), run([chem]), { now })).kind,
      ).toBe('notFound');
    }
  });

  test('unavailable times replace the previous ones; the same list again records nothing', () => {
    const spans = [{ day: 'MO', startTime: '08:00', endTime: '10:00' }];
    const state = run([command('SetUnavailableTimes', { unavailable: spans })]);
    expect(state.unavailable).toEqual(spans);
    expect(state.status).toBe('draft');
    expect(
      decidePreferences(command('SetUnavailableTimes', { unavailable: spans }), state, { now }),
    ).toEqual([]);
  });

  test('at most 100 preferences per period', () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      command('AddTeachingPreference', { id: `p${i}`, level: 'neutral', CourseId: `c${i}` }),
    );
    const full = run(many);
    const one = command('AddTeachingPreference', { id: 'z', level: 'neutral', CourseId: 'cz' });
    expect(refusal(() => decidePreferences(one, full, { now })).message).toMatch(/At most 100/);
  });
});

describe('a user merge', () => {
  const preference = {
    id: 'm1',
    level: 'preferred' as const,
    weight: null,
    CourseId: 'c-1',
    AssignmentTypeId: null,
    AcademicTermId: null,
    TeachingModeId: null,
    notes: null,
  };
  const receive = (dueDate: string | null = null) =>
    command(
      'ReceiveMergedPreferences',
      {
        fromUserId: 'dupe',
        preferences: [preference],
        unavailable: [],
        status: 'submitted',
        submittedAt: '2026-03-01T09:00:00.000Z',
      },
      dueDate,
    );

  test('an untouched record receives the duplicate’s whole record, due date or not', () => {
    const events = decidePreferences(receive('2026-01-01'), initialPreferencesState, { now });
    expect(events.map((e) => e.type)).toEqual(['TeachingPreferencesMergedIn']);
    const [event] = events;
    if (!event) throw new Error('no event');
    expect(evolvePreferences(initialPreferencesState, event)).toEqual({
      status: 'submitted',
      preferences: { m1: preference },
      unavailable: [],
      submittedAt: '2026-03-01T09:00:00.000Z',
    });
  });

  test('a started record keeps its own: receiving is refused', () => {
    expect(refusal(() => decidePreferences(receive(), run([chem]), { now })).message).toMatch(
      /already has preferences/,
    );
  });

  test('the duplicate lets go of its record, saying where it went; an empty one records nothing', () => {
    const release = command('ReleaseMergedPreferences', { intoUserId: 'master', outcome: 'moved' });
    const [event] = decidePreferences(release, run([chem]), { now });
    expect(event).toEqual({
      type: 'TeachingPreferencesMergedOut',
      data: { ...owner, intoUserId: 'master', outcome: 'moved', count: 1 },
    });
    if (!event) throw new Error('no event');
    expect(evolvePreferences(run([chem]), event)).toEqual(initialPreferencesState);
    expect(decidePreferences(release, initialPreferencesState, { now })).toEqual([]);
  });
});
