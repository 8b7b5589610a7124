import type pg from 'pg';
import {
  createEventStoreDbStore,
  createPostgresEventStore,
  type EventStore,
} from '@allot/shared-events';
import type { AllotConfig } from '../config/loadConfig.js';

/** The schema of the PostgreSQL event store (DESIGN §2), beside the read models in `public`. */
export const EVENT_STORE_SCHEMA = 'event_store';

/** EventStoreDB when EVENTSTORE_CONNECTION_STRING is set, else the PostgreSQL store on our database. */
export async function openEventStore(
  config: Pick<AllotConfig, 'eventStoreConnectionString'>,
  pool: pg.Pool,
): Promise<EventStore> {
  if (config.eventStoreConnectionString)
    return createEventStoreDbStore(config.eventStoreConnectionString);
  return createPostgresEventStore({ pool, schema: EVENT_STORE_SCHEMA });
}
