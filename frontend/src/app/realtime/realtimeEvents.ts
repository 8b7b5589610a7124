import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { allotApi, type TagType } from '../../lib/api/allotApi.js';
import { PERIOD_DEPENDENT_TAGS, refreshAfterResourceWrite } from '../../lib/api/cacheRefresh.js';
import { logoChanged } from '../../lib/branding/logoRevision.js';
import { publishJobProgress } from '../../lib/jobs/jobProgress.js';
import {
  CHANGE_COUNT,
  CHANGED_SINCE_APPROVAL,
  RECENT_CHANGES,
} from '../../components/changes/changesApi.js';
import { NOTIFICATIONS } from '../../features/notifications/notificationsApi.js';
import { sectionsChangedAction } from './sectionsRealtime.js';

/** What the server sends with each event (projection-service/src/realtime/attachRealtime.ts). */
export interface RealtimeMessage {
  payload?: unknown;
  /** The working user whose write caused the event; null for the system. */
  actorId: string | null;
}

export interface RealtimeTarget {
  dispatch: Dispatch<UnknownAction>;
  /** The signed-in page's working user (whose room the socket joined), or null. */
  me: () => string | null;
  /** Spec §4: back to the home page after a period change. */
  goHome: () => void;
}

type Handler = (message: RealtimeMessage, target: RealtimeTarget) => void;

function fromAnotherUser(message: RealtimeMessage, target: RealtimeTarget): boolean {
  return message.actorId !== target.me();
}

function refresh(target: RealtimeTarget, tags: readonly TagDescription<TagType>[]) {
  target.dispatch(allotApi.util.invalidateTags([...tags]));
}

