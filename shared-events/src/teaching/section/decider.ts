import type { Decider } from '../../commands/decider.js';
import { canonical } from '../../json/canonicalJson.js';
import type { z } from 'zod';
import {
  blocking,
  conflictRefusal,
  sectionConflicts,
  type Conflict,
  type ScheduledSection,
} from '../conflicts.js';
import { Meeting } from '../meetings.js';
import type {
  SectionCommand,
  SectionCommandContext,
  SectionCommandData,
  SectionCommandMeta,
} from './commands.js';
import {
  SECTION_EVENTS,
  type SectionCreated,
  type SectionEvent,
  type TeachingAssignmentChanged,
} from './events.js';
import { SectionCommandRefused } from './refusal.js';
import type { AssignmentStatus } from './schemas.js';

export type SectionRecord = z.infer<typeof SectionCreated> & { meetings: Meeting[] };

export interface TeachingAssignment {
  id: string;
  UserId: string;
  share: number | null;
  notes: string | null;
  status: AssignmentStatus;
}

export type SectionState =
  | { status: 'absent' }
  | {
      status: 'live' | 'deleted';
      section: SectionRecord;
      /** By assignment id, in the order they were made. */
      assignments: Readonly<Record<string, TeachingAssignment>>;
    };

type Live = Extract<SectionState, { status: 'live' | 'deleted' }>;

export const initialSectionState: SectionState = { status: 'absent' };

/** Assignments that put an instructor on the section (withdrawn ones no longer do). */
export function activeAssignments(state: SectionState): TeachingAssignment[] {
  if (state.status === 'absent') return [];
  return Object.values(state.assignments).filter((a) => a.status !== 'withdrawn');
}

/** The section as the conflict rules see it. */
export function scheduledSection(
  section: SectionRecord,
  assignments: readonly TeachingAssignment[],
): ScheduledSection {
  return {
    SectionId: section.id,
    meetings: section.meetings,
    instructorIds: assignments.filter((a) => a.status !== 'withdrawn').map((a) => a.UserId),
    allowOverlap: section.allowOverlap,
    seats: section.enrollment,
  };
}

export function evolveSection(state: SectionState, event: SectionEvent): SectionState {
  if (event.type === SECTION_EVENTS.created) {
    return { status: 'live', section: { ...event.data, meetings: [] }, assignments: {} };
  }
  if (state.status === 'absent') return state;
  const { section, assignments } = state;
  switch (event.type) {
    case 'SectionUpdated':
      return { ...state, section: { ...section, ...definedOnly(event.data) } };
    case 'SectionDeleted':
      return { ...state, status: 'deleted' };
    case 'SectionMeetingsSet':
      return { ...state, section: { ...section, meetings: event.data.meetings } };
    case 'SectionMeetingMoved': {
      const moved = event.data.meeting;
      const meetings = section.meetings.map((m) => (m.id === moved.id ? moved : m));
      return { ...state, section: { ...section, meetings } };
    }
    case 'TeachingAssignmentCreated': {
      const { id, UserId, share, notes, status } = event.data;
      return {
        ...state,
        assignments: { ...assignments, [id]: { id, UserId, share, notes, status } },
      };
    }
    case 'TeachingAssignmentChanged': {
      const current = assignments[event.data.id];
      if (!current) return state;
      const { share, notes, status } = event.data;
      const next: TeachingAssignment = {
        ...current,
        status,
        ...(share !== undefined ? { share } : {}),
        ...(notes !== undefined ? { notes } : {}),
      };
      return { ...state, assignments: { ...assignments, [next.id]: next } };
    }
    case 'TeachingAssignmentDeleted': {
      const rest = { ...assignments };
      delete rest[event.data.id];
      return { ...state, assignments: rest };
    }
    case 'TeachingAssignmentReassigned': {
      const current = assignments[event.data.id];
      if (!current) return state;
      const next = { ...current, UserId: event.data.UserId };
      return { ...state, assignments: { ...assignments, [next.id]: next } };
    }
    default: {
      // Every section event is folded above; another type leaves the section as it is.
      const _unexpected: never = event;
      return state;
    }
  }
}

