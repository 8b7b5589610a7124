import { describe, expect, test } from '@jest/globals';
import { DeciderSpecification } from '../../testing/deciderSpecification.js';
import { TeachingCommandRefused } from '../refusal.js';
import type { PreferenceCommand, PreferenceCommandType } from './commands.js';
import {
  decidePreferences,
  initialPreferencesState,
  preferencesDecider,
  type RecordedPreferenceEvent,
} from './decider.js';
import type { PreferenceEvent } from './events.js';

const owner = { UserId: 'u-1', AcademicPeriodId: 'p-1' };
const now = new Date('2026-03-10T12:00:00Z');

function command<T extends PreferenceCommandType>(
  type: T,
  data: Record<string, unknown>,
  dueDate: string | null = null,
): PreferenceCommand {
  return { type, data: { ...owner, ...data }, context: { dueDate } } as PreferenceCommand;
}

/** The decider run at `at`; `spec` runs at `now`. */
const specAt = (at: Date) => DeciderSpecification.for(preferencesDecider, { meta: { now: at } });
const spec = specAt(now);

/** The events the commands record one after another, each as its stream gives it back. */
function history(commands: PreferenceCommand[], at = now): RecordedPreferenceEvent[] {
  const events: RecordedPreferenceEvent[] = [];
  for (const c of commands) {
    const { state } = spec.given(events);
    for (const e of decidePreferences(c, state, { now: at })) {
      events.push({ ...e, metadata: { occurredAt: at.toISOString() } });
    }
  }
  return events;
}

/** A refusal of this kind (and with this message). */
const refused =
  (kind: TeachingCommandRefused['kind'], message?: string | RegExp) =>
  (refusal: TeachingCommandRefused) => {
    expect(refusal.kind).toBe(kind);
    if (message !== undefined) expect(refusal.message).toMatch(message);
  };

const added = (id: string, CourseId: string, extra: Record<string, unknown> = {}) =>
  ({
    type: 'TeachingPreferenceAdded',
    data: {
      ...owner,
      id,
      level: 'preferred',
      weight: null,
      CourseId,
      AssignmentTypeId: null,
      AcademicTermId: null,
      TeachingModeId: null,
      notes: null,
      ...extra,
    },
  }) as PreferenceEvent;

const chem = command('AddTeachingPreference', { id: 'a', level: 'preferred', CourseId: 'c-1' });
const submit = command('SubmitTeachingPreferences', {});

describe('preferences lifecycle', () => {
  test('not started → draft on the first edit → submitted → reopened → submitted', () => {
    expect(initialPreferencesState.status).toBe('notStarted');
    spec
      .given([])
      .when(chem)
      .thenState((draft) => {
        expect(draft.status).toBe('draft');
        expect(draft.preferences.a).toMatchObject({
          level: 'preferred',
          CourseId: 'c-1',
          weight: null,
        });
      });

    spec
      .given(history([chem]))
      .when(submit)
      .thenState((submitted) => {
        expect(submitted.status).toBe('submitted');
        expect(submitted.submittedAt).toBe(now.toISOString());
      });

    spec
      .given(
        history([chem, submit, command('ReopenTeachingPreferences', { reason: 'add a course' })]),
      )
      .when(command('UpdateTeachingPreference', { id: 'a', weight: 0.5 }))
      .thenState((reopened) => {
        expect(reopened.status).toBe('reopened');
        expect(reopened.preferences.a?.weight).toBe(0.5);
      });
    spec
      .given(history([chem, submit, command('ReopenTeachingPreferences', {})]))
      .when(submit)
      .thenState((again) => expect(again.status).toBe('submitted'));
  });

  test('the record knows when it was submitted: when its event occurred', () => {
    const submittedAt = '2026-03-05T08:30:00.000Z';
    const submission: RecordedPreferenceEvent = {
      type: 'TeachingPreferencesSubmitted',
      data: { ...owner, count: 1, notes: null },
      metadata: { occurredAt: submittedAt },
    };
    expect(spec.given([...history([chem]), submission]).state.submittedAt).toBe(submittedAt);
  });

  test('the submission records how many preferences it holds', () => {
    spec
      .given(history([chem]))
      .when(command('SubmitTeachingPreferences', { notes: 'thanks' }))
      .then([
        { type: 'TeachingPreferencesSubmitted', data: { ...owner, count: 1, notes: 'thanks' } },
      ]);
  });

  test('a submitted record refuses edits until reopened, and only a submitted one reopens', () => {
    const submitted = history([chem, submit]);
    spec
      .given(submitted)
      .when(command('RemoveTeachingPreference', { id: 'a' }))
      .thenThrows(TeachingCommandRefused, refused('rule', /submitted/));
    spec.given(submitted).when(submit).thenThrows(TeachingCommandRefused, refused('rule'));
    spec
      .given(history([chem]))
      .when(command('ReopenTeachingPreferences', {}))
      .thenThrows(TeachingCommandRefused, (refusal) =>
        expect(refusal.message).toBe('Only submitted preferences can be reopened.'),
      );
  });

  test('after the due date only a reopened record may change', () => {
    const late = new Date('2026-04-02T08:00:00Z');
    const lateAdd = command(
      'AddTeachingPreference',
      { id: 'b', level: 'preferred', CourseId: 'c-2' },
      '2026-04-01',
    );
    specAt(late)
      .given(history([chem]))
      .when(lateAdd)
      .thenThrows(TeachingCommandRefused, /due on 2026-04-01/);
    // On the due date itself it is still open.
    specAt(new Date('2026-04-01T23:00:00Z'))
      .given(history([chem]))
      .when(lateAdd)
      .then([added('b', 'c-2')]);
    specAt(late)
      .given(history([chem, submit, command('ReopenTeachingPreferences', {})]))
      .when(lateAdd)
      .then([added('b', 'c-2')]);
  });
});

