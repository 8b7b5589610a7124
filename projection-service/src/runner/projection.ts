import type { Knex } from 'knex';
import type { RecordedEvent } from '@allot/shared-events';

/** A message for browsers, emitted only after the read-model change it describes has committed. */
export interface RealtimeNotification {
  /** Spec event name, e.g. `teachingAssignmentCreated`. */
  event: string;
  /** Rooms: `user:<id>`, `workgroup:<id>` or `all`. */
  rooms: readonly string[];
  payload?: unknown;
  /** The user whose command caused it (clients ignore some events from themselves). */
  actorId?: string | null;
}

export interface ProjectionContext {
  /**
   * Physical name of a logical table for the version being written (replay writes a new one),
   * schema-qualified (`schema.table`): use it with the knex builder or as a `??` binding.
   */
  table(logicalName: string): string;
  /** The read-model schema (for DDL: `trx.schema.withSchema(ctx.schema).createTable(...)`). */
  readonly schema: string;
  /** The physical table name without schema, e.g. `course_list_v2` (for DDL and index names). */
  physicalName(logicalName: string): string;
}

/**
 * One read model (DESIGN §5): its tables, which events it handles and how it evolves. `apply`
 * runs inside the runner's transaction together with the checkpoint, so it must be an idempotent
 * upsert: the same event delivered twice changes nothing.
 */
export interface Projection {
  readonly name: string;
  /** Bump to rebuild into new tables by replay. */
  readonly version: number;
  /** Event types this projection handles; others are skipped (the checkpoint still advances). */
  readonly eventTypes: readonly string[];
  /**
   * Narrows `eventTypes` to the events that can change this read model, when its type alone does
   * not tell (an assignment made without overriding a conflict changes no override). The runner
   * passes over the others as over a type it does not handle: no transaction when none is left.
   */
  handlesEvent?(event: RecordedEvent): boolean;
  /** Logical table names it owns; physical names are `<logical>_v<version>`. */
  readonly tables: readonly string[];
  /** Creates the tables of this version (called inside a transaction, idempotent). */
  migrate(trx: Knex.Transaction, ctx: ProjectionContext): Promise<void>;
  /** Applies a batch of events (in log order) and returns notifications to emit after commit. */
  apply(
    trx: Knex.Transaction,
    events: readonly RecordedEvent[],
    ctx: ProjectionContext,
  ): Promise<RealtimeNotification[]>;
}

/** Whether the projection handles an event: its type is listed and `handlesEvent` agrees. */
export function handlerOf(projection: Projection): (event: RecordedEvent) => boolean {
  const types = new Set(projection.eventTypes);
  const narrowed = projection.handlesEvent?.bind(projection);
  return narrowed
    ? (event) => types.has(event.type) && narrowed(event)
    : (event) => types.has(event.type);
}
