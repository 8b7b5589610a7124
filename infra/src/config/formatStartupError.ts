import { ConfigError } from './loadConfig.js';

/** One line per problem for a person at a terminal: no stack trace for a bad setting. */
export function formatStartupError(err: unknown): string {
  if (err instanceof ConfigError) {
    return err.problems.map((p) => `Allot cannot start: ${p}`).join('\n');
  }
  const message = err instanceof Error ? err.message : String(err);
  return `Allot cannot start: ${message}`;
}
