import { WrongExpectedVersionError } from '../port.js';
import {
  EVENT_ID_CONSTRAINT,
  EventIdConflictError,
  SQLSTATE_EVENT_ID_CONFLICT,
  SQLSTATE_WRONG_EXPECTED_VERSION,
  mapAppendError,
} from './errors.js';

describe('append error mapping', () => {
  it('maps the wrong-expected-version SQLSTATE with the actual revision', () => {
    const err = mapAppendError(
      { code: SQLSTATE_WRONG_EXPECTED_VERSION, detail: '3' },
      'section-1',
      1n,
    );
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect(err).toMatchObject({ streamId: 'section-1', expectedState: 1n, actualState: 3n });
  });

  it("maps an absent stream to actualState 'no_stream'", () => {
    const err = mapAppendError(
      { code: SQLSTATE_WRONG_EXPECTED_VERSION, detail: '-1' },
      's-1',
      'stream_exists',
    );
    expect(err).toMatchObject({ expectedState: 'stream_exists', actualState: 'no_stream' });
  });

  it('maps reused event ids to EventIdConflictError', () => {
    const err = mapAppendError(
      { code: SQLSTATE_EVENT_ID_CONFLICT, detail: '1 of 2 ids exist' },
      's-1',
      'any',
    );
    expect(err).toBeInstanceOf(EventIdConflictError);
    expect((err as Error).message).toContain('1 of 2 ids exist');
  });

  it('maps a unique violation of the event-id constraint to EventIdConflictError', () => {
    const violation = {
      code: '23505',
      constraint: EVENT_ID_CONSTRAINT,
      detail: 'Key (event_id)=(…) already exists.',
    };
    expect(mapAppendError(violation, 's-1', 2n)).toBeInstanceOf(EventIdConflictError);
    const other = { code: '23505', constraint: 'es_events_stream_id_stream_revision_key' };
    expect(mapAppendError(other, 's-1', 2n)).toBe(other);
  });

  it('passes every other failure through unchanged', () => {
    const original = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(mapAppendError(original, 's-1', 'any')).toBe(original);
    expect(mapAppendError('text', 's-1', 'any')).toBe('text');
  });
});
