import knexFactory, { type Knex } from 'knex';
import type { RecordedEvent } from '@allot/shared-events';
import type { TestDatabase } from '@allot/shared-events/testing';
import {
  handlerOf,
  type Projection,
  type ProjectionContext,
  type RealtimeNotification,
} from '../../runner/projection.js';

/** A knex on the test database; tables are always schema-qualified, as the runner does. */
export function knexFor(db: TestDatabase): Knex {
  return knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 4 } });
}

/** The context the runner gives a first build: `<schema>.<logical>_v<version>`. */
export function firstBuildContext(schema: string, projection: Projection): ProjectionContext {
  const physicalName = (logical: string) => `${logical}_v${projection.version}`;
  return { schema, physicalName, table: (logical) => `${schema}.${physicalName(logical)}` };
}

/**
 * Migrates and applies like the runner: one transaction per batch, of the events the projection
 * handles (none: no transaction).
 */
export function projectionHarness(knex: Knex, schema: string, projection: Projection) {
  const ctx = firstBuildContext(schema, projection);
  const handles = handlerOf(projection);
  return {
    ctx,
    /** A table resolver for the read API that reads this build. */
    tables: {
      table: (_projection: string, logical: string) => Promise.resolve(ctx.table(logical)),
    },
    migrate: () => knex.transaction((trx) => projection.migrate(trx, ctx)),
    apply: (events: readonly RecordedEvent[]): Promise<RealtimeNotification[]> => {
      const handled = events.filter(handles);
      if (handled.length === 0) return Promise.resolve([]);
      return knex.transaction((trx) => projection.apply(trx, handled, ctx));
    },
  };
}

let nextPosition = 100n;

/** A recorded event as the store would deliver it, at a position after every earlier one. */
export function recorded(
  type: string,
  data: unknown,
  extra: Partial<RecordedEvent> = {},
): RecordedEvent {
  nextPosition += 1n;
  return {
    id: `00000000-0000-4000-8000-${nextPosition.toString().padStart(12, '0')}`,
    streamId: 'settings',
    revision: nextPosition,
    position: { commit: nextPosition, prepare: nextPosition },
    type,
    data,
    metadata: { actorId: 'user-admin', occurredAt: '2026-11-22T02:00:00.000Z' },
    createdAt: new Date('2026-11-22T02:00:00.000Z'),
    ...extra,
  };
}

/**
 * Several read models on one test database, as the runner keeps them: each migrated and fed the
 * same events (each skips what it does not handle), read through one table resolver.
 */
export function projectionsHarness(knex: Knex, schema: string, projections: readonly Projection[]) {
  const harnesses = new Map(projections.map((p) => [p.name, projectionHarness(knex, schema, p)]));
  return {
    tables: {
      table: (projection: string, logical: string) => {
        const harness = harnesses.get(projection);
        if (!harness) throw new Error(`No read model ${projection} in this test.`);
        return harness.tables.table(projection, logical);
      },
    },
    async migrate() {
      for (const h of harnesses.values()) await h.migrate();
    },
    /** The notifications of each read model, by name. */
    async apply(events: readonly RecordedEvent[]): Promise<Map<string, RealtimeNotification[]>> {
      const emitted = new Map<string, RealtimeNotification[]>();
      for (const [name, h] of harnesses) emitted.set(name, await h.apply(events));
      return emitted;
    },
  };
}

/**
 * A log of events written by one actor, one after the other: each stream's revisions counted
 * from 0, each event a second after the one before (from `start`) unless given its instant.
 */
export function eventLog(actorId: string, start = Date.UTC(2026, 10, 27, 9)) {
  const revisions = new Map<string, bigint>();
  let written = 0;
  return (streamId: string, type: string, data: unknown, at?: Date): RecordedEvent => {
    written += 1;
    const revision = revisions.get(streamId) ?? 0n;
    revisions.set(streamId, revision + 1n);
    const when = at ?? new Date(start + written * 1000);
    return recorded(type, data, {
      streamId,
      revision,
      createdAt: when,
      metadata: { actorId, occurredAt: when.toISOString() },
    });
  };
}
