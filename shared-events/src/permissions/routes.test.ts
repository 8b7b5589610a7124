import { defineAbilityFor } from './defineAbilityFor.js';
import { DEMO_FEATURE_FLAGS, demoContextFor } from './fixtures/demoContext.js';
import { allResources } from '../resources/index.js';
import { MENU, type MenuEntry } from './menu.js';
import {
  canVisitRoute,
  declaredListRoutes,
  flagsRequiredFor,
  routePermissionFor,
} from './routes.js';
import type { FeatureFlags, RoleSlug } from './types.js';

const ALL_ON: FeatureFlags = { ...DEMO_FEATURE_FLAGS, aemEnabled: true, aemEnabledFaculty: true };

function visit(role: RoleSlug, flags: FeatureFlags, path: string): boolean {
  const ability = defineAbilityFor({ ...demoContextFor(role), featureFlags: flags });
  return canVisitRoute(ability, flags, path);
}

describe('route permissions (spec §2)', () => {
  // [path, subject, action] written from the menu tables and the extra route rule.
  const EXPECTED: [string, string, string][] = [
    ['/courses', 'Course', 'read'],
    ['/courseOfferings', 'CourseOffering', 'read'],
    ['/sections', 'Section', 'read'],
    ['/schedule', 'Scheduler', 'manage'],
    ['/administrativeAssignments', 'AdminAssignment', 'read'],
    ['/effort', 'Effort', 'read'],
    ['/effort/import', 'EffortImport', 'create'],
    ['/effort/classificationRules', 'EffortRule', 'update'],
    ['/effort/payPeriods', 'Effort', 'read'],
    ['/effort/myTeaching', 'MyAdvancedTeachingEffort', 'read'],
    ['/effort/myEffort', 'MyAdvancedTeachingEffort', 'read'],
    ['/MyEffort', 'MyAdvancedTeachingEffort', 'read'],
    ['/effort/timeline/position/42', 'EffortTimeline', 'read'],
    ['/sectionAssignments', 'SectionAssignment', 'read'],
    ['/myWorkload', 'MySectionAssignment', 'read'],
    ['/mySharedTeaching', 'MySharedTeaching', 'read'],
    ['/mySchedule', 'MySchedule', 'read'],
    ['/adminAssignmentsMine', 'MyAdminAssignment', 'read'],
    ['/teachingPreferencesMine', 'MyTeachingPreference', 'manage'],
    ['/instructors', 'Instructor', 'read'],
    ['/reports', 'Report', 'read'],
    ['/reports/courses', 'Report', 'read'],
    ['/reports/admin', 'Report', 'manage'],
    ['/dataServices', 'DataServices', 'read'],
    ['/settings', 'Configuration', 'manage'],
    ['/administrativeAssignmentTypes', 'AdminAssignmentType', 'manage'],
    ['/taxonomies/campuses', 'Configuration', 'manage'],
    ['/academicPeriods', 'AcademicPeriod', 'manage'],
    ['/instructorCosts', 'FinancialData', 'manage'],
    ['/users', 'User', 'manage'],
    ['/users/merge', 'User', 'merge'],
    ['/apikeys', 'ApiKey', 'manage'],
    ['/cloning', 'Clone', 'manage'],
    ['/emailInstructors', 'Email', 'manage'],
    ['/styles', 'DeveloperItem', 'read'],
    ['/styles/formik-fields', 'DeveloperItem', 'read'],
  ];

  it.each(EXPECTED)('%s needs %s %s', (path, subject, action) => {
    expect(routePermissionFor(path)).toMatchObject({ subject, action });
  });

  it('leaves paths absent from the table open', () => {
    expect(routePermissionFor('/instructorWorkload/7')).toBeUndefined();
    expect(visit('faculty', DEMO_FEATURE_FLAGS, '/instructorWorkload/7')).toBe(true);
  });

  it('gates each list page a kind declares (ui.route) by its menu entry', () => {
    const menuRoutes = (entries: readonly MenuEntry[]): string[] =>
      entries.flatMap((e) => [...(e.route ? [e.route] : []), ...menuRoutes(e.items ?? [])]);
    const declared = allResources.flatMap((r) => (r.ui?.route ? [r.ui.route] : []));
    expect(declared.length).toBeGreaterThanOrEqual(12);
    for (const route of declared) {
      expect([route, menuRoutes(MENU).includes(route)]).toEqual([route, true]);
      expect([route, routePermissionFor(route)?.action]).toEqual([route, expect.any(String)]);
    }
  });

  it('gates a declared list page outside the menu by read on its subject', () => {
    const ui = { title: 'Rooms', singular: 'Room', fields: {} };
    const rules = declaredListRoutes(
      [
        { subject: 'Location', ui: { ...ui, route: '/rooms' } },
        { subject: 'Configuration', ui: { ...ui, route: '/Ranks' } },
        { subject: 'Configuration', ui },
      ],
      [{ path: '/ranks', subject: 'Configuration', action: 'manage' }],
    );
    expect(rules).toEqual([{ path: '/rooms', subject: 'Location', action: 'read' }]);
  });

  it('ignores query, hash, trailing slash and letter case', () => {
    expect(routePermissionFor('/Users/Merge/?x=1#top')).toMatchObject({
      subject: 'User',
      action: 'merge',
    });
  });
});

