import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from './allotApi.js';

/**
 * Tag convention: a list query provides `{ type, id: 'LIST' }` plus each row's `{ type, id }`
 * (`providesList`); a single-record query provides `{ type, id }` (`providesOne`). A write then
 * invalidates its record and the lists, nothing else of its kind.
 */
export function providesList<T extends { id: string }>(type: TagType) {
  return (answer: { rows: T[] } | T[] | undefined): TagDescription<TagType>[] => {
    const rows = Array.isArray(answer) ? answer : (answer?.rows ?? []);
    return [{ type, id: 'LIST' }, ...rows.map((row) => ({ type, id: row.id }))];
  };
}

export function providesOne(type: TagType) {
  return (answer: { id: string | null } | null | undefined): TagDescription<TagType>[] =>
    // A record not found (or not yet created) is refreshed with the list.
    [answer?.id ? { type, id: answer.id } : { type, id: 'LIST' }];
}

/** What a write changed: its kind, and the ids the answer or the request name. */
export interface WriteTarget {
  id?: string;
  /** Related records the write names (an academic term's AcademicPeriodId, a note's notable). */
  related?: Partial<Record<TagType, string | null | undefined>>;
}

type Refresh = (target: WriteTarget) => TagDescription<TagType>[];

/** The tag every section's suggested assignees carry (teaching/suggestionsApi.ts). */
export const SUGGESTED_ASSIGNEES_LIST = { type: 'ResourceList', id: 'suggestedAssignees' } as const;

/** The written kind itself: its record and every list of it. */
function own(type: TagType): Refresh {
  return ({ id }) => [{ type, id: 'LIST' }, ...(id ? [{ type, id }] : [])];
}

/** A related record by id when the write names it, else every record of that kind. */
function related(type: TagType): Refresh {
  return ({ related: ids }) => {
    const id = ids?.[type];
    return [id ? { type, id } : type];
  };
}

function all(...parts: Refresh[]): Refresh {
  return (target) => parts.flatMap((part) => part(target));
}

/**
 * Spec §7 "Cache refresh after writes" as tag invalidations, for the kinds the client has now.
 * A feature that adds a kind adds its row (and its tag in allotApi.ts's TAG_TYPES); mutations use
 * `invalidatesTags: (result, error, arg) => refreshAfterWrite('Kind', { id: ... })`.
 */
export const CACHE_REFRESH: Partial<Record<TagType, Refresh>> = {
  // A settings update refreshes the primary_color and appInfo settings.
  Settings: all(own('Settings'), () => ['SettingTypes', 'AppInfo']),
  // A progress action refreshes progress steps and the auth context.
  ProgressActions: all(own('ProgressActions'), () => ['ProgressSteps', 'Auth']),
  // A workgroup change refreshes the workgroup list and the user (their permissions).
  Workgroups: all(own('Workgroups'), () => ['Users', 'Auth']),
  // An academic term change refreshes its academic period.
  AcademicTerms: all(own('AcademicTerms'), related('AcademicPeriods')),
  // Users and periods refresh the auth context too: roles, names and the active period live there.
  // A faculty profile (a user's FacultyProfile) change also refreshes suggested assignees.
  Users: all(own('Users'), () => ['Auth', SUGGESTED_ASSIGNEES_LIST]),
  AcademicPeriods: all(own('AcademicPeriods'), () => ['Auth']),
  UserSettings: own('UserSettings'),
  ProgressSteps: all(own('ProgressSteps'), () => ['Auth']),
  TeachingAssignments: own('TeachingAssignments'),
};

/** The tags a write of `kind` invalidates (its own, plus spec §7's related ones). */
export function refreshAfterWrite(
  kind: TagType,
  target: WriteTarget = {},
): TagDescription<TagType>[] {
  const refresh = CACHE_REFRESH[kind] ?? own(kind);
  return refresh(target);
}

/**
 * The same rules for writes through the generic resource pages (resources/resourceApi.ts), whose
 * lists are tagged `{ type: 'ResourceList', id: <path> }`: a write of `path` also refreshes these
 * session tags (the shell's periods, the auth context) and these other kinds' lists (spec §7).
 */
export const RESOURCE_WRITE_REFRESH: Readonly<
  Record<string, { tags?: readonly TagType[]; paths?: readonly string[] }>
> = {
  academicPeriods: { tags: ['AcademicPeriods', 'Auth'] },
  // An academic term change refreshes its academic period.
  academicTerms: { tags: ['AcademicTerms', 'AcademicPeriods'], paths: ['academicPeriods'] },
  // A faculty profile change refreshes the user; create or update also refreshes suggested
  // assignees (the profile is the user's FacultyProfile, written with the user).
  users: { tags: ['Users', 'Auth'], paths: ['suggestedAssignees'] },
  // A workgroup change refreshes the workgroup list and the user.
  workgroups: { tags: ['Workgroups', 'Users', 'Auth'], paths: ['users'] },
  userSettings: { tags: ['UserSettings'] },
  // An instructor effort change (a payroll position) refreshes the faculty profile list.
  effortPositions: { tags: ['Users'], paths: ['users'] },
  progressSteps: { tags: ['ProgressSteps', 'Auth'] },
  // A course offering change refreshes the offering term modes; create or delete, the course.
  courseOfferings: { paths: ['offeringTermModes', 'courses'] },
  // A section change refreshes its course offering.
  sections: { paths: ['courseOfferings'] },
  // A teaching assignment change refreshes its section and the preference metrics.
  teachingAssignments: {
    tags: ['TeachingAssignments', 'PreferenceSubmissions'],
    paths: ['sections', 'preferenceSubmissions'],
  },
  // An administrative assignment change refreshes suggested assignees.
  administrativeAssignments: { paths: ['suggestedAssignees'] },
  // An instructor effort change refreshes the faculty profile list.
  instructorEfforts: { paths: ['users'] },
  // A note change refreshes the faculty profile and teaching preferences of the notable.
  notes: { tags: ['TeachingPreferences'], paths: ['users', 'teachingPreferences'] },
};

/** Tags a generic resource write of `path` invalidates beyond its own list. */
export function refreshAfterResourceWrite(path: string): TagDescription<TagType>[] {
  const rule = RESOURCE_WRITE_REFRESH[path];
  if (!rule) return [];
  return [
    ...(rule.tags ?? []),
    ...(rule.paths ?? []).map((id) => ({ type: 'ResourceList' as const, id })),
  ];
}

/**
 * An instructor effort change refreshes the faculty profile list (spec §7): what an effort import
 * or its undo invalidates besides the imports themselves.
 */
export const EFFORT_CHANGE_REFRESH: TagDescription<TagType>[] = [
  'Users',
  { type: 'ResourceList', id: 'users' },
  { type: 'ResourceList', id: 'effortPositions' },
];

/** After a change of working or active period: everything that depends on the period (spec §4). */
export const PERIOD_DEPENDENT_TAGS: readonly TagType[] = [
  'Auth',
  'AcademicPeriods',
  'TeachingAssignments',
  'ProgressSteps',
  'ProgressActions',
];
