import { TeachingCommandRefused } from '@allot/shared-events';
import { DomainRuleError, NotFoundError, ValidationError } from '../errors/errors.js';

/** A teaching decider's refusal as the service's error: 404, 400 or 422; anything else as is. */
export function translated(error: unknown): unknown {
  if (!(error instanceof TeachingCommandRefused)) return error;
  if (error.kind === 'notFound') return new NotFoundError(error.message);
  if (error.kind === 'invalid') return new ValidationError([{ field: '', message: error.message }]);
  // Refused for its conflicts: the same command with `override: true` would pass.
  return new DomainRuleError(error.message, error.conflicts.length > 0);
}
