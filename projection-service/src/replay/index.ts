export {
  replayProjection,
  type ReplayOptions,
  type ReplayProgress,
  type ReplayResult,
} from '../runner/replayProjection.js';
export { runReplayCli, type ReplayCliDeps } from './cli.js';
