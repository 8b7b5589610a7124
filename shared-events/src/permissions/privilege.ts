import { DEFAULT_FEATURE_FLAGS } from '../featureFlags/featureFlags.js';
import { abilityContextOf, defineAbilityFor } from './defineAbilityFor.js';
import type { AbilityContext, RoleSlug } from './types.js';

/** Abilities over one's own data: holding them gives no power over anyone else's. */
const OWN_DATA_SUBJECTS: ReadonlySet<string> = new Set([
  'Dashboard',
  'MyAdminAssignment',
  'MyAdvancedTeachingEffort',
  'MySchedule',
  'MySectionAssignment',
  'MySharedTeaching',
  'MyTeachingPreference',
]);

/** Any CASL ability, whichever typing of it a package uses (the browser's, a service's). */
export type AbilityLike = object;

interface LooseAbility {
  can(action: string, subject: string): boolean;
}

// A rule names one action and subject or several; subjects here are always their names.
const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === 'string',
  );

/**
 * The roles among `roles` that would give powers `actor` does not hold: nobody but an
 * administrator may hand out (to a user, or through an API key acting as one) more than they can
 * do themselves. A role is
 * weighed under the actor's own terms (feature flags, mode, progress step); abilities over
 * one's own data (My Workload…) are no power over others and do not count.
 */
export function rolesBeyond(ability: AbilityLike, roles: readonly RoleSlug[]): RoleSlug[] {
  const actor = ability as LooseAbility;
  // Administrators run Allot (spec §6: they alone manage Administration): they appoint every
  // role, even those whose day-to-day powers (managing courses, financial data) they lack.
  if (actor.can('manage', 'Administration')) return [];
  const terms: AbilityContext = abilityContextOf(ability) ?? {
    userId: '',
    roles: [],
    workgroupPermissions: [],
    featureFlags: DEFAULT_FEATURE_FLAGS,
    mode: 'production',
    progressStepId: null,
    masquerading: false,
  };
  return roles.filter((role) => {
    const granted = defineAbilityFor({
      ...terms,
      userId: '',
      roles: [role],
      workgroupPermissions: [],
      masquerading: false,
    });
    return granted.rules.some(
      (rule) =>
        !rule.inverted &&
        listOf(rule.subject).some(
          (subject) =>
            !OWN_DATA_SUBJECTS.has(subject) &&
            listOf(rule.action).some((action) => !actor.can(action, subject)),
        ),
    );
  });
}
