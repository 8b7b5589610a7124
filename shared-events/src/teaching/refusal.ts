import type { Conflict } from './conflicts.js';

/**
 * A refusal of a teaching command: `notFound` answers 404, `invalid` 400, `rule` 422 (with the
 * conflicts when a conflict refused it, so the caller can show them and offer the override).
 */
export class TeachingCommandRefused extends Error {
  override readonly name: string = 'TeachingCommandRefused';
  constructor(
    readonly kind: 'notFound' | 'invalid' | 'rule',
    message: string,
    readonly conflicts: readonly Conflict[] = [],
  ) {
    super(message);
  }
}
