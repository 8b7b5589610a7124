import {
  DataServiceCreated,
  DataServiceDeleted,
  DataServiceUpdated,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../../runner/projection.js';

export const DATA_SERVICES_TABLE = 'data_services';

export interface DataServiceRow {
  id: string;
  name: string;
  description: string | null;
  saved_report_id: string;
  format: string;
  time_zone: string;
  schedule: unknown;
  owner_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  revision: string | number;
  deleted: boolean;
}

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();

function definitionColumns(data: DataServiceCreated, event: RecordedEvent) {
  return {
    name: data.name,
    description: data.description,
    saved_report_id: data.savedReportId,
    format: data.format,
    time_zone: data.timeZone,
    schedule: JSON.stringify(data.schedule),
    // Whoever last saved it: a scheduled run runs with their rights.
    owner_id: event.metadata.actorId ?? null,
    updated_at: at(event),
    revision: event.revision.toString(),
  };
}

async function applyEvent(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
): Promise<void> {
  const table = ctx.table(DATA_SERVICES_TABLE);
  // A re-delivered event finds the row at its revision or later and changes nothing.
  const older = ['revision', '<', event.revision.toString()] as const;
  switch (event.type) {
    case 'DataServiceCreated': {
      const data = DataServiceCreated.parse(event.data);
      await trx(table)
        .insert({
          id: data.id,
          ...definitionColumns(data, event),
          created_at: at(event),
          deleted: false,
        })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'DataServiceUpdated': {
      const data = DataServiceUpdated.parse(event.data);
      await trx(table)
        .where({ id: data.id })
        .where(...older)
        .update(definitionColumns(data, event));
      return;
    }
    case 'DataServiceDeleted': {
      const { id } = DataServiceDeleted.parse(event.data);
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
 * Data services (docs/reports.md "Data services"), one row each, kept after a delete
 * (`deleted`) so a re-delivered event cannot bring one back. Their runs are report exports
 * (the exports table), not rows here: a run's file is made once, not derived from the log.
 */
export const dataServicesProjection: Projection = {
  name: 'data_services',
  version: 1,
  eventTypes: ['DataServiceCreated', 'DataServiceUpdated', 'DataServiceDeleted'],
  tables: [DATA_SERVICES_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         name text NOT NULL,
         description text,
         saved_report_id text NOT NULL,
         format text NOT NULL,
         time_zone text NOT NULL,
         schedule jsonb,
         owner_id text,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL,
         revision bigint NOT NULL,
         deleted boolean NOT NULL
       )`,
      [ctx.table(DATA_SERVICES_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    for (const event of events) await applyEvent(trx, event, ctx);
    return [];
  },
};
