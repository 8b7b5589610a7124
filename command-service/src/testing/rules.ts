import {
  defineAbilityFor,
  type AbilityContext,
  type RoleSlug,
  type WorkgroupPermission,
} from '@allot/shared-events';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import type { AppRule } from '../authorization/ability.js';

/**
 * The rules the server gives a user with `role` (none when null) under the demo's flags, for a
 * test app's fabricated sessions (`buildTestApp`); `extra` adds workgroup bits, a step, ….
 */
export function rulesOf(
  role: RoleSlug | null,
  userId: string,
  extra: Partial<AbilityContext> = {},
): readonly AppRule[] {
  const context: AbilityContext = {
    ...demoContextFor(role ?? 'faculty'),
    roles: role ? [role] : [],
    userId,
    ...extra,
  };
  return defineAbilityFor(context).rules as readonly AppRule[];
}

/** A workgroup member without a role: `permission` bits (1 approve, 2 assign) at a step. */
export function memberRules(
  userId: string,
  permission: number,
  progressStepId: number,
  WorkgroupId = 'wg-math',
): readonly AppRule[] {
  return rulesOf(null, userId, {
    workgroupPermissions: [{ id: WorkgroupId, permission }] satisfies WorkgroupPermission[],
    progressStepId,
  });
}
