import type { ComponentType } from 'react';
import { allResources } from '@allot/shared-events/browser';

/**
 * Which module renders each route's page (spec §2 routes are listed in routeTable.ts).
 *
 * Convention: a loader is `() => import('…/SomePage.js')` and that module DEFAULT-EXPORTS its page
 * component (no props; read the title with `usePageInfo()` from './pageInfo.js' if needed). Every
 * page is code-split through `React.lazy`, so never import a page statically elsewhere.
 *
 * A plain list needs no line here: a kind that declares `ui.route` (shared-events
 * resources/kinds/*.ts) gets the generic list page (admin/DefinitionPage.tsx) at that route
 * (DECLARED_LIST_PAGES below). A route left out of both shows the placeholder page: its title, a
 * one-line description and an empty state. To give a route a page of its own, add ONE line below,
 * keyed by the exact path of routeTable.ts, e.g.
 *   '/academicPeriods': () => import('../admin/AcademicPeriodsPage.js'),
 * A line here wins over a declared route. Keep it one line per route so parallel edits merge
 * cleanly.
 */
export interface PageModule {
  default: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;

export const PAGE_REGISTRY: Readonly<Record<string, PageLoader>> = {
  '/': () => import('../pages/DashboardPage.js'),
  // Add one line per page here.
  '/instructors': () => import('../instructors/InstructorsPage.js'),
  '/instructorWorkload/*': () => import('../instructors/InstructorWorkloadPage.js'),
  '/myWorkload': () => import('../instructors/MyWorkloadPage.js'),
  '/administrativeAssignments': () =>
    import('../adminAssignments/AdministrativeAssignmentsPage.js'),
  '/adminAssignmentsMine': () => import('../adminAssignments/MyAdminAssignmentsPage.js'),
  '/teachingPreferencesMine': () => import('../preferences/MyTeachingPreferencesPage.js'),
  '/courses': () => import('../catalog/CoursesPage.js'),
  '/courseOfferings': () => import('../catalog/CourseOfferingsPage.js'),
  '/sections': () => import('../teaching/SectionsPage.js'),
  '/sectionAssignments': () => import('../teaching/SectionAssignmentsPage.js'),
  '/schedule': () => import('../schedule/SchedulePage.js'),
  '/mySchedule': () => import('../schedule/MySchedulePage.js'),
  '/mySharedTeaching': () => import('../schedule/MySharedTeachingPage.js'),
  '/styles/formik-fields': () => import('../styleGuide/FormFieldsPage.js'),
  '/styles': () => import('../styleGuide/StyleGuidePage.js'),
  '/users/merge': () => import('../admin/MergeUsersPage.js'),
  '/apikeys': () => import('../admin/ApiKeysPage.js'),
  '/settings': () => import('../admin/SettingsPage.js'),
  '/taxonomies/*': () => import('../admin/TaxonomiesPage.js'),
  '/taxonomies': () => import('../admin/TaxonomiesPage.js'),
  '/academicPeriods': () => import('../admin/AcademicPeriodsPage.js'),
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
      import('../admin/DefinitionPage.js').then((module) => ({
        default: module.definitionPageFor(resource.path),
      }));
    return [[route, loader]];
  }),
);

/** The page every route without an entry above or a declaring kind shows. */
export const placeholderPageLoader: PageLoader = () => import('../pages/PlaceholderPage.js');

export function pageLoaderFor(path: string): PageLoader {
  return PAGE_REGISTRY[path] ?? DECLARED_LIST_PAGES[path] ?? placeholderPageLoader;
}
