import {
  FEATURE_FLAG_NAMES,
  type FeatureFlagName,
  type FeatureFlags,
} from '../permissions/types.js';

/** Every flag off: what a deployment gets unless its configuration turns a feature on. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, false]),
) as FeatureFlags;

/** The demo institution shows everything except the effort module (issue: "all on except aem*"). */
export const DEMO_FEATURE_FLAGS: FeatureFlags = {
  ...(Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, true])) as FeatureFlags),
  aemEnabled: false,
  aemEnabledFaculty: false,
};

/** `aemEnabled` → `ALLOT_FEATURE_AEM_ENABLED`. */
export function featureFlagVariable(name: FeatureFlagName): string {
  return `ALLOT_FEATURE_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

export class FeatureFlagConfigError extends Error {
  override readonly name = 'FeatureFlagConfigError';
}

const TRUE_VALUES = new Set(['true', '1', 'on', 'yes']);
const FALSE_VALUES = new Set(['false', '0', 'off', 'no']);

/**
 * Feature flags come from configuration: each `ALLOT_FEATURE_<NAME>` variable that is set
 * overrides the base (the defaults, or the demo's). A value other than true/false/1/0/on/off/yes/no
 * throws, naming the variable, rather than silently switching a feature.
 */
export function featureFlagsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  base: FeatureFlags = DEFAULT_FEATURE_FLAGS,
): FeatureFlags {
  const flags: FeatureFlags = { ...base };
  const problems: string[] = [];
  for (const name of FEATURE_FLAG_NAMES) {
    const variable = featureFlagVariable(name);
    const raw = env[variable]?.trim().toLowerCase();
    if (raw === undefined || raw === '') continue;
    if (TRUE_VALUES.has(raw)) flags[name] = true;
    else if (FALSE_VALUES.has(raw)) flags[name] = false;
    else problems.push(`${variable} must be true or false, not "${raw}".`);
  }
  if (problems.length > 0) throw new FeatureFlagConfigError(problems.join('\n'));
  return flags;
}
