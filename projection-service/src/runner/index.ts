export {
  createProjectionRunner,
  type PositionWaiter,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
} from './runner.js';
export type { ProjectionPhase } from './projectionWorker.js';
export {
  activeGeneration,
  createTableResolver,
  physicalTableName,
  projectionContext,
  readTable,
  type TableGeneration,
  type TableResolver,
} from './tableNames.js';
export { ensureProjectionTables } from './checkpoints.js';
export { UnknownEventTypeError, ProjectionVersionError } from './errors.js';
export type { KnownEventTypes } from './knownEventTypes.js';
export type { BeforeCommitHook } from './batches.js';
export {
  consoleProjectionLogger,
  silentProjectionLogger,
  type ProjectionLogger,
} from './logger.js';
