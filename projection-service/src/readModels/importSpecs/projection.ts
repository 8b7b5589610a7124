import {
  ImportSpecCreated,
  ImportSpecDeleted,
  ImportSpecUpdated,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../../runner/projection.js';

export const IMPORT_SPECS_TABLE = 'import_specs';

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();

function columns(data: ImportSpecCreated, event: RecordedEvent) {
  return {
    name: data.name,
    description: data.description,
    kind: data.kind,
    mapping: JSON.stringify(data.mapping),
    value_mappings: JSON.stringify(data.valueMappings),
    remove_missing: data.removeMissing,
    accept_conflicts: data.acceptConflicts,
    source: data.source === null ? null : JSON.stringify(data.source),
    time_zone: data.timeZone,
    schedule: data.schedule === null ? null : JSON.stringify(data.schedule),
    owner_id: event.metadata.actorId ?? null,
    updated_at: at(event),
    revision: event.revision.toString(),
  };
}

async function applyEvent(trx: Knex.Transaction, event: RecordedEvent, ctx: ProjectionContext) {
  const table = ctx.table(IMPORT_SPECS_TABLE);
  // A re-delivered event finds the row at its revision or later and changes nothing.
  const older = ['revision', '<', event.revision.toString()] as const;
  switch (event.type) {
    case 'ImportSpecCreated': {
      const data = ImportSpecCreated.parse(event.data);
      await trx(table)
        .insert({ id: data.id, ...columns(data, event), created_at: at(event), deleted: false })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'ImportSpecUpdated': {
      const data = ImportSpecUpdated.parse(event.data);
      await trx(table)
        .where({ id: data.id })
        .where(...older)
        .update(columns(data, event));
      return;
    }
    case 'ImportSpecDeleted': {
      const { id } = ImportSpecDeleted.parse(event.data);
      await trx(table)
        .where({ id })
        .where(...older)
        .update({ deleted: true, updated_at: at(event), revision: event.revision.toString() });
      return;
    }
    default:
      return;
  }
}

/**
 * Saved imports (docs/data-services.md "Saved imports"), one row each, kept after a delete
 * (`deleted`) so a re-delivered event cannot bring one back.
 */
export const importSpecsProjection: Projection = {
  name: 'import_specs',
  version: 3,
  eventTypes: ['ImportSpecCreated', 'ImportSpecUpdated', 'ImportSpecDeleted'],
  tables: [IMPORT_SPECS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         name text NOT NULL,
         description text,
         kind text NOT NULL,
         mapping jsonb NOT NULL,
         value_mappings jsonb NOT NULL,
         remove_missing boolean NOT NULL DEFAULT false,
         accept_conflicts boolean NOT NULL DEFAULT false,
         source jsonb,
         time_zone text NOT NULL DEFAULT 'UTC',
         schedule jsonb,
         owner_id text,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL,
         revision bigint NOT NULL,
         deleted boolean NOT NULL
       )`,
      [ctx.table(IMPORT_SPECS_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    for (const event of events) await applyEvent(trx, event, ctx);
    return [];
  },
};