describe('canVisitRoute', () => {
  // [role, flags, path, allowed]
  const EXPECTED: [RoleSlug, 'demo' | 'allOn', string, boolean][] = [
    ['faculty', 'demo', '/', true],
    ['faculty', 'demo', '/courses', false],
    ['academicOpsAdmin', 'demo', '/courses', true],
    ['faculty', 'demo', '/myWorkload', true],
    ['admin', 'demo', '/effort', false],
    ['admin', 'allOn', '/effort', true],
    ['admin', 'allOn', '/effort/import', false],
    ['effortManager', 'allOn', '/effort/import', true],
    ['effortManager', 'demo', '/effort/import', false],
    ['effortManager', 'allOn', '/effort/someNewPage', true],
    ['faculty', 'allOn', '/effort/someNewPage', false],
    ['faculty', 'allOn', '/effort/myEffort', true],
    ['faculty', 'allOn', '/MyEffort', true],
    ['faculty', 'demo', '/effort/myEffort', false],
    ['faculty', 'allOn', '/effort/timeline/position/p-1', true],
    ['effortContributor', 'allOn', '/effort/timeline/position/p-1', true],
    ['reportingUser', 'allOn', '/effort/timeline/position/p-1', false],
    ['admin', 'demo', '/users/merge', true],
    ['admin', 'demo', '/styles', true],
    ['reportingUser', 'demo', '/reports/admin', false],
    ['reportingUser', 'demo', '/reports/courses', true],
  ];

  it.each(EXPECTED)('%s with %s flags at %s: %s', (role, flags, path, allowed) => {
    expect(visit(role, flags === 'demo' ? DEMO_FEATURE_FLAGS : ALL_ON, path)).toBe(allowed);
  });

  it('gates /effort/* on aemEnabled and /MyEffort on both effort flags, whatever the ability', () => {
    expect(flagsRequiredFor('/effort/types')).toEqual(['aemEnabled']);
    expect(flagsRequiredFor('/MyEffort')).toEqual(['aemEnabled', 'aemEnabledFaculty']);
    expect(flagsRequiredFor('/effort/myEffort')).toEqual(['aemEnabled', 'aemEnabledFaculty']);
    // A faculty ability built with aemEnabledFaculty on, checked against flags where aemEnabled is off.
    const ability = defineAbilityFor({ ...demoContextFor('faculty'), featureFlags: ALL_ON });
    expect(canVisitRoute(ability, { ...ALL_ON, aemEnabled: false }, '/MyEffort')).toBe(false);
  });

  it('gates /users/merge on userMergeEnabled', () => {
    const flags = { ...DEMO_FEATURE_FLAGS, userMergeEnabled: false };
    expect(visit('admin', flags, '/users/merge')).toBe(false);
    expect(visit('admin', flags, '/users')).toBe(true);
  });

  it('blocks every route but the dashboard until the flags have loaded', () => {
    const ability = defineAbilityFor(demoContextFor('admin'));
    expect(canVisitRoute(ability, null, '/')).toBe(true);
    expect(canVisitRoute(ability, null, '/courses')).toBe(false);
    expect(canVisitRoute(ability, undefined, '/instructorWorkload')).toBe(false);
  });
});
