export {
  PostgresEventStore,
  createPostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgresEventStore.js';
export { EventIdConflictError } from './errors.js';
export type { SubscriptionLogger } from './subscription.js';
