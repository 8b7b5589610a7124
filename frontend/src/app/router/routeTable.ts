import { allResources } from '@allot/shared-events/browser';

/**
 * Every route of spec §2 inside the shell, with the page's title (its menu label) and a one-line
 * description of what the page holds: those listed below, and the list pages the record kinds
 * declare (`ui.route`, titled and described by their `ui`). The permission and feature-flag gates
 * are not here: they come from ROUTE_PERMISSIONS and ROUTE_FLAG_GATES in @allot/shared-events (the
 * server's rules). Which module renders a page is in pageRegistry.ts.
 */
export interface PageRoute {
  path: string;
  title: string;
  description: string;
}

const page = (path: string, title: string, description: string): PageRoute => ({
  path,
  title,
  description,
});

const LISTED_ROUTES: readonly PageRoute[] = [
  page('/', 'Dashboard', 'Your planning overview for the working academic period.'),
  page('/courses', 'Course Catalog', 'The courses your institution teaches.'),
  page('/courseOfferings', 'Course Offerings', 'Courses offered in each academic period.'),
  page('/sections', 'Sections Offered', 'The sections of each course offering and their status.'),
  page('/schedule', 'Schedule', 'Meeting times and rooms of the sections.'),
  page(
    '/administrativeAssignments',
    'Admin Assignments',
    'Administrative duties assigned to instructors.',
  ),
  page('/effort', 'Effort Management', 'An overview of instructors’ planned and actual effort.'),
  page('/effort/import', 'Import Effort', 'Import effort actuals from payroll files.'),
  page(
    '/effort/classificationRules',
    'Classification Rules',
    'Rules that classify payroll lines into effort categories and types, tried in order: the first that matches decides.',
  ),
  // Effort Categories, Cost Center Descriptions, Effort Types and Pay Periods are declared lists:
  // their kinds (shared-events resources/kinds/effort/) declare the routes, titles and words.
  page('/effort/myTeaching', 'My Teaching', 'Your teaching effort across academic periods.'),
  page('/effort/myEffort', 'My Effort', 'Your planned and actual effort.'),
  page(
    '/effort/timeline/position/:positionId',
    'Effort Timeline',
    'The effort timeline of one position.',
  ),
  page('/effort/*', 'Effort Management', 'Effort planning and reporting.'),
  page(
    '/sectionAssignments',
    'Section Assignments',
    'Who teaches which section, and the approvals.',
  ),
  page('/myWorkload', 'My Workload', 'The sections you are assigned to teach.'),
  page('/mySharedTeaching', 'My Shared Teaching', 'Sections you teach together with colleagues.'),
  page('/mySchedule', 'My Schedule', 'When and where your sections meet.'),
  page('/adminAssignmentsMine', 'My Admin Assignments', 'Your administrative duties.'),
  page(
    '/teachingPreferencesMine',
    'My Teaching Preferences',
    'Tell your department what you would like to teach.',
  ),
  page('/instructors', 'Instructors', 'Instructors and their appointments.'),
  page('/instructorWorkload/*', 'Instructor Workload', 'One instructor’s workload in detail.'),
  page('/reports', 'Reports', 'Reports on teaching, workload and cost.'),
  page('/reports/admin', 'Custom Reports', 'Build and publish custom reports.'),
  page('/reports/*', 'Reports', 'A report on teaching, workload and cost.'),
  page('/dataServices', 'Data Services', 'Data exports and integrations.'),
  page('/academicPeriods', 'Academic Periods', 'Academic periods, their terms and progress steps.'),
  page('/instructorCosts', 'Instructor Cost Matrix', 'What teaching costs by instructor type.'),
  page('/users/merge', 'Merge Users', 'Merge duplicate user records into one.'),
  page('/emailInstructors', 'Email Instructors', 'Send e-mail to groups of instructors.'),
  page('/cloning', 'Clone Resources', 'Copy offerings and sections from one period to another.'),
  page('/apikeys', 'Api Keys', 'Keys that let other systems use the API.'),
  page('/settings', 'System Settings', 'Institution name, logo, colours and other settings.'),
  page('/taxonomies', 'Taxonomies', 'Classification lists used across the planner.'),
  page('/taxonomies/*', 'Taxonomies', 'One classification list.'),
  page('/changes', 'Changes', 'What changed in the plan, by whom and when.'),
  page('/styles', 'Style Guide', 'The components the product is built from.'),
  page('/styles/formik-fields', 'Formik Fields', 'The form fields the product uses.'),
];

/** The list page of each kind that declares its route, unless the table above lists that path. */
const DECLARED_ROUTES: readonly PageRoute[] = allResources.flatMap((resource) => {
  const ui = resource.ui;
  if (!ui?.route || LISTED_ROUTES.some((listed) => listed.path === ui.route)) return [];
  return [page(ui.route, ui.title, ui.description ?? ui.title)];
});

export const PAGE_ROUTES: readonly PageRoute[] = [...LISTED_ROUTES, ...DECLARED_ROUTES];
