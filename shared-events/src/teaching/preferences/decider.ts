import type { z } from 'zod';
import type { Decider } from '../../commands/decider.js';
import type { UnavailableTime } from '../alignment.js';
import { TeachingCommandRefused } from '../refusal.js';
import type { PreferenceCommand } from './commands.js';
import type { PreferenceEvent, TeachingPreferenceAdded } from './events.js';
import { MAX_PREFERENCES, type SubmissionStatus } from './schemas.js';

export type TeachingPreference = Omit<
  z.infer<typeof TeachingPreferenceAdded>,
  'UserId' | 'AcademicPeriodId'
>;

export interface PreferencesState {
  status: SubmissionStatus;
  /** By preference id, in the order they were added. */
  preferences: Readonly<Record<string, TeachingPreference>>;
  unavailable: readonly UnavailableTime[];
  submittedAt: string | null;
}

export const initialPreferencesState: PreferencesState = {
  status: 'notStarted',
  preferences: {},
  unavailable: [],
  submittedAt: null,
};

export interface PreferenceCommandMeta {
  now: Date;
}

/** An edit turns a fresh record into a draft; a reopened one stays reopened until submitted. */
function edited(status: SubmissionStatus): SubmissionStatus {
  return status === 'notStarted' ? 'draft' : status;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An event as its stream gives it back: the time it occurred is in its metadata. */
export type RecordedPreferenceEvent = PreferenceEvent & {
  readonly metadata?: { readonly occurredAt?: string };
};

/**
 * Folds one event into the record; a submission's time is when its event occurred (its metadata),
 * or `occurredAt` where a reader knows it otherwise.
 */
export function evolvePreferences(
  state: PreferencesState,
  event: RecordedPreferenceEvent,
  occurredAt: string | null = event.metadata?.occurredAt ?? null,
): PreferencesState {
  switch (event.type) {
    case 'TeachingPreferenceAdded': {
      const { UserId: _u, AcademicPeriodId: _p, ...preference } = event.data;
      return {
        ...state,
        status: edited(state.status),
        preferences: { ...state.preferences, [preference.id]: preference },
      };
    }
    case 'TeachingPreferenceUpdated': {
      const { UserId: _u, AcademicPeriodId: _p, id, ...changes } = event.data;
      const current = state.preferences[id];
      if (!current) return state;
      return {
        ...state,
        status: edited(state.status),
        preferences: { ...state.preferences, [id]: { ...current, ...definedOnly(changes) } },
      };
    }
    case 'TeachingPreferenceRemoved': {
      const { [event.data.id]: _removed, ...rest } = state.preferences;
      return { ...state, status: edited(state.status), preferences: rest };
    }
    case 'UnavailableTimesSet':
      return { ...state, status: edited(state.status), unavailable: event.data.unavailable };
    case 'TeachingPreferencesSubmitted':
      return { ...state, status: 'submitted', submittedAt: occurredAt };
    case 'TeachingPreferencesReopened':
      return { ...state, status: 'reopened' };
    case 'TeachingPreferencesMergedIn': {
      const { preferences, unavailable, status, submittedAt } = event.data;
      return {
        status,
        preferences: Object.fromEntries(preferences.map((p) => [p.id, p])),
        unavailable,
        submittedAt,
      };
    }
    case 'TeachingPreferencesMergedOut':
      return initialPreferencesState;
    default: {
      // Every preferences event is folded above; another type leaves the record as it is.
      const _unexpected: never = event;
      return state;
    }
  }
}

const refuse = (message: string): never => {
  throw new TeachingCommandRefused('rule', message);
};

/** The key two preferences may not share: what they are about, in which term and mode. */
function subjectKey(p: {
  CourseId?: string | null;
  AssignmentTypeId?: string | null;
  AcademicTermId?: string | null;
  TeachingModeId?: string | null;
}): string {
  return [p.CourseId, p.AssignmentTypeId, p.AcademicTermId, p.TeachingModeId]
    .map((v) => v ?? '')
    .join('|');
}

function assertAbout(p: { CourseId?: string | null; AssignmentTypeId?: string | null }): void {
  if (!p.CourseId && !p.AssignmentTypeId) {
    throw new TeachingCommandRefused(
      'invalid',
      'A preference names a course or an assignment type.',
    );
  }
}

function assertNoTwin(state: PreferencesState, candidate: TeachingPreference): void {
  const key = subjectKey(candidate);
  const twin = Object.values(state.preferences).find(
    (p) => p.id !== candidate.id && subjectKey(p) === key,
  );
  if (twin) refuse('You already have a preference for this course or type in this term and mode.');
}

/** Faculty may edit until they submit, and not after the due date unless an admin reopened. */
function assertEditable(state: PreferencesState, dueDate: string | null, now: Date): void {
  if (state.status === 'submitted') {
    refuse('These preferences are submitted; an administrator can reopen them for changes.');
  }
  if (state.status !== 'reopened' && dueDate !== null && now.toISOString().slice(0, 10) > dueDate) {
    refuse(`Preferences for this period were due on ${dueDate}; an administrator can reopen them.`);
  }
}

/**
 * The preferences aggregate: a faculty member's preferences and availability for one period and
 * their submission (DOMAIN.md lifecycle: not started → draft → submitted → reopened → submitted).
 */
export function decidePreferences(
  command: PreferenceCommand,
  state: PreferencesState,
  meta: PreferenceCommandMeta,
): PreferenceEvent[] {
  const { UserId, AcademicPeriodId } = command.data;
  const owner = { UserId, AcademicPeriodId };
  const { dueDate } = command.context;
  switch (command.type) {
    case 'AddTeachingPreference': {
      assertEditable(state, dueDate, meta.now);
      const { UserId: _u, AcademicPeriodId: _p, ...fields } = command.data;
      if (state.preferences[fields.id]) refuse('This preference already exists.');
      if (Object.keys(state.preferences).length >= MAX_PREFERENCES) {
        refuse(`At most ${MAX_PREFERENCES} preferences per period.`);
      }
      const preference: TeachingPreference = {
        id: fields.id,
        level: fields.level,
        weight: fields.weight ?? null,
        CourseId: fields.CourseId ?? null,
        AssignmentTypeId: fields.AssignmentTypeId ?? null,
        AcademicTermId: fields.AcademicTermId ?? null,
        TeachingModeId: fields.TeachingModeId ?? null,
        notes: fields.notes ?? null,
      };
      assertAbout(preference);
      assertNoTwin(state, preference);
      return [{ type: 'TeachingPreferenceAdded', data: { ...owner, ...preference } }];
    }
    case 'UpdateTeachingPreference': {
      const { UserId: _u, AcademicPeriodId: _p, id, ...changes } = command.data;
      const current = state.preferences[id];
      if (!current) throw new TeachingCommandRefused('notFound', `No preference with id ${id}.`);
      assertEditable(state, dueDate, meta.now);
      const changed = Object.fromEntries(
        Object.entries(changes).filter(
          ([field, value]) =>
            value !== undefined && (current as Record<string, unknown>)[field] !== value,
        ),
      ) as Partial<TeachingPreference>;
      if (Object.keys(changed).length === 0) return [];
      const next = { ...current, ...changed };
      assertAbout(next);
      assertNoTwin(state, next);
      return [{ type: 'TeachingPreferenceUpdated', data: { ...owner, id, ...changed } }];
    }
    case 'RemoveTeachingPreference': {
      const { id } = command.data;
      if (!state.preferences[id]) {
        throw new TeachingCommandRefused('notFound', `No preference with id ${id}.`);
      }
      assertEditable(state, dueDate, meta.now);
      return [{ type: 'TeachingPreferenceRemoved', data: { ...owner, id } }];
    }
    case 'SetUnavailableTimes': {
      assertEditable(state, dueDate, meta.now);
      // Stored events come back with their keys reordered: compare the spans, not their JSON.
      const key = (spans: readonly UnavailableTime[]) =>
        spans.map((u) => `${u.day} ${u.startTime}-${u.endTime}`).join(',');
      if (key(state.unavailable) === key(command.data.unavailable)) return [];
      return [
        { type: 'UnavailableTimesSet', data: { ...owner, unavailable: command.data.unavailable } },
      ];
    }
    case 'SubmitTeachingPreferences': {
      assertEditable(state, dueDate, meta.now);
      return [
        {
          type: 'TeachingPreferencesSubmitted',
          data: {
            ...owner,
            count: Object.keys(state.preferences).length,
            notes: command.data.notes ?? null,
          },
        },
      ];
    }
    case 'ReopenTeachingPreferences': {
      if (state.status !== 'submitted') refuse('Only submitted preferences can be reopened.');
      return [
        {
          type: 'TeachingPreferencesReopened',
          data: { ...owner, reason: command.data.reason ?? null },
        },
      ];
    }
    // A merge is no edit: neither the due date nor a submission stops it.
    case 'ReceiveMergedPreferences':
      // The master's own record wins (docs/teaching.md): only an untouched one receives.
      if (state.status !== 'notStarted') {
        refuse('The master already has preferences for this period; they are kept.');
      }
      return [{ type: 'TeachingPreferencesMergedIn', data: command.data }];
    case 'ReleaseMergedPreferences': {
      if (state.status === 'notStarted') return [];
      const count = Object.keys(state.preferences).length;
      return [{ type: 'TeachingPreferencesMergedOut', data: { ...command.data, count } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown preferences command ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The preferences decider in the shape the command service runs (DESIGN §4). */
export const preferencesDecider = {
  initialState: initialPreferencesState,
  decide: decidePreferences,
  // The submission's time comes from the event's metadata (never the position of an argument).
  evolve: (state: PreferencesState, event: RecordedPreferenceEvent) =>
    evolvePreferences(state, event),
} satisfies Decider<
  PreferenceCommand,
  PreferencesState,
  RecordedPreferenceEvent,
  PreferenceCommandMeta
>;
