import { describe, expect, it } from '@jest/globals';
import type { ScheduledSection } from '../conflicts.js';
import { Meeting } from '../meetings.js';
import type { SectionCommand, SectionCommandContext } from './commands.js';
import { DeciderSpecification } from '../../testing/deciderSpecification.js';
import { evolveSection, sectionDecider } from './decider.js';
import { teachingEventSchemas, type SectionEvent } from './events.js';
import { SectionCommandRefused } from './refusal.js';

const meta = { actorId: 'actor-1', now: new Date('2026-09-01T10:00:00Z') };

const created: SectionEvent = {
  type: 'SectionCreated',
  data: {
    id: 's1',
    CourseOfferingId: 'o1',
    WorkgroupId: 'wg-math',
    name: 'Calculus I',
    sectionNumber: '001',
    enrollment: 30,
    defaultPoints: 3,
    points: null,
    notes: null,
    TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
    allowOverlap: false,
  },
};

function meeting(extra: Partial<Meeting> & { id: string }): Meeting {
  return Meeting.parse({
    days: ['MO', 'WE'],
    startTime: '09:00',
    endTime: '10:00',
    startDate: '2026-09-07',
    until: '2026-12-11',
    frequency: 'weekly',
    LocationId: 'room-1',
    ...extra,
  });
}

const spec = DeciderSpecification.for(sectionDecider, {
  meta,
  // Every answered event is checked against its schema.
  validate: (event) =>
    expect(teachingEventSchemas[event.type].safeParse(event.data).success).toBe(true),
});

/** given events → when command → then events, or a refusal of its kind (and message). */
function given(...events: SectionEvent[]) {
  const history = spec.given(events);
  return {
    state: history.state,
    when(command: SectionCommand) {
      const when = history.when(command);
      return {
        // An expected list may hold matchers (expect.objectContaining).
        then: (expected: unknown) => when.then(expected as readonly SectionEvent[]),
        refused: (kind: SectionCommandRefused['kind'], message?: string | RegExp) =>
          when.thenThrows(SectionCommandRefused, (refusal) => {
            expect(refusal.kind).toBe(kind);
            if (message) expect(refusal.message).toMatch(message);
          }),
      };
    },
  };
}

const assigned = (id: string, UserId: string): SectionEvent => ({
  type: 'TeachingAssignmentCreated',
  data: {
    SectionId: 's1',
    id,
    UserId,
    share: null,
    notes: null,
    status: 'proposed',
    overriddenConflicts: [],
    warnings: [],
  },
});
const statusChange = (
  id: string,
  previousStatus: 'proposed' | 'approved' | 'reopened',
  status: 'approved' | 'final' | 'reopened',
): SectionEvent => ({
  type: 'TeachingAssignmentChanged',
  data: { SectionId: 's1', id, status, previousStatus },
});
const workgroupApprover: SectionCommandContext = {
  approvalAuthority: { workgroup: true, academicAffairs: false },
};
const academicAffairs: SectionCommandContext = {
  approvalAuthority: { workgroup: false, academicAffairs: true },
};
const approve = (context: SectionCommandContext): SectionCommand => ({
  type: 'ApproveAssignment',
  data: { id: 's1', assignmentId: 'a1' },
  context,
});

/** Ada teaches s2 on Mondays and Wednesdays 09:30–10:30 in room 2. */
const adaBusy: ScheduledSection = {
  SectionId: 's2',
  meetings: [meeting({ id: 'x', startTime: '09:30', endTime: '10:30', LocationId: 'room-2' })],
  instructorIds: ['ada'],
  allowOverlap: false,
  seats: 20,
};
const schedule = (others: ScheduledSection[]): SectionCommandContext => ({
  schedule: { others, locations: [{ id: 'room-1', building: 'North', capacity: 40 }] },
});

