import { subjectOf } from './ability.js';
import { defineAbilityFor } from './defineAbilityFor.js';
import {
  ACTIONS,
  FEATURE_FLAG_NAMES,
  ROLE_SLUGS,
  SUBJECTS,
  type AbilityContext,
  type Action,
  type FeatureFlagName,
  type FeatureFlags,
  type Mode,
  type RoleSlug,
  type Subject,
} from './types.js';

/** For each subject, the actions each role holds; `manage` stands for every action. Absent = denied. */
type Matrix = Partial<Record<Subject, Partial<Record<RoleSlug, Action[]>>>>;

const ALL_ROLES: Partial<Record<RoleSlug, Action[]>> = {
  admin: ['read'],
  academicOpsAdmin: ['read'],
  academicAffairsApprover: ['read'],
  businessOfficeAdmin: ['read'],
  financialReportingUser: ['read'],
  reportingUser: ['read'],
  sectionScheduler: ['read'],
  effortManager: ['read'],
  effortContributor: ['read'],
  faculty: ['read'],
};

/**
 * Spec §6 (+ DESIGN §7) written out by hand for every flag on, mode local, no workgroups, step none,
 * not masquerading.
 */
const EXPECTED_ALL_FLAGS_ON: Matrix = {
  AcademicPeriod: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  WorkingAcademicPeriod: { admin: ['update'], academicOpsAdmin: ['update'] },
  Administration: {
    admin: ['manage'],
    academicOpsAdmin: ['read'],
    financialReportingUser: ['read'],
  },
  ApiKey: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  Clone: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  Email: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  Location: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  Workgroup: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  Configuration: { admin: ['manage'] },
  Course: { admin: ['read'], academicOpsAdmin: ['manage'] },
  CourseOffering: { admin: ['read'], academicOpsAdmin: ['manage'] },
  Dashboard: ALL_ROLES,
  DataExport: {
    admin: ['manage'],
    academicOpsAdmin: ['manage'],
    reportingUser: ['create', 'read'],
  },
  DataServices: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  DeveloperItem: { admin: ['manage'] },
  EffortActual: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
  EffortCategory: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
  EffortPayPeriod: { admin: ['manage'], effortContributor: ['read'], effortManager: ['manage'] },
  EffortRule: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
  Effort: { admin: ['read'], effortContributor: ['read'], effortManager: ['read'] },
  EffortType: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
  EffortImport: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
  EffortTimeline: {
    admin: ['read'],
    effortManager: ['read'],
    effortContributor: ['read'],
    faculty: ['read'],
  },
  FinancialData: { financialReportingUser: ['manage'] },
  Instructor: {
    admin: ['manage'],
    academicOpsAdmin: ['manage'],
    businessOfficeAdmin: ['read'],
    financialReportingUser: ['read'],
  },
  Masquerade: { admin: ['create'] },
  MyAdvancedTeachingEffort: { faculty: ['read'] },
  MySharedTeaching: { faculty: ['read'] },
  MySectionAssignment: { faculty: ['read'] },
  MySchedule: { faculty: ['read'] },
  MyTeachingPreference: { faculty: ['manage'] },
  ProgressAction: {
    admin: ['read'],
    academicOpsAdmin: ['read'],
    academicAffairsApprover: ['read'],
  },
  Report: { admin: ['manage'], academicOpsAdmin: ['manage'], reportingUser: ['create', 'read'] },
  Scheduler: { admin: ['manage'], academicOpsAdmin: ['manage'], sectionScheduler: ['manage'] },
  SectionAssignment: {
    admin: ['read'],
    academicOpsAdmin: ['manage'],
    academicAffairsApprover: ['read', 'approve'],
  },
  Section: {
    admin: ['manage'],
    academicOpsAdmin: ['manage'],
    sectionScheduler: ['read'],
    academicAffairsApprover: ['read'],
  },
  User: { admin: ['manage'], academicOpsAdmin: ['manage'] },
  WorkgroupApproval: {
    businessOfficeAdmin: ['read'],
    academicAffairsApprover: ['read'],
    admin: ['read'],
    academicOpsAdmin: ['read'],
  },
};

