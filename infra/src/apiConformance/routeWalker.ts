import {
  ROLE_SLUGS,
  defineAbilityFor,
  type AbilityContext,
  type AppAbility,
  type FeatureFlags,
  type Mode,
  type RoleSlug,
  type WorkgroupPermission,
} from '@allot/shared-events';
import type { RunningAllot } from '../embedded/startAllot.js';
import { demoUserId } from '../seed/demoUsers.js';
import { sessionHeaders, type WalkedRoute } from './conformanceApp.js';

/** An id no record has: a lookup by it is a clean 404, and it is a valid UUID where one is asked. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The route's address with every `:param` (and a trailing `*`) filled in. */
export function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]\w*/g, UNKNOWN_ID).replace(/\*$/, 'walker');
}

/** GET and HEAD share handler and config: walking the GET walks both. */
export function withoutMirroredHeads(routes: readonly WalkedRoute[]): WalkedRoute[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

export interface SignedInRole {
  role: RoleSlug;
  userId: string;
  headers: Record<string, string>;
  /** The rules the server applies to this user, built from their own GET /api/auth. */
  ability: AppAbility;
  /** The facts the ability was built from (to ask what the user could do with a flag on). */
  context: AbilityContext;
}

interface AuthContextAnswer {
  workingUserId: string;
  authenticatedUserId: string;
  Roles: { slug: RoleSlug }[];
  workgroupPermissions: WorkgroupPermission[];
  FeatureFlags: FeatureFlags;
  mode: Mode;
  progressStepId: number | null;
}

/**
 * The demo account of every role (username = role slug), signed in, with the CASL ability
 * `defineAbilityFor` gives it under the facts the server reports (roles, workgroup bits, step,
 * flags, mode), so "who may" comes from the shared rules, not from a list in the test.
 */
export async function signedInRoles(allot: RunningAllot): Promise<SignedInRole[]> {
  const roles: SignedInRole[] = [];
  for (const role of ROLE_SLUGS) {
    const userId = demoUserId(role);
    const headers = sessionHeaders(userId);
    const response = await allot.app.inject({ method: 'GET', url: '/api/auth', headers });
    const auth = response.json<AuthContextAnswer>();
    if (auth.authenticatedUserId !== userId) {
      throw new Error(`The demo account ${role} did not sign in: ${response.body}`);
    }
    const context: AbilityContext = {
      userId: auth.workingUserId,
      roles: auth.Roles.map((r) => r.slug),
      workgroupPermissions: auth.workgroupPermissions,
      featureFlags: auth.FeatureFlags,
      mode: auth.mode,
      progressStepId: auth.progressStepId,
      masquerading: false,
    };
    roles.push({ role, userId, headers, ability: defineAbilityFor(context), context });
  }
  return roles;
}
