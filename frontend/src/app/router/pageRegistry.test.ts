/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { allResources } from '@allot/shared-events/browser';
import { definitionPageFor } from '../../components/resources/DefinitionPage.js';
import {
  DECLARED_LIST_PAGES,
  PAGE_REGISTRY,
  pageLoaderFor,
  noSuchPageLoader,
} from './pageRegistry.js';
import { PAGE_ROUTES } from './routeTable.js';

const declaring = allResources.filter((resource) => resource.ui?.route);

test('the plain lists declare their routes in their definitions, and need no page module', () => {
  expect(declaring.map((resource) => resource.ui?.route).sort()).toEqual([
    '/academicTermTypes',
    '/administrativeAssignmentTypes',
    '/assignmentTypes',
    '/divisions',
    '/effort/categories',
    '/effort/costCenterDescriptions',
    '/effort/payPeriods',
    '/effort/types',
    '/instructorTypes',
    '/locations',
    '/pointTypes',
    '/ranks',
    '/teachingModes',
    '/tracks',
    '/users',
    '/workgroups',
  ]);
  for (const resource of declaring) {
    const route = resource.ui!.route!;
    expect([route, Object.hasOwn(PAGE_REGISTRY, route)]).toEqual([route, false]);
    expect(pageLoaderFor(route)).toBe(DECLARED_LIST_PAGES[route]);
  }
});

test('a declared route is a route of the shell, titled and described by the kind’s ui', () => {
  for (const resource of declaring) {
    const ui = resource.ui!;
    expect(PAGE_ROUTES.filter((r) => r.path === ui.route)).toEqual([
      { path: ui.route, title: ui.title, description: ui.description ?? ui.title },
    ]);
  }
  // Each path once, listed or declared.
  const paths = PAGE_ROUTES.map((r) => r.path);
  expect(new Set(paths).size).toBe(paths.length);
});

test('a declared route loads the generic list page of its kind, lazily, the same one each time', async () => {
  const first = await DECLARED_LIST_PAGES['/ranks']!();
  const again = await DECLARED_LIST_PAGES['/ranks']!();
  expect(first.default).toBe(definitionPageFor('ranks'));
  expect(again.default).toBe(first.default);
  expect((await DECLARED_LIST_PAGES['/users']!()).default).toBe(definitionPageFor('users'));
  expect(definitionPageFor('users')).not.toBe(definitionPageFor('ranks'));
});

test('a page of its own wins; every route of the shell has a page but the effort catch-all', () => {
  expect(pageLoaderFor('/academicPeriods')).toBe(PAGE_REGISTRY['/academicPeriods']);
  expect(pageLoaderFor('/taxonomies')).toBe(PAGE_REGISTRY['/taxonomies']);
  expect(pageLoaderFor('/emailInstructors')).toBe(PAGE_REGISTRY['/emailInstructors']);
  // Nothing says "not available yet": a path under /effort that names no page is not found.
  expect(
    PAGE_ROUTES.filter((r) => pageLoaderFor(r.path) === noSuchPageLoader).map((r) => r.path),
  ).toEqual(['/effort/*']);
});