/** What turning one flag off (from all on) takes away and gives, written out by hand. */
const FLAG_OFF_CHANGES: Record<FeatureFlagName, { removes: Matrix; adds: Matrix }> = {
  aemEnabled: {
    removes: {
      EffortActual: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
      EffortCategory: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
      EffortPayPeriod: {
        admin: ['manage'],
        effortContributor: ['read'],
        effortManager: ['manage'],
      },
      EffortRule: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
      Effort: { admin: ['read'], effortContributor: ['read'], effortManager: ['read'] },
      EffortType: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
      EffortImport: { admin: ['read'], effortContributor: ['read'], effortManager: ['manage'] },
      EffortTimeline: {
        admin: ['read'],
        effortManager: ['read'],
        effortContributor: ['read'],
        faculty: ['read'],
      },
    },
    adds: {
      AdminAssignment: {
        admin: ['manage'],
        academicOpsAdmin: ['manage'],
        academicAffairsApprover: ['read'],
      },
      AdminAssignmentType: { admin: ['manage'], academicOpsAdmin: ['manage'] },
      MyAdminAssignment: { faculty: ['read'] },
    },
  },
  aemEnabledFaculty: { removes: { MyAdvancedTeachingEffort: { faculty: ['read'] } }, adds: {} },
  userMergeEnabled: {
    removes: { User: { admin: ['merge'], academicOpsAdmin: ['merge'] } },
    adds: {},
  },
  devEmailsEnabled: { removes: {}, adds: {} },
  apiEnabled: {
    removes: { ApiKey: { admin: ['manage'], academicOpsAdmin: ['manage'] } },
    adds: {},
  },
  exportsEnabled: {
    removes: {
      DataExport: {
        admin: ['manage'],
        academicOpsAdmin: ['manage'],
        reportingUser: ['create', 'read'],
      },
    },
    adds: {},
  },
  dataServicesEnabled: {
    removes: { DataServices: { admin: ['manage'], academicOpsAdmin: ['manage'] } },
    adds: {},
  },
  mySharedTeachingEnabled: { removes: { MySharedTeaching: { faculty: ['read'] } }, adds: {} },
  // The table gates no row on it (MyTeachingPreference is "faculty manage"); the browser may use it.
  myTeachingPreferencesEnabled: { removes: {}, adds: {} },
  myTeachingAssignmentsEnabled: {
    removes: { MySectionAssignment: { faculty: ['read'] } },
    adds: {},
  },
  myScheduleEnabled: { removes: { MySchedule: { faculty: ['read'] } }, adds: {} },
};

const MODES_WITH_DEVELOPER_ITEMS: Record<Mode, boolean> = {
  production: false,
  development: true,
  local: true,
  'staging-build': false,
  test: false,
};

const ALL_ON = Object.fromEntries(FEATURE_FLAG_NAMES.map((flag) => [flag, true])) as FeatureFlags;

function context(overrides: Partial<AbilityContext> = {}): AbilityContext {
  return {
    userId: 'u-1',
    roles: [],
    workgroupPermissions: [],
    featureFlags: ALL_ON,
    mode: 'local',
    progressStepId: null,
    masquerading: false,
    ...overrides,
  };
}

/** "Subject role action" for every granted check; `manage` expands to every action (CASL's meaning). */
function expand(matrix: Matrix): Set<string> {
  const granted = new Set<string>();
  for (const [subject, byRole] of Object.entries(matrix)) {
    for (const [role, actions] of Object.entries(byRole ?? {})) {
      for (const action of actions.includes('manage') ? ACTIONS : actions)
        granted.add(`${subject} ${role} ${action}`);
    }
  }
  return granted;
}

function applyChanges(base: Set<string>, changes: { removes: Matrix; adds: Matrix }): Set<string> {
  const result = new Set(base);
  for (const entry of expand(changes.removes)) result.delete(entry);
  for (const entry of expand(changes.adds)) result.add(entry);
  return result;
}

/** Every subject × action × role, asked of the rules under test. */
function actualGrants(overrides: Partial<AbilityContext>): Set<string> {
  const granted = new Set<string>();
  for (const role of ROLE_SLUGS) {
    const ability = defineAbilityFor(context({ ...overrides, roles: [role] }));
    for (const subject of [...SUBJECTS, 'all' as const]) {
      for (const action of ACTIONS)
        if (ability.can(action, subject)) granted.add(`${subject} ${role} ${action}`);
    }
  }
  return granted;
}

const sorted = (set: Set<string>): string[] => [...set].sort();

