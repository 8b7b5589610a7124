/** The event types this code knows (e.g. `isKnownEventType` from `@allot/shared-events`). */
export type KnownEventTypes = ReadonlySet<string> | ((type: string) => boolean);

export function knownTypePredicate(known: KnownEventTypes): (type: string) => boolean {
  return typeof known === 'function' ? known : (type) => known.has(type);
}
