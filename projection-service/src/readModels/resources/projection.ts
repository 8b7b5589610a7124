import type { Knex } from 'knex';
import {
  SystemActiveAcademicPeriodChanged,
  UsersMerged,
  WorkingAcademicPeriodChanged,
  academicPeriods,
  allResources,
  progressSteps,
  users,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import { z } from 'zod';
import type {
  Projection,
  ProjectionContext,
  RealtimeNotification,
} from '../../runner/projection.js';
import { fieldExpression } from './query.js';

export const ACTIVE_PERIOD_UPDATED = 'activeAcademicPeriodUpdated';

const Id = z.object({ id: z.string() });
const Record = z.looseObject({ id: z.string() });

/**
 * `academicTermTypes` → `resource_academic_term_types`: one projection (and replay unit) per
 * kind, and the logical name of its one table (physical names are not namespaced by projection).
 */
export function resourceProjectionName(resource: ResourceDefinition): string {
  return `resource_${resource.path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

/** The logical table of a kind's records. */
export const recordsTable = resourceProjectionName;

/** Extra events a kind listens to beyond its own (pointer streams, session events). */
interface Extra {
  eventTypes: readonly string[];
  apply(
    trx: Knex.Transaction,
    table: string,
    event: RecordedEvent,
  ): Promise<RealtimeNotification | null>;
}

const periodExtras: Extra = {
  eventTypes: ['SystemActiveAcademicPeriodChanged'],
  apply(_trx, _table, event) {
    // The flags themselves arrive as AcademicPeriodUpdated events; this only announces the move.
    const { id } = SystemActiveAcademicPeriodChanged.parse(event.data);
    return Promise.resolve({
      event: ACTIVE_PERIOD_UPDATED,
      rooms: ['all'],
      payload: { id },
      actorId: event.metadata.actorId ?? null,
    });
  },
};

const userExtras: Extra = {
  eventTypes: ['WorkingAcademicPeriodChanged', 'UsersMerged'],
  async apply(trx, table, event) {
    if (event.type === 'UsersMerged') {
      // The duplicate leaves the lists of active users and says where it went.
      const { masterId, duplicateId } = UsersMerged.parse(event.data);
      await trx.raw(
        `UPDATE ?? SET data = data || jsonb_build_object('isActive', false, 'mergedIntoId', ?::text)
         WHERE id = ?`,
        [table, masterId, duplicateId],
      );
      return null;
    }
    const { userId, academicPeriodId } = WorkingAcademicPeriodChanged.parse(event.data);
    await trx.raw(
      `UPDATE ?? SET data = data || jsonb_build_object('WorkingAcademicPeriodId', ?::text) WHERE id = ?`,
      [table, academicPeriodId, userId],
    );
    return null;
  },
};

const extrasByName: Readonly<Record<string, Extra>> = {
  [academicPeriods.name]: periodExtras,
  [users.name]: userExtras,
};

export const ACTIVE_STEPS_CHANGED = 'activeStepsChanged';
/** Beyond spec §4: records of a declared kind changed, so open lists of it refresh (decision 23). */
export const RECORDS_CHANGED = 'recordsChanged';
/** Past this many records in one batch (an import) the message names only the kind. */
const IDS_NAMED = 100;

/**
 * One `recordsChanged` per actor for the batch's records of this kind, to room `all`: it names
 * the kind and the ids, never a value, so anyone may hear it. A user's own theme is nobody's list.
 */
function recordsChanged(
  resource: ResourceDefinition,
  changed: readonly RecordedEvent[],
): RealtimeNotification[] {
  if (resource.ownerField || changed.length === 0) return [];
  const byActor = new Map<string | null, Set<string>>();
  for (const event of changed) {
    const actorId = event.metadata.actorId ?? null;
    const ids = byActor.get(actorId) ?? new Set<string>();
    const id = (event.data as { id?: unknown }).id;
    if (typeof id === 'string') ids.add(id);
    byActor.set(actorId, ids);
  }
  return [...byActor].map(([actorId, ids]) => ({
    event: RECORDS_CHANGED,
    rooms: ['all'],
    payload: { path: resource.path, ids: ids.size > IDS_NAMED ? null : [...ids] },
    actorId,
  }));
}

/** Spec §4: a change of progress steps refreshes every browser's steps (once per batch). */
function announce(resource: ResourceDefinition, event: RecordedEvent): RealtimeNotification | null {
  if (resource.name !== progressSteps.name) return null;
  return { event: ACTIVE_STEPS_CHANGED, rooms: ['all'], actorId: event.metadata.actorId ?? null };
}

function occurredAt(event: RecordedEvent): string {
  return event.metadata.occurredAt ?? event.createdAt.toISOString();
}

/** One event, as an idempotent write guarded by the stream revision (a re-delivery changes nothing). */
async function applyOwn(
  trx: Knex.Transaction,
  table: string,
  resource: ResourceDefinition,
  event: RecordedEvent,
): Promise<void> {
  const types = resource.eventTypes;
  const revision = event.revision.toString();
  const at = occurredAt(event);
  const upcast = (data: ResourceRecord) => (resource.upcast ? resource.upcast(data) : data);
  switch (event.type) {
    case types.created: {
      const { id, ...data } = upcast(Record.parse(event.data));
      await trx.raw(
        `INSERT INTO ?? (id, revision, data, created_at, updated_at) VALUES (?, ?, ?::jsonb, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
        [table, id, revision, JSON.stringify(data), at, at],
      );
      return;
    }
    case types.updated: {
      const { id, ...changes } = upcast(Record.parse(event.data));
      await trx.raw(
        `UPDATE ?? SET data = data || ?::jsonb, revision = ?, updated_at = ?
         WHERE id = ? AND revision < ?`,
        [table, JSON.stringify(changes), revision, at, id, revision],
      );
      return;
    }
    case types.deactivated: {
      const { id } = Id.parse(event.data);
      await trx.raw(
        `UPDATE ?? SET data = data || '{"isActive": false}'::jsonb, revision = ?, updated_at = ?
         WHERE id = ? AND revision < ?`,
        [table, revision, at, id, revision],
      );
      return;
    }
    case types.deleted: {
      const { id } = Id.parse(event.data);
      // A tombstone, so a re-delivered create cannot bring the record back.
      await trx.raw(
        `UPDATE ?? SET deleted_at = ?, revision = ?, updated_at = ? WHERE id = ? AND revision < ?`,
        [table, at, revision, at, id, revision],
      );
      return;
    }
    default:
      return;
  }
}

