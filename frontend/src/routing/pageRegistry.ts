import type { ComponentType } from 'react';

/**
 * Which module renders each route's page (spec §2 routes are listed in routeTable.ts).
 *
 * Convention: a loader is `() => import('…/SomePage.js')` and that module DEFAULT-EXPORTS its page
 * component (no props; read the title with `usePageInfo()` from './pageInfo.js' if needed). Every
 * page is code-split through `React.lazy`, so never import a page statically elsewhere.
 *
 * A route left out of this list shows the placeholder page: its title, a one-line description and
 * an empty state. To give a route its real page, add ONE line below, keyed by the exact path of
 * routeTable.ts, e.g.
 *   '/academicTermTypes': () => import('../admin/AcademicTermTypesPage.js'),
 * Keep it one line per route so parallel edits merge cleanly.
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
  '/users': () => import('../admin/UsersPage.js'),
  '/workgroups': () => import('../admin/WorkgroupsPage.js'),
  '/academicPeriods': () => import('../admin/AcademicPeriodsPage.js'),
  '/locations': () => import('../admin/LocationsPage.js'),
  '/tracks': () => import('../admin/TracksPage.js'),
  '/teachingModes': () => import('../admin/TeachingModesPage.js'),
  '/ranks': () => import('../admin/RanksPage.js'),
  '/pointTypes': () => import('../admin/PointTypesPage.js'),
  '/instructorTypes': () => import('../admin/InstructorTypesPage.js'),
  '/divisions': () => import('../admin/DivisionsPage.js'),
  '/assignmentTypes': () => import('../admin/AssignmentTypesPage.js'),
  '/administrativeAssignmentTypes': () => import('../admin/AdminAssignmentTypesPage.js'),
  '/academicTermTypes': () => import('../admin/AcademicTermTypesPage.js'),
};

/** The page every route without an entry above shows. */
export const placeholderPageLoader: PageLoader = () => import('../pages/PlaceholderPage.js');

export function pageLoaderFor(path: string): PageLoader {
  return PAGE_REGISTRY[path] ?? placeholderPageLoader;
}
