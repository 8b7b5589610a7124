import { describe, expect, it } from '@jest/globals';
import { defineAbilityFor } from '../../permissions/defineAbilityFor.js';
import { demoContextFor } from '../../permissions/fixtures/demoContext.js';
import type { AbilityContext, RoleSlug, WorkgroupPermission } from '../../permissions/types.js';
import { authorizeSectionCommand } from './authorize.js';
import type { SectionCommand } from './commands.js';
import { evolveSection, initialSectionState, type SectionState } from './decider.js';

const mathSection: SectionState = evolveSection(initialSectionState, {
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
    TermMode: null,
    allowOverlap: false,
  },
});

function member(permissions: WorkgroupPermission[], progressStepId: number | null): AbilityContext {
  return {
    ...demoContextFor('faculty'),
    roles: [],
    workgroupPermissions: permissions,
    progressStepId,
  };
}
const role = (slug: RoleSlug) => defineAbilityFor(demoContextFor(slug));

const assign: SectionCommand = {
  type: 'AssignInstructor',
  data: { id: 's1', assignmentId: 'a1', UserId: 'ada' },
};
const approve: SectionCommand = {
  type: 'ApproveAssignment',
  data: { id: 's1', assignmentId: 'a1' },
};
const change: SectionCommand = {
  type: 'ChangeAssignment',
  data: { id: 's1', assignmentId: 'a1', share: 50 },
};
const move: SectionCommand = {
  type: 'MoveMeeting',
  data: { id: 's1', meetingId: 'm1', days: ['FR'] },
};

describe('authorizeSectionCommand: workgroup bits at progress step 6', () => {
  const assignBit = [{ id: 'wg-math', permission: 2 }];
  const approveBit = [{ id: 'wg-math', permission: 1 }];

  it('lets bit 2 assign (and change) the workgroup’s sections at step 6 only', () => {
    const at6 = defineAbilityFor(member(assignBit, 6));
    expect(authorizeSectionCommand(at6, assign, mathSection).allowed).toBe(true);
    expect(authorizeSectionCommand(at6, change, mathSection).allowed).toBe(true);
    for (const step of [5, 7, null]) {
      const other = defineAbilityFor(member(assignBit, step));
      expect(authorizeSectionCommand(other, assign, mathSection).allowed).toBe(false);
    }
  });

  it('lets bit 1 approve (workgroup level) at step 6 only, and bit 1 alone never assign', () => {
    const at6 = defineAbilityFor(member(approveBit, 6));
    expect(authorizeSectionCommand(at6, approve, mathSection)).toEqual({
      allowed: true,
      approvalAuthority: { workgroup: true, academicAffairs: false },
    });
    expect(authorizeSectionCommand(at6, assign, mathSection).allowed).toBe(false);
    const at5 = defineAbilityFor(member(approveBit, 5));
    expect(authorizeSectionCommand(at5, approve, mathSection).allowed).toBe(false);
    // The assign bit does not approve.
    expect(
      authorizeSectionCommand(defineAbilityFor(member(assignBit, 6)), approve, mathSection).allowed,
    ).toBe(false);
  });

  it('lets a member with the bit reach an unknown section (the decider answers 404), not others', () => {
    const unknown: SectionCommand = {
      type: 'UnassignInstructor',
      data: { id: 'nope', assignmentId: 'a1' },
    };
    expect(
      authorizeSectionCommand(defineAbilityFor(member(assignBit, 6)), unknown, initialSectionState)
        .allowed,
    ).toBe(true);
    expect(
      authorizeSectionCommand(defineAbilityFor(member(assignBit, 5)), unknown, initialSectionState)
        .allowed,
    ).toBe(false);
    expect(authorizeSectionCommand(role('faculty'), unknown, initialSectionState).allowed).toBe(
      false,
    );
  });

  it('gives nothing on another workgroup’s section', () => {
    const both = defineAbilityFor(member([{ id: 'wg-physics', permission: 3 }], 6));
    for (const command of [assign, approve, change, move]) {
      expect(authorizeSectionCommand(both, command, mathSection).allowed).toBe(false);
    }
  });
});

