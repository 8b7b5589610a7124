import { TeachingCommandRefused, type Conflict } from '@allot/shared-events';
import { DomainRuleError, NotFoundError, ValidationError } from '../errors/errors.js';

/** 422 refused for schedule conflicts, which the same command with `override: true` would pass. */
export class ScheduleConflictError extends DomainRuleError {
  constructor(
    message: string,
    readonly conflicts: readonly Conflict[],
  ) {
    super(message, true);
  }
}

/** A teaching decider's refusal as the service's error: 404, 400 or 422; anything else as is. */
export function translated(error: unknown): unknown {
  if (!(error instanceof TeachingCommandRefused)) return error;
  if (error.kind === 'notFound') return new NotFoundError(error.message);
  if (error.kind === 'invalid') return new ValidationError([{ field: '', message: error.message }]);
  if (error.conflicts.length > 0) return new ScheduleConflictError(error.message, error.conflicts);
  return new DomainRuleError(error.message);
}