describe('section lifecycle', () => {
  it('creates a section with its defaults and refuses a second create', () => {
    given()
      .when({
        type: 'CreateSection',
        data: {
          id: 's1',
          CourseOfferingId: 'o1',
          WorkgroupId: 'wg-math',
          name: 'Calculus I',
          sectionNumber: '001',
          enrollment: 30,
          defaultPoints: 3,
          TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
        },
      })
      .then([created]);
    given(created)
      .when({
        type: 'CreateSection',
        data: { ...created.data, TermMode: null },
      })
      .refused('rule', 'already exists');
  });

  it('records only the changed fields of an update, nothing when unchanged', () => {
    given(created)
      .when({ type: 'UpdateSection', data: { id: 's1', points: 4, name: 'Calculus I' } })
      .then([{ type: 'SectionUpdated', data: { id: 's1', points: 4 } }]);
    given(created)
      .when({ type: 'UpdateSection', data: { id: 's1', enrollment: 30 } })
      .then([]);
  });

  it('answers not found for an unknown or deleted section and an unknown assignment', () => {
    given()
      .when({ type: 'UpdateSection', data: { id: 's1', points: 1 } })
      .refused('notFound');
    given(created, { type: 'SectionDeleted', data: { id: 's1' } })
      .when({ type: 'DeleteSection', data: { id: 's1' } })
      .refused('notFound');
    given(created)
      .when(approve(workgroupApprover))
      .refused('notFound', /no assignment/);
  });
});

