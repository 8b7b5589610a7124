export {
  readYourWrites,
  MAX_WAIT_MS,
  POSITION_HEADER,
  STALE_HEADER,
  type ReadYourWritesOptions,
} from './readYourWrites.js';
export { createCheckpointWaiter, type CheckpointWaiterOptions } from './checkpointWaiter.js';