describe('preference rules', () => {
  test('a preference names a course or an assignment type', () => {
    spec
      .given([])
      .when(command('AddTeachingPreference', { id: 'x', level: 'preferred' }))
      .thenThrows(TeachingCommandRefused, refused('invalid'));
    spec
      .given(history([chem]))
      .when(command('UpdateTeachingPreference', { id: 'a', CourseId: null }))
      .thenThrows(TeachingCommandRefused, refused('invalid'));
  });

  test('two preferences may not name the same course in the same term and mode', () => {
    spec
      .given(history([chem]))
      .when(command('AddTeachingPreference', { id: 'b', level: 'discouraged', CourseId: 'c-1' }))
      .thenThrows(TeachingCommandRefused, /already/);
    const otherTerm = { id: 'b', level: 'discouraged', CourseId: 'c-1', AcademicTermId: 't-2' };
    spec
      .given(history([chem]))
      .when(command('AddTeachingPreference', otherTerm))
      .then([added('b', 'c-1', { level: 'discouraged', AcademicTermId: 't-2' })]);
  });

  test('an update records only what changed; an unchanged one records nothing', () => {
    spec
      .given(history([chem]))
      .when(command('UpdateTeachingPreference', { id: 'a', level: 'preferred' }))
      .thenNothingHappens();
    spec
      .given(history([chem]))
      .when(command('UpdateTeachingPreference', { id: 'a', level: 'preferred', notes: 'mornings' }))
      .then([
        { type: 'TeachingPreferenceUpdated', data: { ...owner, id: 'a', notes: 'mornings' } },
      ]);
  });

  test('unknown preferences answer not found', () => {
    for (const type of ['UpdateTeachingPreference', 'RemoveTeachingPreference'] as const) {
      spec
        .given(history([chem]))
        .when(command(type, { id: 'nope' }))
        .thenThrows(TeachingCommandRefused, refused('notFound'));
    }
  });

  test('unavailable times replace the previous ones; the same list again records nothing', () => {
    const spans = [{ day: 'MO', startTime: '08:00', endTime: '10:00' }];
    const set = command('SetUnavailableTimes', { unavailable: spans });
    spec
      .given([])
      .when(set)
      .thenState((state) => {
        expect(state.unavailable).toEqual(spans);
        expect(state.status).toBe('draft');
      });
    spec
      .given(history([set]))
      .when(set)
      .thenNothingHappens();
  });

  test('at most 100 preferences per period', () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      command('AddTeachingPreference', { id: `p${i}`, level: 'neutral', CourseId: `c${i}` }),
    );
    spec
      .given(history(many))
      .when(command('AddTeachingPreference', { id: 'z', level: 'neutral', CourseId: 'cz' }))
      .thenThrows(TeachingCommandRefused, /At most 100/);
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
    const merged = receive('2026-01-01');
    spec
      .given([])
      .when(merged)
      .then([{ type: 'TeachingPreferencesMergedIn', data: merged.data } as PreferenceEvent]);
    spec
      .given([])
      .when(merged)
      .thenState((state) =>
        expect(state).toEqual({
          status: 'submitted',
          preferences: { m1: preference },
          unavailable: [],
          submittedAt: '2026-03-01T09:00:00.000Z',
        }),
      );
  });

  test('a started record keeps its own: receiving is refused', () => {
    spec
      .given(history([chem]))
      .when(receive())
      .thenThrows(TeachingCommandRefused, /already has preferences/);
  });

  test('the duplicate lets go of its record, saying where it went; an empty one records nothing', () => {
    const release = command('ReleaseMergedPreferences', { intoUserId: 'master', outcome: 'moved' });
    spec
      .given(history([chem]))
      .when(release)
      .then([
        {
          type: 'TeachingPreferencesMergedOut',
          data: { ...owner, intoUserId: 'master', outcome: 'moved', count: 1 },
        },
      ]);
    spec
      .given(history([chem]))
      .when(release)
      .thenState((state) => expect(state).toEqual(initialPreferencesState));
    spec.given([]).when(release).thenNothingHappens();
  });
});