describe('defineAbilityFor: spec §6 matrix', () => {
  it('grants exactly the expected matrix with every flag on', () => {
    expect(sorted(actualGrants({}))).toEqual(sorted(expand(EXPECTED_ALL_FLAGS_ON)));
  });

  it.each(FEATURE_FLAG_NAMES)('turning %s off changes exactly its rows', (flag) => {
    const expected = applyChanges(expand(EXPECTED_ALL_FLAGS_ON), FLAG_OFF_CHANGES[flag]);
    expect(sorted(actualGrants({ featureFlags: { ...ALL_ON, [flag]: false } }))).toEqual(
      sorted(expected),
    );
  });

  it('with every flag off, all the per-flag changes apply together', () => {
    const allOff = Object.fromEntries(
      FEATURE_FLAG_NAMES.map((flag) => [flag, false]),
    ) as FeatureFlags;
    let expected = expand(EXPECTED_ALL_FLAGS_ON);
    for (const flag of FEATURE_FLAG_NAMES)
      expected = applyChanges(expected, FLAG_OFF_CHANGES[flag]);
    expect(sorted(actualGrants({ featureFlags: allOff }))).toEqual(sorted(expected));
  });

  it.each(Object.entries(MODES_WITH_DEVELOPER_ITEMS))(
    'mode %s: DeveloperItem for admin is %s',
    (mode, allowed) => {
      const expected = allowed
        ? expand(EXPECTED_ALL_FLAGS_ON)
        : applyChanges(expand(EXPECTED_ALL_FLAGS_ON), {
            removes: { DeveloperItem: { admin: ['manage'] } },
            adds: {},
          });
      expect(sorted(actualGrants({ mode: mode as Mode }))).toEqual(sorted(expected));
    },
  );

  it('gives a user with several roles the union of their rows', () => {
    const ability = defineAbilityFor(context({ roles: ['faculty', 'reportingUser'] }));
    expect(ability.can('manage', 'MyTeachingPreference')).toBe(true);
    expect(ability.can('create', 'Report')).toBe(true);
    expect(ability.can('update', 'Report')).toBe(false);
  });

  it('fails fast on an unknown role', () => {
    expect(() => defineAbilityFor(context({ roles: ['dean' as RoleSlug] }))).toThrow(
      'Unknown role "dean"',
    );
  });
});

describe('defineAbilityFor: workgroup permission bits', () => {
  const memberships = [
    { id: 'wg-none', permission: 0 },
    { id: 'wg-approve', permission: 1 },
    { id: 'wg-assign', permission: 2 },
    { id: 'wg-both', permission: 3 },
  ];
  const section = (WorkgroupId: string) => subjectOf('Section', { WorkgroupId });

  // [progress step, workgroup of the section, read, assign, approve]
  const EXPECTED: [number | null, string, boolean, boolean, boolean][] = [
    [6, 'wg-none', true, false, false],
    [6, 'wg-approve', true, false, true],
    [6, 'wg-assign', true, true, false],
    [6, 'wg-both', true, true, true],
    [6, 'wg-other', false, false, false],
    [5, 'wg-none', true, false, false],
    [5, 'wg-approve', true, false, false],
    [5, 'wg-assign', true, false, false],
    [5, 'wg-both', true, false, false],
    [5, 'wg-other', false, false, false],
    [null, 'wg-both', true, false, false],
    [7, 'wg-both', true, false, false],
  ];

  it.each(EXPECTED)(
    'step %s, section of %s: read %s, assign %s, approve %s',
    (step, workgroupId, read, assign, approve) => {
      const ability = defineAbilityFor(
        context({ roles: ['faculty'], workgroupPermissions: memberships, progressStepId: step }),
      );
      expect(ability.can('read', section(workgroupId))).toBe(read);
      expect(ability.can('assign', section(workgroupId))).toBe(assign);
      expect(ability.can('approve', section(workgroupId))).toBe(approve);
      expect(ability.can('update', section(workgroupId))).toBe(false);
    },
  );

  it('lets anyone with workgroup permissions read assignments, approvals and (aemEnabled off) admin assignments', () => {
    const member = context({ workgroupPermissions: [{ id: 'wg-1', permission: 0 }] });
    const on = defineAbilityFor(member);
    const off = defineAbilityFor({ ...member, featureFlags: { ...ALL_ON, aemEnabled: false } });
    expect([
      on.can('read', 'SectionAssignment'),
      on.can('read', 'WorkgroupApproval'),
      on.can('read', 'AdminAssignment'),
    ]).toEqual([true, true, false]);
    expect([
      off.can('read', 'SectionAssignment'),
      off.can('read', 'WorkgroupApproval'),
      off.can('read', 'AdminAssignment'),
    ]).toEqual([true, true, true]);
    expect(off.can('update', 'SectionAssignment')).toBe(false);
  });

  it('gives no workgroup rules to a user without workgroups, even at step 6', () => {
    const ability = defineAbilityFor(context({ roles: ['faculty'], progressStepId: 6 }));
    expect(ability.can('read', 'Section')).toBe(false);
    expect(ability.can('assign', 'Section')).toBe(false);
    expect(ability.can('read', 'SectionAssignment')).toBe(false);
  });

  it('leaves manage-holders untouched by the workgroup conditions', () => {
    const ability = defineAbilityFor(context({ roles: ['academicOpsAdmin'], progressStepId: 5 }));
    expect(ability.can('assign', section('wg-any'))).toBe(true);
  });
});

