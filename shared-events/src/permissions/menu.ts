import type { AppAbility } from './ability.js';
import type { Action, Subject } from './types.js';

/** One sidebar entry (spec §2). A branch has items; subject or action may be missing in bad data. */
export interface MenuEntry {
  label: string;
  route?: string;
  order: number;
  subject?: Subject;
  action?: Action;
  items?: readonly MenuEntry[];
}

const leaf = (
  order: number,
  label: string,
  route: string,
  subject: Subject,
  action: Action,
): MenuEntry => ({
  label,
  route,
  order,
  subject,
  action,
});

const EFFORT_ITEMS: readonly MenuEntry[] = [
  leaf(1, 'Overview', '/effort', 'Effort', 'read'),
  leaf(2, 'Import Effort', '/effort/import', 'EffortImport', 'create'),
  leaf(3, 'Classification Rules', '/effort/classificationRules', 'EffortRule', 'update'),
  leaf(4, 'Effort Categories', '/effort/categories', 'Effort', 'read'),
  leaf(5, 'Cost Center Descriptions', '/effort/costCenterDescriptions', 'Effort', 'read'),
  leaf(6, 'Effort Types', '/effort/types', 'Effort', 'read'),
  leaf(7, 'Pay Periods', '/effort/payPeriods', 'Effort', 'read'),
];

const CONFIGURATION_ITEMS: readonly MenuEntry[] = [
  leaf(1, 'System Settings', '/settings', 'Configuration', 'manage'),
  leaf(2, 'Academic Term Types', '/academicTermTypes', 'Configuration', 'manage'),
  leaf(
    3,
    'Admin Assignment Types',
    '/administrativeAssignmentTypes',
    'AdminAssignmentType',
    'manage',
  ),
  leaf(4, 'Assignment Types', '/assignmentTypes', 'Configuration', 'manage'),
  leaf(5, 'Divisions', '/divisions', 'Configuration', 'manage'),
  leaf(6, 'Instructor Types', '/instructorTypes', 'Configuration', 'manage'),
  leaf(7, 'Point Types', '/pointTypes', 'Configuration', 'manage'),
  leaf(8, 'Ranks', '/ranks', 'Configuration', 'manage'),
  leaf(9, 'Teaching Modes', '/teachingModes', 'Configuration', 'manage'),
  leaf(10, 'Tracks', '/tracks', 'Configuration', 'manage'),
  leaf(11, 'Taxonomies', '/taxonomies', 'Configuration', 'manage'),
];

const ADMINISTRATION_ITEMS: readonly MenuEntry[] = [
  leaf(1, 'Academic Periods', '/academicPeriods', 'AcademicPeriod', 'manage'),
  leaf(2, 'Instructor Cost Matrix', '/instructorCosts', 'FinancialData', 'manage'),
  leaf(3, 'Workgroups', '/workgroups', 'Workgroup', 'manage'),
  leaf(4, 'Users', '/users', 'User', 'manage'),
  leaf(5, 'Merge Users', '/users/merge', 'User', 'merge'),
  leaf(6, 'Locations', '/locations', 'Location', 'manage'),
  leaf(7, 'Email Instructors', '/emailInstructors', 'Email', 'manage'),
  leaf(8, 'Clone Resources', '/cloning', 'Clone', 'manage'),
  leaf(9, 'Custom Reports', '/reports/admin', 'Report', 'manage'),
  leaf(10, 'Api Keys', '/apikeys', 'ApiKey', 'manage'),
];

const DEVELOPER_ITEMS: readonly MenuEntry[] = [
  leaf(1, 'Style Guide', '/styles', 'DeveloperItem', 'read'),
  leaf(2, 'Formik Fields', '/styles/formik-fields', 'DeveloperItem', 'read'),
];

/** The sidebar of spec §2, in the spec's order. */
export const MENU: readonly MenuEntry[] = [
  leaf(1, 'Dashboard', '/', 'Dashboard', 'read'),
  leaf(2, 'Course Catalog', '/courses', 'Course', 'read'),
  leaf(3, 'Course Offerings', '/courseOfferings', 'CourseOffering', 'read'),
  leaf(4, 'Sections Offered', '/sections', 'Section', 'read'),
  leaf(5, 'Schedule', '/schedule', 'Scheduler', 'manage'),
  leaf(6, 'Admin Assignments', '/administrativeAssignments', 'AdminAssignment', 'read'),
  { ...leaf(7, 'Effort Management', '/effort', 'Effort', 'read'), items: EFFORT_ITEMS },
  leaf(8, 'Section Assignments', '/sectionAssignments', 'SectionAssignment', 'read'),
  leaf(9, 'My Workload', '/myWorkload', 'MySectionAssignment', 'read'),
  leaf(10, 'My Shared Teaching', '/mySharedTeaching', 'MySharedTeaching', 'read'),
  leaf(11, 'My Schedule', '/mySchedule', 'MySchedule', 'read'),
  leaf(12, 'My Admin Assignments', '/adminAssignmentsMine', 'MyAdminAssignment', 'read'),
  leaf(13, 'My Teaching Preferences', '/teachingPreferencesMine', 'MyTeachingPreference', 'manage'),
  leaf(14, 'My Teaching', '/effort/myTeaching', 'MyAdvancedTeachingEffort', 'read'),
  leaf(15, 'My Effort', '/effort/myEffort', 'MyAdvancedTeachingEffort', 'read'),
  leaf(16, 'Instructors', '/instructors', 'Instructor', 'read'),
  leaf(17, 'Reports', '/reports', 'Report', 'read'),
  leaf(18, 'Data Services', '/dataServices', 'DataServices', 'read'),
  {
    label: 'Configuration',
    order: 19,
    subject: 'Configuration',
    action: 'read',
    items: CONFIGURATION_ITEMS,
  },
  {
    label: 'Administration',
    order: 20,
    subject: 'Administration',
    action: 'read',
    items: ADMINISTRATION_ITEMS,
  },
  {
    label: 'Developer',
    order: 21,
    subject: 'DeveloperItem',
    action: 'manage',
    items: DEVELOPER_ITEMS,
  },
];

export interface VisibleMenuOptions {
  /** Told about entries hidden for lacking a subject or an action (spec §8: "warning logged"). */
  onWarning?: (message: string, entry: MenuEntry) => void;
}

function isViewable(ability: AppAbility, entry: MenuEntry, options: VisibleMenuOptions): boolean {
  if (!entry.subject || !entry.action) {
    options.onWarning?.(
      `Menu entry "${entry.label}" lacks a subject or an action and is hidden.`,
      entry,
    );
    return false;
  }
  return ability.can(entry.action, entry.subject);
}

/** The entries the user may view, sorted by order; a branch left without viewable items is hidden. */
export function visibleMenu(
  ability: AppAbility,
  menu: readonly MenuEntry[] = MENU,
  options: VisibleMenuOptions = {},
): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of menu) {
    if (!isViewable(ability, entry, options)) continue;
    if (!entry.items) {
      visible.push(entry);
      continue;
    }
    const items = visibleMenu(ability, entry.items, options);
    if (items.length > 0) visible.push({ ...entry, items });
  }
  return visible.sort((a, b) => a.order - b.order);
}

/** Labels of a menu, a branch as `{ label, items }`: the shape of the per-role fixtures. */
export type MenuLabels = readonly (
  string | { readonly label: string; readonly items: readonly string[] }
)[];

export function menuLabels(menu: readonly MenuEntry[]): MenuLabels {
  return menu.map((entry) =>
    entry.items
      ? { label: entry.label, items: entry.items.map((item) => item.label) }
      : entry.label,
  );
}
