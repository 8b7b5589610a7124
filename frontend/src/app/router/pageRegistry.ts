import type { ComponentType } from 'react';
import { allResources } from '@allot/shared-events/browser';

/**
 * Which module renders each route's page (spec §2 routes are listed in routeTable.ts).
 *
 * Convention: a loader is `() => import('…/SomePage.js')` and that module DEFAULT-EXPORTS its page
 * component (no props; read the title with `usePageInfo()` of src/lib/hooks if needed). Every page
 * is code-split through `React.lazy`, so never import a page statically elsewhere.
 *
 * A plain list needs no line here: a kind that declares `ui.route` (shared-events
 * resources/kinds/*.ts) gets the generic list page (components/resources/DefinitionPage.tsx) at
 * that route (DECLARED_LIST_PAGES below). A route left out of both shows the placeholder page:
 * its title, a one-line description and an empty state. To give a route a page of its own, add
 * ONE line below, keyed by the exact path of routeTable.ts, e.g.
 *   '/academicPeriods': () => import('../../features/admin/pages/AcademicPeriodsPage.js'),
 * A line here wins over a declared route. Keep it one line per route so parallel edits merge
 * cleanly.
 */
export interface PageModule {
  default: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;

export const PAGE_REGISTRY: Readonly<Record<string, PageLoader>> = {
  '/': () => import('../../features/dashboard/pages/DashboardPage.js'),
  // Add one line per page here.
  '/instructors': () => import('../../features/instructors/pages/InstructorsPage.js'),
  '/instructorWorkload/*': () =>
    import('../../features/instructors/pages/InstructorWorkloadPage.js'),
  '/myWorkload': () => import('../../features/instructors/pages/MyWorkloadPage.js'),
  '/administrativeAssignments': () =>
    import('../../features/adminAssignments/pages/AdministrativeAssignmentsPage.js'),
  '/adminAssignmentsMine': () =>
    import('../../features/adminAssignments/pages/MyAdminAssignmentsPage.js'),
  '/teachingPreferencesMine': () =>
    import('../../features/preferences/pages/MyTeachingPreferencesPage.js'),
  '/courses': () => import('../../features/catalog/pages/CoursesPage.js'),
  '/courseOfferings': () => import('../../features/catalog/pages/CourseOfferingsPage.js'),
  '/sections': () => import('../../features/teaching/pages/SectionsPage.js'),
  '/sectionAssignments': () => import('../../features/teaching/pages/SectionAssignmentsPage.js'),
  '/schedule': () => import('../../features/schedule/pages/SchedulePage.js'),
  '/mySchedule': () => import('../../features/schedule/pages/MySchedulePage.js'),
  '/mySharedTeaching': () => import('../../features/schedule/pages/MySharedTeachingPage.js'),
  '/styles/formik-fields': () => import('../../features/styleGuide/pages/FormFieldsPage.js'),
  '/styles': () => import('../../features/styleGuide/pages/StyleGuidePage.js'),
  '/users/merge': () => import('../../features/admin/pages/MergeUsersPage.js'),
  '/apikeys': () => import('../../features/admin/pages/ApiKeysPage.js'),
  '/settings': () => import('../../features/admin/pages/SettingsPage.js'),
  '/taxonomies/*': () => import('../../features/admin/pages/TaxonomiesPage.js'),
  '/taxonomies': () => import('../../features/admin/pages/TaxonomiesPage.js'),
  '/academicPeriods': () => import('../../features/admin/pages/AcademicPeriodsPage.js'),
  '/reports': () => import('../../features/reports/pages/ReportsHomePage.js'),
  '/dataServices': () => import('../../features/reports/dataServices/DataServicesPage.js'),
  '/reports/admin': () => import('../../features/reports/pages/CustomReportsPage.js'),
  '/reports/*': () => import('../../features/reports/pages/ReportPage.js'),
  '/changes': () => import('../../features/changes/ChangesPage.js'),
  '/cloning': () => import('../../features/cloning/pages/CloneResourcesPage.js'),
  '/emailInstructors': () => import('../../features/email/pages/EmailInstructorsPage.js'),
  '/instructorCosts': () => import('../../features/costs/pages/InstructorCostsPage.js'),
  '/effort': () => import('../../features/effort/pages/EffortOverviewPage.js'),
  '/effort/timeline/position/:positionId': () =>
    import('../../features/effort/pages/EffortTimelinePage.js'),
  '/effort/myEffort': () => import('../../features/effort/pages/MyEffortPage.js'),
  '/effort/myTeaching': () => import('../../features/effort/pages/MyTeachingPage.js'),
  '/effort/import': () => import('../../features/effort/pages/ImportEffortPage.js'),
  '/effort/classificationRules': () =>
    import('../../features/effort/pages/ClassificationRulesPage.js'),
};

/**
 * The generic list page at each route a kind declares (`ui.route`), code-split like every page:
 * the list page's chunk loads when the route is first visited.
 */
export const DECLARED_LIST_PAGES: Readonly<Record<string, PageLoader>> = Object.fromEntries(
  allResources.flatMap((resource) => {
    const route = resource.ui?.route;
    if (!route) return [];
    const loader: PageLoader = () =>
      import('../../components/resources/DefinitionPage.js').then((module) => ({
        default: module.definitionPageFor(resource.path),
      }));
    return [[route, loader]];
  }),
);

/** A route pattern without an entry above or a declaring kind (`/effort/*`): page not found. */
export const noSuchPageLoader: PageLoader = () => import('./pages/NoSuchPage.js');

export function pageLoaderFor(path: string): PageLoader {
  return PAGE_REGISTRY[path] ?? DECLARED_LIST_PAGES[path] ?? noSuchPageLoader;
}