describe('defineAbilityFor: field-level and own-record rules', () => {
  const flagsWithAem = (aemEnabled: boolean): FeatureFlags => ({ ...ALL_ON, aemEnabled });

  // [aemEnabled, action, field, admin may]
  const USE_ADVANCED_EFFORT: [boolean, Action, string, boolean][] = [
    [false, 'update', 'useAdvancedEffort', false],
    [false, 'create', 'useAdvancedEffort', false],
    [false, 'read', 'useAdvancedEffort', true],
    [false, 'update', 'name', true],
    [true, 'update', 'useAdvancedEffort', true],
    [true, 'create', 'useAdvancedEffort', true],
  ];

  it.each(USE_ADVANCED_EFFORT)(
    'aemEnabled %s: admin %s AcademicPeriod.%s → %s',
    (aem, action, field, allowed) => {
      const ability = defineAbilityFor(
        context({ roles: ['admin'], featureFlags: flagsWithAem(aem) }),
      );
      expect(ability.can(action, 'AcademicPeriod', field)).toBe(allowed);
    },
  );

  it('does not read the "restricted manage" as letting faculty edit periods', () => {
    const ability = defineAbilityFor(
      context({ roles: ['faculty'], featureFlags: flagsWithAem(false) }),
    );
    expect(ability.can('update', 'AcademicPeriod', 'name')).toBe(false);
    expect(ability.can('update', 'AcademicPeriod')).toBe(false);
  });

  it('lets faculty read only their own admin assignments (aemEnabled off)', () => {
    const ability = defineAbilityFor(
      context({ userId: 'me', roles: ['faculty'], featureFlags: flagsWithAem(false) }),
    );
    expect(ability.can('read', subjectOf('MyAdminAssignment', { UserId: 'me' }))).toBe(true);
    expect(ability.can('read', subjectOf('MyAdminAssignment', { UserId: 'someone' }))).toBe(false);
  });

  it('lets faculty read only their own positions’ effort timeline (aemEnabled on)', () => {
    const ability = defineAbilityFor(
      context({ userId: 'me', roles: ['faculty'], featureFlags: flagsWithAem(true) }),
    );
    expect(ability.can('read', subjectOf('EffortTimeline', { UserId: 'me' }))).toBe(true);
    expect(ability.can('read', subjectOf('EffortTimeline', { UserId: 'someone' }))).toBe(false);
    const manager = defineAbilityFor(
      context({ roles: ['effortManager'], featureFlags: flagsWithAem(true) }),
    );
    expect(manager.can('read', subjectOf('EffortTimeline', { UserId: 'someone' }))).toBe(true);
  });
});

describe('defineAbilityFor: masquerade', () => {
  // [role, masquerading, create Masquerade, update WorkingAcademicPeriod]
  const EXPECTED: [RoleSlug, boolean, boolean, boolean][] = [
    ['admin', false, true, true],
    ['admin', true, false, false],
    ['academicOpsAdmin', false, false, true],
    ['academicOpsAdmin', true, false, false],
    ['faculty', false, false, false],
    ['faculty', true, false, false],
  ];

  it.each(EXPECTED)(
    '%s masquerading=%s: start masquerade %s, change working period %s',
    (role, masquerading, start, change) => {
      const ability = defineAbilityFor(context({ roles: [role], masquerading }));
      expect(ability.can('create', 'Masquerade')).toBe(start);
      expect(ability.can('update', 'WorkingAcademicPeriod')).toBe(change);
    },
  );

  it('keeps the working user’s other abilities while masquerading', () => {
    const ability = defineAbilityFor(context({ roles: ['admin'], masquerading: true }));
    expect(ability.can('manage', 'AcademicPeriod')).toBe(true);
  });
});