describe('assignment workflow: proposed → approved → final, reopened, withdrawn', () => {
  it('assigns an instructor as proposed, once per instructor', () => {
    given(created)
      .when({
        type: 'AssignInstructor',
        data: { id: 's1', assignmentId: 'a1', UserId: 'ada', share: 50, notes: 'lead' },
      })
      .then([
        {
          type: 'TeachingAssignmentCreated',
          data: {
            SectionId: 's1',
            id: 'a1',
            UserId: 'ada',
            share: 50,
            notes: 'lead',
            status: 'proposed',
            overriddenConflicts: [],
            warnings: [],
          },
        },
      ]);
    given(created, assigned('a1', 'ada'))
      .when({ type: 'AssignInstructor', data: { id: 's1', assignmentId: 'a2', UserId: 'ada' } })
      .refused('rule', 'already assigned');
  });

  it('lets the workgroup approve a proposed or reopened assignment, with who and when', () => {
    for (const history of [
      [],
      [statusChange('a1', 'proposed', 'approved'), statusChange('a1', 'approved', 'reopened')],
    ]) {
      const previous = history.length === 0 ? 'proposed' : 'reopened';
      given(created, assigned('a1', 'ada'), ...history)
        .when(approve(workgroupApprover))
        .then([
          {
            type: 'TeachingAssignmentChanged',
            data: {
              SectionId: 's1',
              id: 'a1',
              status: 'approved',
              previousStatus: previous,
              approval: { level: 'workgroup', by: 'actor-1', at: '2026-09-01T10:00:00.000Z' },
            },
          },
        ]);
    }
  });

  it('lets only academic affairs make an approved assignment final, and not skip the workgroup', () => {
    const approvedOnce = [
      created,
      assigned('a1', 'ada'),
      statusChange('a1', 'proposed', 'approved'),
    ];
    given(...approvedOnce)
      .when(approve(academicAffairs))
      .then([
        {
          type: 'TeachingAssignmentChanged',
          data: {
            SectionId: 's1',
            id: 'a1',
            status: 'final',
            previousStatus: 'approved',
            approval: { level: 'academicAffairs', by: 'actor-1', at: '2026-09-01T10:00:00.000Z' },
          },
        },
      ]);
    given(...approvedOnce)
      .when(approve(workgroupApprover))
      .refused('rule', /academic affairs makes it final/);
    given(created, assigned('a1', 'ada'))
      .when(approve(academicAffairs))
      .refused('rule', /workgroup approves this assignment first/);
    given(created, assigned('a1', 'ada')).when(approve({})).refused('rule');
    given(...approvedOnce, statusChange('a1', 'approved', 'final'))
      .when(approve({ approvalAuthority: { workgroup: true, academicAffairs: true } }))
      .refused('rule', 'already final');
  });

  it('re-opens the approval when an approved or final assignment changes (re-approval)', () => {
    const approvedOnce = [
      created,
      assigned('a1', 'ada'),
      statusChange('a1', 'proposed', 'approved'),
    ];
    for (const history of [
      approvedOnce,
      [...approvedOnce, statusChange('a1', 'approved', 'final')],
    ]) {
      const previous = history.length === 3 ? 'approved' : 'final';
      given(...history)
        .when({ type: 'ChangeAssignment', data: { id: 's1', assignmentId: 'a1', share: 60 } })
        .then([
          {
            type: 'TeachingAssignmentChanged',
            data: {
              SectionId: 's1',
              id: 'a1',
              share: 60,
              status: 'reopened',
              previousStatus: previous,
            },
          },
        ]);
    }
    // The re-opened assignment goes through the workgroup again.
    const reopened = given(...approvedOnce, {
      type: 'TeachingAssignmentChanged',
      data: {
        SectionId: 's1',
        id: 'a1',
        share: 60,
        status: 'reopened',
        previousStatus: 'approved',
      },
    });
    expect(reopened.state.status !== 'absent' && reopened.state.assignments.a1).toEqual({
      id: 'a1',
      UserId: 'ada',
      share: 60,
      notes: null,
      status: 'reopened',
    });
    reopened.when(approve(academicAffairs)).refused('rule', /workgroup approves/);
    // A change to a proposed one keeps it proposed; no change records nothing.
    given(created, assigned('a1', 'ada'))
      .when({ type: 'ChangeAssignment', data: { id: 's1', assignmentId: 'a1', notes: 'co-teach' } })
      .then([
        {
          type: 'TeachingAssignmentChanged',
          data: {
            SectionId: 's1',
            id: 'a1',
            notes: 'co-teach',
            status: 'proposed',
            previousStatus: 'proposed',
          },
        },
      ]);
    given(created, assigned('a1', 'ada'))
      .when({ type: 'ChangeAssignment', data: { id: 's1', assignmentId: 'a1', share: null } })
      .then([]);
  });

  it('withdraws (once), refuses changes to a withdrawn assignment, and lets the instructor be assigned again', () => {
    const withdrawn: SectionEvent = {
      type: 'TeachingAssignmentChanged',
      data: {
        SectionId: 's1',
        id: 'a1',
        status: 'withdrawn',
        previousStatus: 'proposed',
        reason: 'leave',
      },
    };
    given(created, assigned('a1', 'ada'))
      .when({ type: 'WithdrawAssignment', data: { id: 's1', assignmentId: 'a1', reason: 'leave' } })
      .then([withdrawn]);
    given(created, assigned('a1', 'ada'), withdrawn)
      .when({ type: 'WithdrawAssignment', data: { id: 's1', assignmentId: 'a1' } })
      .then([]);
    given(created, assigned('a1', 'ada'), withdrawn)
      .when({ type: 'ChangeAssignment', data: { id: 's1', assignmentId: 'a1', share: 20 } })
      .refused('rule', 'withdrawn');
    given(created, assigned('a1', 'ada'), withdrawn)
      .when(approve(workgroupApprover))
      .refused('rule');
    given(created, assigned('a1', 'ada'), withdrawn)
      .when({ type: 'AssignInstructor', data: { id: 's1', assignmentId: 'a2', UserId: 'ada' } })
      .then([expect.objectContaining({ type: 'TeachingAssignmentCreated' })]);
  });

  it('unassigns, removing the assignment from the section', () => {
    const result = given(created, assigned('a1', 'ada'));
    result
      .when({ type: 'UnassignInstructor', data: { id: 's1', assignmentId: 'a1' } })
      .then([
        { type: 'TeachingAssignmentDeleted', data: { SectionId: 's1', id: 'a1', UserId: 'ada' } },
      ]);
    const after = given(created, assigned('a1', 'ada'), {
      type: 'TeachingAssignmentDeleted',
      data: { SectionId: 's1', id: 'a1', UserId: 'ada' },
    });
    expect(after.state.status !== 'absent' && after.state.assignments).toEqual({});
  });
});