describe('authorizeSectionCommand: roles', () => {
  it('academic-affairs approvers approve at the academic-affairs level, and do not assign', () => {
    expect(authorizeSectionCommand(role('academicAffairsApprover'), approve, mathSection)).toEqual({
      allowed: true,
      approvalAuthority: { workgroup: false, academicAffairs: true },
    });
    expect(
      authorizeSectionCommand(role('academicAffairsApprover'), assign, mathSection).allowed,
    ).toBe(false);
  });

  it('asks for one level when the command names it', () => {
    const ops = role('academicOpsAdmin');
    const at = (level: 'workgroup' | 'academicAffairs'): SectionCommand => ({
      type: 'ApproveAssignment',
      data: { id: 's1', assignmentId: 'a1', level },
    });
    expect(authorizeSectionCommand(ops, at('workgroup'), mathSection).approvalAuthority).toEqual({
      workgroup: true,
      academicAffairs: false,
    });
    const approver = role('academicAffairsApprover');
    expect(authorizeSectionCommand(approver, at('workgroup'), mathSection).allowed).toBe(false);
    expect(authorizeSectionCommand(approver, at('academicAffairs'), mathSection).allowed).toBe(
      true,
    );
  });

  it('academic ops assign and hold both approvals at any step; admin assigns and approves for the workgroup', () => {
    expect(authorizeSectionCommand(role('academicOpsAdmin'), assign, mathSection).allowed).toBe(
      true,
    );
    expect(
      authorizeSectionCommand(role('academicOpsAdmin'), approve, mathSection).approvalAuthority,
    ).toEqual({
      workgroup: true,
      academicAffairs: true,
    });
    expect(authorizeSectionCommand(role('admin'), approve, mathSection).approvalAuthority).toEqual({
      workgroup: true,
      academicAffairs: false,
    });
  });

  it('lets section schedulers move meetings but not assign or edit sections', () => {
    const scheduler = role('sectionScheduler');
    expect(authorizeSectionCommand(scheduler, move, mathSection).allowed).toBe(true);
    expect(authorizeSectionCommand(scheduler, assign, mathSection).allowed).toBe(false);
    const update: SectionCommand = { type: 'UpdateSection', data: { id: 's1', points: 4 } };
    expect(authorizeSectionCommand(scheduler, update, mathSection).allowed).toBe(false);
  });

  it('refuses faculty and reporting users every section command', () => {
    const create: SectionCommand = {
      type: 'CreateSection',
      data: {
        id: 's9',
        CourseOfferingId: 'o1',
        WorkgroupId: 'wg-math',
        name: 'X',
        sectionNumber: '9',
      },
    };
    for (const slug of ['faculty', 'reportingUser'] as const) {
      for (const command of [create, assign, approve, change, move]) {
        expect(authorizeSectionCommand(role(slug), command, mathSection).allowed).toBe(false);
      }
    }
  });

  it('needs the right on both workgroups to move a section between them', () => {
    const moveWorkgroup: SectionCommand = {
      type: 'UpdateSection',
      data: { id: 's1', WorkgroupId: 'wg-physics' },
    };
    expect(
      authorizeSectionCommand(role('academicOpsAdmin'), moveWorkgroup, mathSection).allowed,
    ).toBe(true);
    expect(
      authorizeSectionCommand(
        defineAbilityFor(member([{ id: 'wg-math', permission: 3 }], 6)),
        moveWorkgroup,
        mathSection,
      ).allowed,
    ).toBe(false);
  });
});

describe('authorizeSectionCommand: a user merge', () => {
  it('lets whoever may merge users move the duplicate’s assignments, and nobody else', () => {
    const reassign: SectionCommand = {
      type: 'ReassignMergedInstructor',
      data: { id: 's-math', fromUserId: 'dupe', toUserId: 'master' },
    };
    expect(authorizeSectionCommand(role('admin'), reassign, mathSection).allowed).toBe(true);
    for (const slug of ['faculty', 'academicOpsAdmin'] as const) {
      const ability = defineAbilityFor({
        ...demoContextFor(slug),
        featureFlags: { ...demoContextFor(slug).featureFlags, userMergeEnabled: false },
      });
      expect(authorizeSectionCommand(ability, reassign, mathSection).allowed).toBe(false);
    }
    expect(
      authorizeSectionCommand(
        defineAbilityFor(member([{ id: 'wg-math', permission: 3 }], 6)),
        reassign,
        mathSection,
      ).allowed,
    ).toBe(false);
  });
});