function definedOnly<T extends Record<string, unknown>>(data: T): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function live(state: SectionState, id: string): Live {
  if (state.status !== 'live')
    throw new SectionCommandRefused('notFound', `No section with id ${id}.`);
  return state;
}

function assignmentOf(state: Live, assignmentId: string): TeachingAssignment {
  const found = state.assignments[assignmentId];
  if (!found) {
    throw new SectionCommandRefused(
      'notFound',
      `The section has no assignment with id ${assignmentId}.`,
    );
  }
  return found;
}

function notWithdrawn(assignment: TeachingAssignment): void {
  if (assignment.status === 'withdrawn') {
    throw new SectionCommandRefused(
      'rule',
      'This assignment was withdrawn; assign the instructor again instead.',
    );
  }
}

/**
 * Checks a proposed schedule: blocking conflicts refuse the command with 422 unless overridden,
 * in which case the event records them; warnings are recorded either way.
 */
function checked(
  conflicts: Conflict[],
  override: boolean | undefined,
): { overriddenConflicts: Conflict[]; warnings: Conflict[] } {
  const refusing = blocking(conflicts);
  const warnings = conflicts.filter((c) => c.severity === 'warning');
  if (refusing.length > 0 && override !== true) {
    // Generic words here (the decider knows ids only); the command service names them.
    throw new SectionCommandRefused('rule', conflictRefusal(refusing), refusing);
  }
  return { overriddenConflicts: refusing, warnings };
}

function conflictsOf(
  state: Live,
  candidate: ScheduledSection,
  context: SectionCommandContext | undefined,
): Conflict[] {
  const schedule = context?.schedule;
  const locations = new Map((schedule?.locations ?? []).map((l) => [l.id, l]));
  return sectionConflicts(candidate, schedule?.others ?? [], locations);
}

const AWAITING_WORKGROUP: readonly AssignmentStatus[] = ['proposed', 'reopened'];
const APPROVED: readonly AssignmentStatus[] = ['approved', 'final'];

function changedEvent(
  state: Live,
  data: Omit<z.infer<typeof TeachingAssignmentChanged>, 'SectionId'>,
): SectionEvent {
  return { type: 'TeachingAssignmentChanged', data: { SectionId: state.section.id, ...data } };
}

