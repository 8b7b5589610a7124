import { allResources, type ResourceDefinition } from '../resources/index.js';
import type { AppAbility } from './ability.js';
import { MENU, type MenuEntry } from './menu.js';
import type { Action, FeatureFlagName, FeatureFlags, Subject } from './types.js';

/** A route pattern: literal segments, `:param` for one segment, a trailing `*` for any rest. */
export interface RoutePermission {
  path: string;
  subject: Subject;
  action: Action;
}

export interface RouteFlagGate {
  path: string;
  flags: readonly FeatureFlagName[];
}

function menuRoutes(menu: readonly MenuEntry[]): RoutePermission[] {
  return menu.flatMap((entry) => [
    ...(entry.route && entry.subject && entry.action
      ? [{ path: entry.route, subject: entry.subject, action: entry.action }]
      : []),
    ...menuRoutes(entry.items ?? []),
  ]);
}

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The list page a kind declares (`ui.route`) needs read on the kind's subject, unless a menu entry
 * (spec §2) already names that route: a new list is gated as its records are before it has one.
 */
export function declaredListRoutes(
  resources: readonly Pick<ResourceDefinition, 'subject' | 'ui'>[],
  listed: readonly RoutePermission[],
): RoutePermission[] {
  return resources.flatMap((resource) => {
    const route = resource.ui?.route;
    if (!route || listed.some((rule) => samePath(rule.path, route))) return [];
    return [{ path: route, subject: resource.subject, action: 'read' as const }];
  });
}

/**
 * Spec §2: each menu route with its entry's permission, the routes outside the menu, and the list
 * pages kinds declare outside the menu.
 */
export const ROUTE_PERMISSIONS: readonly RoutePermission[] = [
  ...menuRoutes(MENU),
  ...declaredListRoutes(allResources, menuRoutes(MENU)),
  { path: '/MyEffort', subject: 'MyAdvancedTeachingEffort', action: 'read' },
  { path: '/effort/timeline/position/:positionId', subject: 'EffortTimeline', action: 'read' },
  // Pages below a listed section need what its index page needs (report pages, taxonomy kinds, effort pages).
  { path: '/effort/*', subject: 'Effort', action: 'read' },
  { path: '/reports/*', subject: 'Report', action: 'read' },
  { path: '/taxonomies/*', subject: 'Configuration', action: 'manage' },
  // The change feed (outside the spec's menu): everyone signed in, each change as they may read it.
  { path: '/changes', subject: 'Dashboard', action: 'read' },
];

/** Spec §6 "feature-flag route gates": every matching gate applies. */
export const ROUTE_FLAG_GATES: readonly RouteFlagGate[] = [
  { path: '/effort/*', flags: ['aemEnabled'] },
  { path: '/effort/myEffort', flags: ['aemEnabled', 'aemEnabledFaculty'] },
  { path: '/MyEffort', flags: ['aemEnabled', 'aemEnabledFaculty'] },
  { path: '/users/merge', flags: ['userMergeEnabled'] },
];

function segmentsOf(path: string): string[] {
  const bare = path.split(/[?#]/)[0] ?? '';
  // The router matches paths case-insensitively, so the gates do too.
  return bare
    .toLowerCase()
    .split('/')
    .filter((segment) => segment.length > 0);
}

/** How specifically `pattern` matches `path`, or null when it does not; a literal beats a parameter beats `*`. */
export function routeMatchScore(pattern: string, path: string): number | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  const wildcard = want.at(-1) === '*';
  const fixed = wildcard ? want.slice(0, -1) : want;
  if (wildcard ? have.length < fixed.length : have.length !== fixed.length) return null;
  let score = 0;
  for (const [index, segment] of fixed.entries()) {
    if (segment.startsWith(':')) score += 1;
    else if (segment === have[index]) score += 2;
    else return null;
  }
  return wildcard ? score - 0.5 : score;
}

/** The most specific permission for `path`, or undefined for a path the table leaves open. */
export function routePermissionFor(path: string): RoutePermission | undefined {
  let best: { rule: RoutePermission; score: number } | undefined;
  for (const rule of ROUTE_PERMISSIONS) {
    const score = routeMatchScore(rule.path, path);
    if (score !== null && (!best || score > best.score)) best = { rule, score };
  }
  return best?.rule;
}

export function flagsRequiredFor(path: string): FeatureFlagName[] {
  const flags = ROUTE_FLAG_GATES.filter(
    (gate) => routeMatchScore(gate.path, path) !== null,
  ).flatMap((gate) => gate.flags);
  return [...new Set(flags)];
}

/**
 * Spec §2 protected routes: the dashboard is always allowed; until the flags load (null) every other
 * route is blocked; then each matching flag gate and the route's permission must hold.
 */
export function canVisitRoute(
  ability: AppAbility,
  flags: FeatureFlags | null | undefined,
  path: string,
): boolean {
  if (segmentsOf(path).length === 0) return true;
  if (!flags) return false;
  if (!flagsRequiredFor(path).every((flag) => flags[flag])) return false;
  const permission = routePermissionFor(path);
  return !permission || ability.can(permission.action, permission.subject);
}