function payloadString(message: RealtimeMessage, key: string): string | null {
  const { payload } = message;
  if (!payload || typeof payload !== 'object' || !(key in payload)) return null;
  const value: unknown = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** A list of strings, or null when the payload has none (or not only strings). */
function payloadStrings(message: RealtimeMessage, key: string): string[] | null {
  const { payload } = message;
  if (!payload || typeof payload !== 'object' || !(key in payload)) return null;
  const value: unknown = (payload as Record<string, unknown>)[key];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

function payloadUserId(message: RealtimeMessage): string | null {
  const { payload } = message;
  return payload && typeof payload === 'object' && 'userId' in payload
    ? typeof payload.userId === 'string'
      ? payload.userId
      : null
    : null;
}

const refreshProgress: Handler = (message, target) => {
  // One's own change was refreshed by its mutation already.
  if (fromAnotherUser(message, target)) refresh(target, ['ProgressSteps', 'ProgressActions']);
};

const periodMoved: Handler = (message, target) => {
  refresh(target, PERIOD_DEPENDENT_TAGS);
  target.goHome();
};

/**
 * A burst of events (a bulk approval of hundreds of assignments) refreshes at once and then at
 * most once per interval, not once per event: each refresh refetches every open list.
 */
export const BURST_REFRESH_INTERVAL_MS = 250;

function throttledRefresh(tags: readonly TagType[]): Handler {
  return throttledTags(tags);
}

function throttledTags(tags: readonly TagDescription<TagType>[]): Handler {
  const pending = new WeakMap<RealtimeTarget, { last: number; timer: unknown }>();
  return (_message, target) => {
    const now = Date.now();
    const state = pending.get(target) ?? { last: -Infinity, timer: null };
    pending.set(target, state);
    if (state.timer !== null) return;
    const wait = state.last + BURST_REFRESH_INTERVAL_MS - now;
    if (wait <= 0) {
      state.last = now;
      refresh(target, tags);
      return;
    }
    state.timer = setTimeout(() => {
      state.timer = null;
      state.last = Date.now();
      refresh(target, tags);
    }, wait);
  };
}

const refreshTeachingAssignments = throttledRefresh(['TeachingAssignments']);

/**
 * Records of a declared kind changed elsewhere (decision 23): its open lists and histories, and
 * what spec §7 refreshes after such a write, except the auth context unless it is the viewer's.
 * Throttled per kind, as an import changes many records in a row.
 */
function recordsChangedHandler(): Handler {
  const byPath = new Map<string, Handler>();
  return (message, target) => {
    const path = payloadString(message, 'path');
    if (!path || !fromAnotherUser(message, target)) return;
    const ids = payloadStrings(message, 'ids');
    let lists = byPath.get(path);
    if (!lists) {
      const related = refreshAfterResourceWrite(path).filter((tag) => tag !== 'Auth');
      lists = throttledTags([{ type: 'ResourceList', id: path }, ...related]);
      byPath.set(path, lists);
    }
    lists(message, target);
    // Only the histories of the records named; all of them when an import named none.
    refresh(
      target,
      ids
        ? ids.map((id) => ({ type: 'ResourceHistory', id: `${path}/${id}` }))
        : ['ResourceHistory'],
    );
    const mine = ids ? ids.includes(target.me() ?? '') : true;
    if (mine && path === 'users') refresh(target, ['Auth']);
  };
}

/** Spec §4 "Realtime events": every event the client handles, and what it does. */
export const REALTIME_HANDLERS: Readonly<Record<string, Handler>> = {
  // Beyond spec §4's progress data, the auth context too: its progressStepId decides the step-6
  // abilities (assign, approve), so another browser stops offering them once the step moves on.
  activeStepsChanged: (message, target) => {
    if (fromAnotherUser(message, target))
      refresh(target, ['ProgressSteps', 'ProgressActions', 'Auth']);
  },
  approvalsChanged: refreshProgress,
  activeAcademicPeriodUpdated: (message, target) => {
    if (fromAnotherUser(message, target)) periodMoved(message, target);
  },
  workingAcademicPeriodUpdated: (message, target) => {
    // Sent to the user's own room; the check keeps a stale socket (before a masquerade) honest.
    if (payloadUserId(message) === target.me()) periodMoved(message, target);
  },
  teachingAssignmentChanged: refreshTeachingAssignments,
  teachingAssignmentCreated: refreshTeachingAssignments,
  teachingAssignmentDeleted: refreshTeachingAssignments,
  // Not in spec §4: issue 5 wants every settings change (name, logo, colour, feature flags) live in
  // every open browser (docs/decisions.md 11). Flags change abilities, so the auth context too.
  settingsChanged: (message, target) => {
    refresh(target, ['Settings', 'Status', 'AppInfo', 'Auth']);
    if (payloadString(message, 'machineName') === 'logo')
      logoChanged(payloadString(message, 'position') ?? new Date().toISOString());
  },
  // Not in spec §4: a section created, changed, moved or deleted by someone else shows without a
  // reload (docs/decisions.md 12). One's own write was refreshed by its mutation already.
  // Not in spec §4: a record of a configuration list, a location, a user… changed by someone
  // else shows in open lists without a reload (docs/decisions.md 23).
  recordsChanged: recordsChangedHandler(),
  sectionsChanged: (message, target) => {
    if (fromAnotherUser(message, target))
      target.dispatch(sectionsChangedAction(payloadStrings(message, 'SectionIds')));
  },
  // Not in spec §4: DESIGN §8, long work reports its progress to its owner's room (an export's
  // rows written); the pages that started a job watch it (lib/jobs/jobProgress.ts).
  jobProgress: (message) => publishJobProgress(message.payload),
  // Not in spec §4: the plan's history recorded changes (docs/changes.md). The change feed's
  // "N new changes" bar and the dashboard's recent changes ask again, with their own filters;
  // the feed's list itself stays put until its reader asks for the new ones.
  changesRecorded: throttledTags([CHANGE_COUNT, RECENT_CHANGES, CHANGED_SINCE_APPROVAL]),
  // Not in spec §4: a send's messages were sent, failed or queued again (its sender's room), so
  // the Sent tab shows each message's status as the job records it (docs/email.md).
  emailSendsChanged: throttledTags(['EmailSends']),
  // Not in spec §4: the person's notifications changed (one came, or they read some in another
  // window); sent to their own room only (docs/decisions.md 34).
  notificationsChanged: (message, target) => {
    if (payloadUserId(message) === target.me()) refresh(target, [NOTIFICATIONS]);
  },
};

function asMessage(raw: unknown): RealtimeMessage {
  if (raw && typeof raw === 'object' && 'actorId' in raw) {
    const { actorId } = raw;
    return {
      actorId: typeof actorId === 'string' ? actorId : null,
      payload: 'payload' in raw ? raw.payload : undefined,
    };
  }
  return { actorId: null };
}

/** Handles one event by name; unknown events are ignored (a newer server may send more). */
export function handleRealtimeEvent(event: string, raw: unknown, target: RealtimeTarget): void {
  REALTIME_HANDLERS[event]?.(asMessage(raw), target);
}
