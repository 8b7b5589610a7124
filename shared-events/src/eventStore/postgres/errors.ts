import { WrongExpectedVersionError, type ExpectedState } from '../port.js';
import { decodeActualRevision } from './expectedState.js';

/** SQLSTATEs raised by the append function (custom class "ES"). */
export const SQLSTATE_WRONG_EXPECTED_VERSION = 'ES409';
export const SQLSTATE_EVENT_ID_CONFLICT = 'ES422';
const SQLSTATE_UNIQUE_VIOLATION = '23505';
/** PostgreSQL's name for the UNIQUE (event_id) constraint of es_events. */
export const EVENT_ID_CONSTRAINT = 'es_events_event_id_key';

/** Event ids already in the log, but not as this exact append (another stream or revision). */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamId: string,
    detail: string,
  ) {
    super(`Stream ${streamId}: event ids already appended elsewhere (${detail})`);
  }
}

interface PgErrorShape {
  code?: unknown;
  detail?: unknown;
  constraint?: unknown;
}

function asPgError(err: unknown): PgErrorShape | null {
  return typeof err === 'object' && err !== null ? err : null;
}

/** Maps the append function's failures to the port's errors; anything else passes through. */
export function mapAppendError(
  err: unknown,
  streamId: string,
  expectedState: ExpectedState,
): unknown {
  const pgErr = asPgError(err);
  if (pgErr?.code === SQLSTATE_WRONG_EXPECTED_VERSION) {
    const detail = typeof pgErr.detail === 'string' ? pgErr.detail : undefined;
    return new WrongExpectedVersionError(streamId, expectedState, decodeActualRevision(detail));
  }
  const reusedId =
    pgErr?.code === SQLSTATE_EVENT_ID_CONFLICT ||
    (pgErr?.code === SQLSTATE_UNIQUE_VIOLATION && pgErr.constraint === EVENT_ID_CONSTRAINT);
  if (reusedId) {
    return new EventIdConflictError(
      streamId,
      typeof pgErr?.detail === 'string' ? pgErr.detail : '',
    );
  }
  return err;
}