/** The generic read model of one declared kind: `id`, `revision`, the fields as jsonb, times. */
export function resourceProjection(resource: ResourceDefinition): Projection {
  const extras = extrasByName[resource.name];
  const own = Object.values(resource.eventTypes).filter((t): t is string => t !== undefined);
  return {
    name: resourceProjectionName(resource),
    version: resource.readModelVersion ?? 1,
    eventTypes: [...own, ...(extras?.eventTypes ?? [])],
    tables: [recordsTable(resource)],

    async migrate(trx, ctx: ProjectionContext) {
      const table = ctx.table(recordsTable(resource));
      const physical = ctx.physicalName(recordsTable(resource));
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ?? (
           id text PRIMARY KEY,
           revision bigint NOT NULL,
           data jsonb NOT NULL,
           created_at timestamptz NOT NULL,
           updated_at timestamptz NOT NULL,
           deleted_at timestamptz
         )`,
        [table],
      );
      await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin (data jsonb_path_ops)', [
        `${physical}_data`,
        table,
      ]);
      // One expression index per list field, matching the expressions lists filter and sort by.
      const fields = Object.entries(resource.list.fields);
      for (const [i, [field, type]] of fields.entries()) {
        await trx.raw(
          `CREATE INDEX IF NOT EXISTS ?? ON ?? (${fieldExpression(field, type)}) WHERE deleted_at IS NULL`,
          [`${physical}_f${String(i)}`, table],
        );
      }
    },

    async apply(trx, events, ctx) {
      const table = ctx.table(recordsTable(resource));
      const notifications: RealtimeNotification[] = [];
      const changed: RecordedEvent[] = [];
      for (const event of events) {
        if (own.includes(event.type)) {
          await applyOwn(trx, table, resource, event);
          changed.push(event);
          const announced = announce(resource, event);
          if (announced && !notifications.some((n) => n.event === announced.event)) {
            notifications.push(announced);
          }
        } else if (extras?.eventTypes.includes(event.type)) {
          const notification = await extras.apply(trx, table, event);
          if (notification) notifications.push(notification);
        }
      }
      return [...notifications, ...recordsChanged(resource, changed)];
    },
  };
}

/** Every resource's projection, for the runner (and `allot replay`). */
export const resourceProjections: readonly Projection[] = allResources.map(resourceProjection);
