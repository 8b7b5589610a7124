import type { Decider as AggregateDecider, EventMetadata } from '@allot/shared-events';

/** A command as deciders see it: an imperative name and its validated payload. */
export interface Command<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** An event a decider produces; the handler adds ids and metadata when appending. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** Who, when and why: everything impure a decider may need arrives here. */
export interface CommandMeta {
  /** The working user (the masqueraded one while masquerading); null for the system. */
  readonly actorId: string | null;
  /** The authenticated user when different from the actor (masquerade), else null. */
  readonly onBehalfOfId: string | null;
  /** The API key the request came with (the actor is its user); absent or null without one. */
  readonly apiKeyId?: string | null;
  readonly apiKeyCreatorId?: string | null;
  readonly correlationId: string;
  /** The id of the command (or event) that caused this one. */
  readonly causationId: string;
  readonly now: Date;
}

/**
 * Pure domain logic of one aggregate (DESIGN §4), in the one decider shape of shared-events, with
 * the command service's meta. `decide` throws `DomainRuleError` to refuse.
 */
export type Decider<C extends Command, S, E extends DomainEvent> = AggregateDecider<
  C,
  S,
  E,
  CommandMeta
>;

export const EVENT_SCHEMA_VERSION = 1;

/** The metadata every appended event carries (DESIGN §3). */
export function eventMetadataFor(meta: CommandMeta): EventMetadata {
  return {
    actorId: meta.actorId,
    onBehalfOfId: meta.onBehalfOfId,
    // Only where a key was used: every other event's metadata stays as it always was.
    ...(meta.apiKeyId ? { apiKeyId: meta.apiKeyId } : {}),
    ...(meta.apiKeyCreatorId ? { apiKeyCreatorId: meta.apiKeyCreatorId } : {}),
    correlationId: meta.correlationId,
    causationId: meta.causationId,
    occurredAt: meta.now.toISOString(),
    schemaVersion: EVENT_SCHEMA_VERSION,
  };
}
