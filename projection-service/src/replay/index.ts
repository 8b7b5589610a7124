export {
  replayProjection,
  type ReplayOptions,
  type ReplayProgress,
  type ReplayResult,
} from './replayProjection.js';
export { runReplayCli, type ReplayCliDeps } from './cli.js';
