import { allResources, type ResourceMenu } from '../resources/index.js';
import type { AppAbility } from './ability.js';
import type { Action, Subject } from './types.js';

/** One sidebar entry (spec §2). A branch has items; subject or action may be missing in bad data. */
export interface MenuEntry {
  label: string;
  route?: string;
  order: number;
  subject?: Subject;
  action?: Action;
  /** A Blueprint icon name; the browser draws a page for an entry without one. */
  icon?: string;
  items?: readonly MenuEntry[];
}

const leaf = (
  order: number,
  label: string,
  route: string,
  subject: Subject,
  action: Action,
  icon: string,
): MenuEntry => ({
  label,
  route,
  order,
  subject,
  action,
  icon,
});

/**
 * The lists a branch shows because their kinds declare it (`ui.menu`): a configuration list is
 * declared once, with its menu entry, and joins the branch in its order.
 */
function declaredLeaves(branch: ResourceMenu['branch']): MenuEntry[] {
  return allResources.flatMap((resource) => {
    const ui = resource.ui;
    const menu = ui?.menu;
    if (!ui?.route || !menu || menu.branch !== branch) return [];
    return [
      leaf(
        menu.order,
        ui.title,
        ui.route,
        menu.subject ?? resource.subject,
        menu.action ?? 'manage',
        menu.icon,
      ),
    ];
  });
}

const byOrder = (entries: readonly MenuEntry[]) => [...entries].sort((a, b) => a.order - b.order);

const EFFORT_ITEMS: readonly MenuEntry[] = [
  leaf(1, 'Overview', '/effort', 'Effort', 'read', 'dashboard'),
  leaf(2, 'Import Effort', '/effort/import', 'EffortImport', 'create', 'import'),
  leaf(3, 'Classification Rules', '/effort/classificationRules', 'EffortRule', 'update', 'filter'),
  leaf(4, 'Effort Categories', '/effort/categories', 'Effort', 'read', 'tag'),
  leaf(
    5,
    'Cost Center Descriptions',
    '/effort/costCenterDescriptions',
    'Effort',
    'read',
    'bank-account',
  ),
  leaf(6, 'Effort Types', '/effort/types', 'Effort', 'read', 'label'),
  leaf(7, 'Pay Periods', '/effort/payPeriods', 'Effort', 'read', 'history'),
];

const CONFIGURATION_ITEMS: readonly MenuEntry[] = byOrder([
  leaf(1, 'System Settings', '/settings', 'Configuration', 'manage', 'settings'),
  ...declaredLeaves('Configuration'),
  leaf(11, 'Taxonomies', '/taxonomies', 'Configuration', 'manage', 'folder-close'),
]);

const ADMINISTRATION_ITEMS: readonly MenuEntry[] = byOrder([
  leaf(1, 'Academic Periods', '/academicPeriods', 'AcademicPeriod', 'manage', 'timeline-events'),
  leaf(2, 'Instructor Cost Matrix', '/instructorCosts', 'FinancialData', 'manage', 'dollar'),
  leaf(5, 'Merge Users', '/users/merge', 'User', 'merge', 'git-merge'),
  leaf(7, 'Email Instructors', '/emailInstructors', 'Email', 'manage', 'envelope'),
  leaf(8, 'Clone Resources', '/cloning', 'Clone', 'manage', 'duplicate'),
  leaf(9, 'Custom Reports', '/reports/admin', 'Report', 'manage', 'horizontal-bar-chart'),
  ...declaredLeaves('Administration'),
  leaf(10, 'Api Keys', '/apikeys', 'ApiKey', 'manage', 'key'),
]);

const DEVELOPER_ITEMS: readonly MenuEntry[] = [
  leaf(1, 'Style Guide', '/styles', 'DeveloperItem', 'read', 'style'),
  leaf(2, 'Formik Fields', '/styles/formik-fields', 'DeveloperItem', 'read', 'form'),
];

/** The sidebar of spec §2, in the spec's order. */
export const MENU: readonly MenuEntry[] = [
  leaf(1, 'Dashboard', '/', 'Dashboard', 'read', 'dashboard'),
  leaf(2, 'Course Catalog', '/courses', 'Course', 'read', 'book'),
  leaf(3, 'Course Offerings', '/courseOfferings', 'CourseOffering', 'read', 'properties'),
  leaf(4, 'Sections Offered', '/sections', 'Section', 'read', 'layers'),
  leaf(5, 'Schedule', '/schedule', 'Scheduler', 'manage', 'calendar'),
  leaf(
    6,
    'Admin Assignments',
    '/administrativeAssignments',
    'AdminAssignment',
    'read',
    'briefcase',
  ),
  { ...leaf(7, 'Effort Management', '/effort', 'Effort', 'read', 'time'), items: EFFORT_ITEMS },
  leaf(8, 'Section Assignments', '/sectionAssignments', 'SectionAssignment', 'read', 'people'),
  leaf(9, 'My Workload', '/myWorkload', 'MySectionAssignment', 'read', 'th-list'),
  leaf(10, 'My Shared Teaching', '/mySharedTeaching', 'MySharedTeaching', 'read', 'social-media'),
  leaf(11, 'My Schedule', '/mySchedule', 'MySchedule', 'read', 'timeline-events'),
  leaf(
    12,
    'My Admin Assignments',
    '/adminAssignmentsMine',
    'MyAdminAssignment',
    'read',
    'id-number',
  ),
  leaf(
    13,
    'My Teaching Preferences',
    '/teachingPreferencesMine',
    'MyTeachingPreference',
    'manage',
    'star',
  ),
  leaf(14, 'My Teaching', '/effort/myTeaching', 'MyAdvancedTeachingEffort', 'read', 'learning'),
  leaf(15, 'My Effort', '/effort/myEffort', 'MyAdvancedTeachingEffort', 'read', 'stopwatch'),
  leaf(16, 'Instructors', '/instructors', 'Instructor', 'read', 'person'),
  leaf(17, 'Reports', '/reports', 'Report', 'read', 'chart'),
  leaf(18, 'Data Services', '/dataServices', 'DataServices', 'read', 'database'),
  {
    label: 'Configuration',
    order: 19,
    icon: 'cog',
    subject: 'Configuration',
    action: 'read',
    items: CONFIGURATION_ITEMS,
  },
  {
    label: 'Administration',
    order: 20,
    icon: 'shield',
    subject: 'Administration',
    action: 'read',
    items: ADMINISTRATION_ITEMS,
  },
  {
    label: 'Developer',
    order: 21,
    icon: 'code',
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
