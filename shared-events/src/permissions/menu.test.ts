import { defineAbilityFor } from './defineAbilityFor.js';
import { demoContextFor } from './fixtures/demoContext.js';
import { VISIBLE_MENU_BY_ROLE } from './fixtures/visibleMenuByRole.js';
import { MENU, menuLabels, visibleMenu, type MenuEntry } from './menu.js';
import { ROLE_SLUGS } from './types.js';

describe('visibleMenu', () => {
  it.each(ROLE_SLUGS)('shows %s the fixture menu under the demo flags', (role) => {
    const warnings: string[] = [];
    const menu = visibleMenu(defineAbilityFor(demoContextFor(role)), MENU, {
      onWarning: (m) => warnings.push(m),
    });
    expect(menuLabels(menu)).toEqual(VISIBLE_MENU_BY_ROLE[role]);
    expect(warnings).toEqual([]);
  });

  it('shows the effort branch to an effort manager once aemEnabled is on', () => {
    const context = demoContextFor('effortManager');
    const ability = defineAbilityFor({
      ...context,
      featureFlags: { ...context.featureFlags, aemEnabled: true },
    });
    expect(menuLabels(visibleMenu(ability))).toEqual([
      'Dashboard',
      {
        label: 'Effort Management',
        items: [
          'Overview',
          'Import Effort',
          'Classification Rules',
          'Effort Categories',
          'Cost Center Descriptions',
          'Effort Types',
          'Pay Periods',
        ],
      },
    ]);
  });

  it('shows faculty My Teaching and My Effort with both effort flags on', () => {
    const context = demoContextFor('faculty');
    const featureFlags = { ...context.featureFlags, aemEnabled: true, aemEnabledFaculty: true };
    const labels = menuLabels(visibleMenu(defineAbilityFor({ ...context, featureFlags })));
    expect(labels).toEqual([
      'Dashboard',
      'My Workload',
      'My Shared Teaching',
      'My Schedule',
      'My Teaching Preferences',
      'My Teaching',
      'My Effort',
    ]);
  });

  it('hides entries lacking a subject or action, warns about them, and sorts by order', () => {
    const menu: MenuEntry[] = [
      { label: 'Second', route: '/b', order: 2, subject: 'Dashboard', action: 'read' },
      { label: 'No action', route: '/x', order: 0, subject: 'Dashboard' },
      { label: 'First', route: '/a', order: 1, subject: 'Dashboard', action: 'read' },
      {
        label: 'Empty branch',
        order: 3,
        subject: 'Dashboard',
        action: 'read',
        items: [{ label: 'No subject', order: 1, action: 'read' }],
      },
    ];
    const warnings: string[] = [];
    const visible = visibleMenu(defineAbilityFor(demoContextFor('faculty')), menu, {
      onWarning: (m) => warnings.push(m),
    });
    expect(menuLabels(visible)).toEqual(['First', 'Second']);
    expect(warnings).toEqual([
      'Menu entry "No action" lacks a subject or an action and is hidden.',
      'Menu entry "No subject" lacks a subject or an action and is hidden.',
    ]);
  });
});

describe('the branches whose lists their kinds declare (ui.menu)', () => {
  const branch = (label: string) =>
    (MENU.find((entry) => entry.label === label)?.items ?? []).map((e) => [
      e.order,
      e.label,
      e.route,
      e.subject,
      e.action,
    ]);

  // Spec §2, written out by hand: the derived entries must land exactly here.
  it('keeps Configuration as spec §2 lists it', () => {
    expect(branch('Configuration')).toEqual([
      [1, 'System Settings', '/settings', 'Configuration', 'manage'],
      [2, 'Academic Term Types', '/academicTermTypes', 'Configuration', 'manage'],
      [
        3,
        'Admin Assignment Types',
        '/administrativeAssignmentTypes',
        'AdminAssignmentType',
        'manage',
      ],
      [4, 'Assignment Types', '/assignmentTypes', 'Configuration', 'manage'],
      [5, 'Divisions', '/divisions', 'Configuration', 'manage'],
      [6, 'Instructor Types', '/instructorTypes', 'Configuration', 'manage'],
      [7, 'Point Types', '/pointTypes', 'Configuration', 'manage'],
      [8, 'Ranks', '/ranks', 'Configuration', 'manage'],
      [9, 'Teaching Modes', '/teachingModes', 'Configuration', 'manage'],
      [10, 'Tracks', '/tracks', 'Configuration', 'manage'],
      [11, 'Taxonomies', '/taxonomies', 'Configuration', 'manage'],
    ]);
  });

  it('keeps Administration as spec §2 lists it', () => {
    expect(branch('Administration')).toEqual([
      [1, 'Academic Periods', '/academicPeriods', 'AcademicPeriod', 'manage'],
      [2, 'Instructor Cost Matrix', '/instructorCosts', 'FinancialData', 'manage'],
      [3, 'Workgroups', '/workgroups', 'Workgroup', 'manage'],
      [4, 'Users', '/users', 'User', 'manage'],
      [5, 'Merge Users', '/users/merge', 'User', 'merge'],
      [6, 'Locations', '/locations', 'Location', 'manage'],
      [7, 'Email Instructors', '/emailInstructors', 'Email', 'manage'],
      [8, 'Clone Resources', '/cloning', 'Clone', 'manage'],
      [9, 'Custom Reports', '/reports/admin', 'Report', 'manage'],
      [10, 'Api Keys', '/apikeys', 'ApiKey', 'manage'],
    ]);
  });
});