function decideMoveMeeting(
  state: Live,
  data: SectionCommandData<'MoveMeeting'>,
  context: SectionCommandContext | undefined,
): SectionEvent[] {
  const { id, meetingId, override, ...changes } = data;
  const current = state.section.meetings.find((m) => m.id === meetingId);
  if (!current)
    throw new SectionCommandRefused('notFound', `The section has no meeting with id ${meetingId}.`);
  const parsed = Meeting.safeParse({ ...current, ...definedOnly(changes) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SectionCommandRefused(
      'invalid',
      `The moved meeting is not valid: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  const moved = parsed.data;
  if (canonical(moved) === canonical(current)) return [];
  const meetings = state.section.meetings.map((m) => (m.id === meetingId ? moved : m));
  const candidate = scheduledSection({ ...state.section, meetings }, activeAssignments(state));
  // Only what the moved meeting causes: an older, already overridden clash does not refuse a move.
  const involved = conflictsOf(state, candidate, context).filter(
    (c) => c.meetingId === meetingId || (c.otherSectionId === id && c.otherMeetingId === meetingId),
  );
  return [
    { type: 'SectionMeetingMoved', data: { id, meeting: moved, ...checked(involved, override) } },
  ];
}

function decideAssign(
  state: Live,
  data: SectionCommandData<'AssignInstructor'>,
  context: SectionCommandContext | undefined,
): SectionEvent[] {
  const { id, assignmentId, UserId, override } = data;
  if (state.assignments[assignmentId]) {
    throw new SectionCommandRefused('rule', 'This assignment already exists.');
  }
  if (activeAssignments(state).some((a) => a.UserId === UserId)) {
    throw new SectionCommandRefused('rule', 'This instructor is already assigned to the section.');
  }
  const candidate = scheduledSection(state.section, [
    { id: assignmentId, UserId, share: null, notes: null, status: 'proposed' },
  ]);
  // Only the new instructor's clashes: a room problem is not this assignment's to refuse.
  const mine = conflictsOf(state, candidate, context).filter((c) => c.UserId === UserId);
  return [
    {
      type: 'TeachingAssignmentCreated',
      data: {
        SectionId: id,
        id: assignmentId,
        UserId,
        share: data.share ?? null,
        notes: data.notes ?? null,
        status: 'proposed',
        ...checked(mine, override),
      },
    },
  ];
}

function decideApprove(
  state: Live,
  assignment: TeachingAssignment,
  context: SectionCommandContext | undefined,
  meta: SectionCommandMeta,
): SectionEvent[] {
  const authority = context?.approvalAuthority ?? { workgroup: false, academicAffairs: false };
  const at = meta.now.toISOString();
  const by = meta.actorId;
  if (AWAITING_WORKGROUP.includes(assignment.status)) {
    if (!authority.workgroup) {
      throw new SectionCommandRefused(
        'rule',
        "The section's workgroup approves this assignment first (at department review).",
      );
    }
    return [
      changedEvent(state, {
        id: assignment.id,
        status: 'approved',
        previousStatus: assignment.status,
        approval: { level: 'workgroup', by, at },
      }),
    ];
  }
  if (assignment.status === 'approved') {
    if (!authority.academicAffairs) {
      throw new SectionCommandRefused(
        'rule',
        'The workgroup has approved this assignment; academic affairs makes it final.',
      );
    }
    return [
      changedEvent(state, {
        id: assignment.id,
        status: 'final',
        previousStatus: 'approved',
        approval: { level: 'academicAffairs', by, at },
      }),
    ];
  }
  throw new SectionCommandRefused('rule', `This assignment is already ${assignment.status}.`);
}

function decideChange(state: Live, data: SectionCommandData<'ChangeAssignment'>): SectionEvent[] {
  const assignment = assignmentOf(state, data.assignmentId);
  notWithdrawn(assignment);
  const changes: { share?: number | null; notes?: string | null } = {};
  if (data.share !== undefined && data.share !== assignment.share) changes.share = data.share;
  if (data.notes !== undefined && data.notes !== assignment.notes) changes.notes = data.notes;
  if (Object.keys(changes).length === 0) return [];
  // DOMAIN.md: any change to an approved or final assignment re-opens its approval.
  const status = APPROVED.includes(assignment.status) ? 'reopened' : assignment.status;
  return [
    changedEvent(state, {
      id: assignment.id,
      ...changes,
      status,
      previousStatus: assignment.status,
    }),
  ];
}

/**
 * A merge hands the duplicate's assignments to the master. The same person already taught them,
 * so no schedule conflict is checked. Where the master is already (actively) on the section, the
 * duplicate's active assignment is withdrawn first, then moved: one instructor is never assigned
 * twice, and afterwards nothing on the section names the duplicate. Withdrawn ones move as they are.
 */
function decideReassignMerged(
  state: Live,
  data: SectionCommandData<'ReassignMergedInstructor'>,
): SectionEvent[] {
  const { fromUserId, toUserId } = data;
  const SectionId = state.section.id;
  let masterActive = activeAssignments(state).some((a) => a.UserId === toUserId);
  const events: SectionEvent[] = [];
  for (const assignment of Object.values(state.assignments)) {
    if (assignment.UserId !== fromUserId) continue;
    if (assignment.status !== 'withdrawn' && masterActive) {
      events.push(
        changedEvent(state, {
          id: assignment.id,
          status: 'withdrawn',
          previousStatus: assignment.status,
          reason: 'Users merged: the master was already assigned to this section.',
        }),
      );
    } else if (assignment.status !== 'withdrawn') {
      masterActive = true;
    }
    events.push({
      type: 'TeachingAssignmentReassigned',
      data: { SectionId, id: assignment.id, UserId: toUserId, previousUserId: fromUserId },
    });
  }
  return events;
}

/** Every rule of the section aggregate; pure: time and actor arrive in `meta`, ids in the command. */
export function decideSection(
  command: SectionCommand,
  state: SectionState,
  meta: SectionCommandMeta,
): SectionEvent[] {
  switch (command.type) {
    case 'CreateSection': {
      if (state.status !== 'absent')
        throw new SectionCommandRefused('rule', 'This section already exists.');
      const d = command.data;
      return [
        {
          type: 'SectionCreated',
          data: {
            ...d,
            enrollment: d.enrollment ?? null,
            defaultPoints: d.defaultPoints ?? null,
            points: d.points ?? null,
            notes: d.notes ?? null,
            TermMode: d.TermMode ?? null,
            allowOverlap: d.allowOverlap ?? false,
          },
        },
      ];
    }
    case 'UpdateSection': {
      const { section } = live(state, command.data.id);
      const changed = Object.entries(definedOnly(command.data)).filter(
        ([key, value]) =>
          key !== 'id' && canonical(value) !== canonical(section[key as keyof SectionRecord]),
      );
      if (changed.length === 0) return [];
      return [{ type: 'SectionUpdated', data: { id: section.id, ...Object.fromEntries(changed) } }];
    }
    case 'DeleteSection':
      live(state, command.data.id);
      return [{ type: 'SectionDeleted', data: { id: command.data.id } }];
    case 'SetMeetings': {
      const current = live(state, command.data.id);
      const { id, meetings, override } = command.data;
      // Stored meetings come back from jsonb with their keys reordered: compare canonically.
      if (canonical(meetings) === canonical(current.section.meetings)) return [];
      const candidate = scheduledSection(
        { ...current.section, meetings },
        activeAssignments(current),
      );
      const found = conflictsOf(current, candidate, command.context);
      return [{ type: 'SectionMeetingsSet', data: { id, meetings, ...checked(found, override) } }];
    }
    case 'MoveMeeting':
      return decideMoveMeeting(live(state, command.data.id), command.data, command.context);
    case 'AssignInstructor':
      return decideAssign(live(state, command.data.id), command.data, command.context);
    case 'ChangeAssignment':
      return decideChange(live(state, command.data.id), command.data);
    case 'ApproveAssignment': {
      const current = live(state, command.data.id);
      return decideApprove(
        current,
        assignmentOf(current, command.data.assignmentId),
        command.context,
        meta,
      );
    }
    case 'WithdrawAssignment': {
      const current = live(state, command.data.id);
      const assignment = assignmentOf(current, command.data.assignmentId);
      if (assignment.status === 'withdrawn') return [];
      return [
        changedEvent(current, {
          id: assignment.id,
          status: 'withdrawn',
          previousStatus: assignment.status,
          reason: command.data.reason ?? null,
        }),
      ];
    }
    case 'UnassignInstructor': {
      const current = live(state, command.data.id);
      const assignment = assignmentOf(current, command.data.assignmentId);
      return [
        {
          type: 'TeachingAssignmentDeleted',
          data: { SectionId: current.section.id, id: assignment.id, UserId: assignment.UserId },
        },
      ];
    }
    case 'ReassignMergedInstructor':
      return decideReassignMerged(live(state, command.data.id), command.data);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown section command ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The section decider in the shape the command service runs (DESIGN §4). */
export const sectionDecider = {
  initialState: initialSectionState,
  decide: decideSection,
  evolve: evolveSection,
} satisfies Decider<SectionCommand, SectionState, SectionEvent, SectionCommandMeta>;
