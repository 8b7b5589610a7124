import { createAppAbilityBuilder, type AppAbility } from './ability.js';
import { everyone, restrictions, workgroupMembers } from './contextPermissions.js';
import { rolePermissions } from './rolePermissions.js';
import type { AbilityContext } from './types.js';

/** The user's abilities (spec §6, DESIGN §6–7); pure, so server and browser build the same one. */
export function defineAbilityFor(ctx: AbilityContext): AppAbility {
  const builder = createAppAbilityBuilder();
  everyone(ctx, builder);
  for (const role of ctx.roles) {
    // The roles arrive from sessions and HTTP answers: an unknown one is a bug, not "no rights".
    if (!Object.hasOwn(rolePermissions, role)) throw new Error(`Unknown role "${String(role)}"`);
    rolePermissions[role](ctx, builder);
  }
  workgroupMembers(ctx, builder);
  restrictions(ctx, builder);
  const ability = builder.build();
  contexts.set(ability, ctx);
  return ability;
}

/** Who an ability was built for (flags, mode, step), to weigh other roles under the same terms. */
const contexts = new WeakMap<object, AbilityContext>();

export function abilityContextOf(ability: object): AbilityContext | null {
  return contexts.get(ability) ?? null;
}