describe('double-booking: refused with 422 unless overridden, and the override recorded', () => {
  const withMeeting: SectionEvent = {
    type: 'SectionMeetingsSet',
    data: { id: 's1', meetings: [meeting({ id: 'm1' })], overriddenConflicts: [], warnings: [] },
  };
  const assignAda = (override?: boolean): SectionCommand => ({
    type: 'AssignInstructor',
    data: {
      id: 's1',
      assignmentId: 'a1',
      UserId: 'ada',
      ...(override === undefined ? {} : { override }),
    },
    context: schedule([adaBusy]),
  });

  it('refuses to assign an instructor who teaches at the same time elsewhere', () => {
    const refusal = given(created, withMeeting)
      .when(assignAda())
      .refused(
        'rule',
        /^The instructor already teaches another section at this time on Mon, Sep 7, 2026 and 27 more dates\. You may go ahead anyway: the clash is then recorded as an override\.$/,
      );
    expect(refusal.conflicts).toEqual([
      expect.objectContaining({
        kind: 'instructorDoubleBooked',
        UserId: 'ada',
        otherSectionId: 's2',
      }),
    ]);
    given(created, withMeeting).when(assignAda(false)).refused('rule');
  });

  it('assigns with override: true and records the overridden conflict in the event', () => {
    given(created, withMeeting)
      .when(assignAda(true))
      .then([
        {
          type: 'TeachingAssignmentCreated',
          data: expect.objectContaining({
            UserId: 'ada',
            overriddenConflicts: [
              expect.objectContaining({ kind: 'instructorDoubleBooked', otherSectionId: 's2' }),
            ],
          }),
        },
      ]);
  });

  it('ignores other instructors and cross-listed sections that both allow overlap', () => {
    given(created, withMeeting)
      .when({
        type: 'AssignInstructor',
        data: { id: 's1', assignmentId: 'a1', UserId: 'bob' },
        context: schedule([adaBusy]),
      })
      .then([expect.objectContaining({ type: 'TeachingAssignmentCreated' })]);
    const crossListed = {
      ...created,
      data: { ...created.data, allowOverlap: true },
    } as SectionEvent;
    given(crossListed, withMeeting)
      .when({ ...assignAda(), context: schedule([{ ...adaBusy, allowOverlap: true }]) })
      .then([expect.objectContaining({ type: 'TeachingAssignmentCreated' })]);
  });

  it('refuses to move a meeting onto an assigned instructor’s other class, unless overridden', () => {
    const adaOnS1 = [
      created,
      {
        ...withMeeting,
        data: { ...withMeeting.data, meetings: [meeting({ id: 'm1', days: ['TU'] })] },
      } as SectionEvent,
      assigned('a1', 'ada'),
    ];
    const move = (override?: boolean): SectionCommand => ({
      type: 'MoveMeeting',
      data: { id: 's1', meetingId: 'm1', days: ['MO'], ...(override ? { override } : {}) },
      context: schedule([adaBusy]),
    });
    given(...adaOnS1)
      .when(move())
      .refused('rule', /already teaches another section/);
    given(...adaOnS1)
      .when(move(true))
      .then([
        {
          type: 'SectionMeetingMoved',
          data: {
            id: 's1',
            meeting: meeting({ id: 'm1', days: ['MO'] }),
            overriddenConflicts: [expect.objectContaining({ kind: 'instructorDoubleBooked' })],
            warnings: [],
          },
        },
      ]);
    // A move that clashes with no one is recorded without overrides.
    given(...adaOnS1)
      .when({
        type: 'MoveMeeting',
        data: { id: 's1', meetingId: 'm1', days: ['FR'] },
        context: schedule([adaBusy]),
      })
      .then([
        {
          type: 'SectionMeetingMoved',
          data: {
            id: 's1',
            meeting: meeting({ id: 'm1', days: ['FR'] }),
            overriddenConflicts: [],
            warnings: [],
          },
        },
      ]);
  });

  it('refuses an invalid move (400) and an unknown meeting (404)', () => {
    given(created, withMeeting)
      .when({ type: 'MoveMeeting', data: { id: 's1', meetingId: 'm1', startTime: '11:00' } })
      .refused('invalid', /endTime/);
    given(created, withMeeting)
      .when({ type: 'MoveMeeting', data: { id: 's1', meetingId: 'nope', days: ['FR'] } })
      .refused('notFound');
  });

  it('refuses meetings in a room booked at the same time or too small, unless overridden', () => {
    const roomTaken: ScheduledSection = {
      ...adaBusy,
      instructorIds: [],
      meetings: [meeting({ id: 'y', LocationId: 'room-1' })],
    };
    const set = (override?: boolean): SectionCommand => ({
      type: 'SetMeetings',
      data: { id: 's1', meetings: [meeting({ id: 'm1' })], ...(override ? { override } : {}) },
      context: schedule([roomTaken]),
    });
    given(created)
      .when(set())
      .refused('rule', /room is already booked/);
    given(created)
      .when(set(true))
      .then([
        {
          type: 'SectionMeetingsSet',
          data: expect.objectContaining({
            overriddenConflicts: [expect.objectContaining({ kind: 'locationDoubleBooked' })],
          }),
        },
      ]);
    const big = { ...created, data: { ...created.data, enrollment: 90 } } as SectionEvent;
    given(big)
      .when({ ...set(), context: schedule([]) })
      .refused('rule', /seats 40, fewer than the section's 90/);
  });

  it('records nothing when the same meetings come back with their keys in another order', () => {
    const stored = meeting({ id: 'm1' });
    const reordered = Object.fromEntries(Object.entries(stored).reverse()) as Meeting;
    given(created, {
      type: 'SectionMeetingsSet',
      data: { id: 's1', meetings: [reordered], overriddenConflicts: [], warnings: [] },
    })
      .when({ type: 'SetMeetings', data: { id: 's1', meetings: [stored] }, context: schedule([]) })
      .then([]);
  });
});

describe('ReassignMergedInstructor (a user merge)', () => {
  const reassign: SectionCommand = {
    type: 'ReassignMergedInstructor',
    data: { id: 's1', fromUserId: 'dupe', toUserId: 'master' },
  };
  const moved = (id: string) => ({
    type: 'TeachingAssignmentReassigned',
    data: { SectionId: 's1', id, UserId: 'master', previousUserId: 'dupe' },
  });

  it("moves the duplicate's assignment as it is (status, share, notes) to the master", () => {
    const approved = given(
      created,
      assigned('a1', 'dupe'),
      statusChange('a1', 'proposed', 'approved'),
    );
    approved.when(reassign).then([moved('a1')]);
    const after = evolveSection(approved.state, moved('a1') as SectionEvent);
    expect(after.status !== 'absent' && after.assignments.a1).toEqual({
      id: 'a1',
      UserId: 'master',
      share: null,
      notes: null,
      status: 'approved',
    });
  });

  it('withdraws it first where the master already teaches the section, so none is doubled', () => {
    given(created, assigned('a1', 'master'), assigned('a2', 'dupe'))
      .when(reassign)
      .then([
        {
          type: 'TeachingAssignmentChanged',
          data: expect.objectContaining({
            id: 'a2',
            status: 'withdrawn',
            previousStatus: 'proposed',
          }),
        },
        moved('a2'),
      ]);
  });

  it('records nothing where the duplicate has no assignment, and 404 for no section', () => {
    given(created, assigned('a1', 'master')).when(reassign).then([]);
    given().when(reassign).refused('notFound');
  });
});
