import {
  FEATURE_FLAG_NAMES,
  SETTINGS_STREAM,
  SettingChanged,
  StreamNotFoundError,
  type EventStore,
  type FeatureFlagName,
  type FeatureFlagStateAnswer,
  type FeatureFlags,
} from '@allot/shared-events';

/** Stored as settings named like the flag, valued 'true' or 'false'; '' returns to the default. */
export function isFeatureFlagSetting(machineName: string): machineName is FeatureFlagName {
  return (FEATURE_FLAG_NAMES as readonly string[]).includes(machineName);
}

/** A flag setting's stored value: a boolean, or null for "use the configured default". */
export function storedFlagValue(value: string): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** One flag's default, stored override and effective value (shared-events' readApi/appInfo.ts). */
export type FeatureFlagState = FeatureFlagStateAnswer;

export interface LiveFeatureFlags {
  /**
   * The effective flags: each read answers the stored setting when there is one, else the
   * configured default. The same object is handed to every part that checks flags, so a
   * refresh is seen by all of them at once.
   */
  readonly flags: FeatureFlags;
  /** Catches up with the settings stream (run before each request is authorized). */
  refresh(): Promise<void>;
  /** Something may have changed a setting here: the next refresh reads, however recent. */
  markStale(): void;
  states(): FeatureFlagState[];
}

/**
 * Feature flags as settings (issue 5). Reads the settings stream from the event store, not a
 * read model, so a change applies to the very next request; only events after the last one seen
 * are read, so a refresh with nothing new costs one small query.
 */
export function createLiveFeatureFlags(
  store: EventStore,
  defaults: FeatureFlags,
  options: {
    /**
     * How long a refresh may be skipped after the last read when `markStale` was not called:
     * 0 (the default) reads on every refresh; the application marks its own commands and bounds
     * how late another instance's change is seen.
     */
    maxAgeMs?: number;
    now?: () => number;
  } = {},
): LiveFeatureFlags {
  const stored = new Map<FeatureFlagName, boolean>();
  const now = options.now ?? Date.now;
  let nextRevision = 0n;
  let pending: Promise<void> | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let stale = true;

  const effective = (name: FeatureFlagName) => stored.get(name) ?? defaults[name];
  const flags = {} as FeatureFlags;
  for (const name of FEATURE_FLAG_NAMES) {
    Object.defineProperty(flags, name, { enumerable: true, get: () => effective(name) });
  }

  async function catchUp(): Promise<void> {
    let events;
    try {
      // From the last event seen, not the one after it: a stream read that finds nothing asks
      // again whether the stream exists, and that second query would come with every request.
      const fromRevision = nextRevision > 0n ? nextRevision - 1n : 0n;
      events = await store.readStream(SETTINGS_STREAM, { fromRevision });
    } catch (err) {
      if (err instanceof StreamNotFoundError) return;
      throw err;
    }
    for (const event of events) {
      if (event.revision < nextRevision) continue;
      nextRevision = event.revision + 1n;
      if (event.type !== 'SettingChanged') continue;
      const { machineName, value } = SettingChanged.parse(event.data);
      if (!isFeatureFlagSetting(machineName)) continue;
      const flag = storedFlagValue(value);
      if (flag === null) stored.delete(machineName);
      else stored.set(machineName, flag);
    }
  }

  return {
    flags,
    // Concurrent requests share one read rather than each reading the stream.
    refresh() {
      if (pending) return pending;
      if (!stale && now() - readAt < (options.maxAgeMs ?? 0)) return Promise.resolve();
      const startedAt = now();
      stale = false;
      pending = catchUp().then(
        () => {
          readAt = startedAt;
          pending = null;
        },
        (err: unknown) => {
          stale = true;
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    markStale() {
      stale = true;
    },
    states: () =>
      FEATURE_FLAG_NAMES.map((name) => ({
        name,
        default: defaults[name],
        stored: stored.get(name) ?? null,
        effective: effective(name),
      })),
  };
}
