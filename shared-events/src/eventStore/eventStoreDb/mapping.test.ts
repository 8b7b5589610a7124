import {
  ANY,
  BACKWARDS,
  END,
  EVENT_TYPE,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  STREAM_NAME,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  UnavailableError as EsdbUnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
} from '@eventstore/db-client';
import type {
  JSONRecordedEvent,
  RecordedEvent as EsdbRecordedEvent,
  RegexFilter,
} from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedVersionError } from '../port.js';
import {
  fromEsdbEvent,
  fromEsdbExpectedRevision,
  isAfter,
  isSystemEventType,
  matchesFilter,
  toEsdbEventData,
  toEsdbExpectedRevision,
  toEsdbFilter,
  toEsdbReadPosition,
  toEsdbReadStreamOptions,
  toPortError,
} from './mapping.js';

const created = new Date('2026-01-15T09:00:00Z');

function esdbEvent(overrides: Partial<JSONRecordedEvent> = {}): EsdbRecordedEvent {
  return {
    streamId: 'section-1',
    id: '6f1c1e49-5a55-4b7c-9d3e-2f9e5b0f1a11',
    isJson: true,
    revision: 3n,
    type: 'InstructorAssigned',
    created,
    data: { instructorId: 'u-1' },
    metadata: { actorId: 'u-9', correlationId: 'c-1' },
    position: { commit: 1200n, prepare: 1100n },
    ...overrides,
  };
}

describe('expected state', () => {
  it('maps to the client constants and back', () => {
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision(7n)).toBe(7n);
    for (const state of ['any', 'no_stream', 'stream_exists', 0n, 41n] as const) {
      expect(fromEsdbExpectedRevision(toEsdbExpectedRevision(state))).toBe(state);
    }
  });
});

describe('positions', () => {
  it('map start, end and pairs to the client read positions', () => {
    expect(toEsdbReadPosition(undefined)).toBe(START);
    expect(toEsdbReadPosition('start')).toBe(START);
    expect(toEsdbReadPosition('end')).toBe(END);
    expect(toEsdbReadPosition({ commit: 5n, prepare: 4n })).toEqual({ commit: 5n, prepare: 4n });
  });

  it('treat a given start position as exclusive', () => {
    const p = { commit: 10n, prepare: 9n };
    expect(isAfter(p, p)).toBe(false);
    expect(isAfter(p, { commit: 10n, prepare: 10n })).toBe(false);
    expect(isAfter(p, { commit: 9n, prepare: 99n })).toBe(true);
    expect(isAfter(p, 'start')).toBe(true);
    expect(isAfter(p, undefined)).toBe(true);
  });
});

describe('readStream options', () => {
  it('default to reading forwards from the start, backwards from the end', () => {
    expect(toEsdbReadStreamOptions()).toEqual({ direction: FORWARDS, fromRevision: START });
    expect(toEsdbReadStreamOptions({ direction: 'backwards' })).toEqual({
      direction: BACKWARDS,
      fromRevision: END,
    });
  });

  it('pass revisions, start/end and maxCount through', () => {
    expect(toEsdbReadStreamOptions({ fromRevision: 4n, maxCount: 2 })).toEqual({
      direction: FORWARDS,
      fromRevision: 4n,
      maxCount: 2,
    });
    expect(
      toEsdbReadStreamOptions({ fromRevision: 'end', direction: 'backwards', maxCount: 1 }),
    ).toEqual({
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    expect(
      toEsdbReadStreamOptions({ fromRevision: 'start', direction: 'backwards' }).fromRevision,
    ).toBe(START);
  });
});

describe('events to append', () => {
  it('become JSON event data with the given id, or a fresh UUID', () => {
    const metadata = { actorId: 'u-1', schemaVersion: 1 };
    expect(
      toEsdbEventData({
        id: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924',
        type: 'A',
        data: { x: 1 },
        metadata,
      }),
    ).toEqual({
      id: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924',
      contentType: 'application/json',
      type: 'A',
      data: { x: 1 },
      metadata,
    });
    const generated = toEsdbEventData({ type: 'A', data: null });
    expect(generated.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(generated.metadata).toEqual({});
    expect(toEsdbEventData({ type: 'A', data: undefined }).data).toBeNull();
  });
});

describe('recorded events', () => {
  it('map every field, with the event position', () => {
    expect(fromEsdbEvent({ event: esdbEvent(), commitPosition: 1200n })).toEqual({
      id: '6f1c1e49-5a55-4b7c-9d3e-2f9e5b0f1a11',
      streamId: 'section-1',
      revision: 3n,
      position: { commit: 1200n, prepare: 1100n },
      type: 'InstructorAssigned',
      data: { instructorId: 'u-1' },
      metadata: { actorId: 'u-9', correlationId: 'c-1' },
      createdAt: created,
    });
  });

  it('fall back to the commit position from servers before 22.6', () => {
    const event = esdbEvent();
    delete event.position;
    expect(fromEsdbEvent({ event, commitPosition: 77n })?.position).toEqual({
      commit: 77n,
      prepare: 77n,
    });
    expect(() => fromEsdbEvent({ event })).toThrow(/position/);
  });

  it('give empty metadata when it is absent or not a JSON object', () => {
    expect(fromEsdbEvent({ event: esdbEvent({ metadata: undefined }) })?.metadata).toEqual({});
    expect(fromEsdbEvent({ event: esdbEvent({ metadata: ['a'] }) })?.metadata).toEqual({});
    expect(fromEsdbEvent({ event: esdbEvent({ metadata: 'text' }) })?.metadata).toEqual({});
  });

  it('skip system events and unresolved links', () => {
    expect(isSystemEventType('$>')).toBe(true);
    expect(isSystemEventType('$metadata')).toBe(true);
    expect(isSystemEventType('InstructorAssigned')).toBe(false);
    expect(fromEsdbEvent({ event: esdbEvent({ type: '$statsCollected' }) })).toBeNull();
    expect(fromEsdbEvent({ commitPosition: 5n })).toBeNull();
  });
});

describe('filters', () => {
  const event = { type: 'InstructorAssigned', streamId: 'section-42' };

  it('match exactly on event types and on stream prefixes, both when both are given', () => {
    expect(matchesFilter(event)).toBe(true);
    expect(matchesFilter(event, {})).toBe(true);
    expect(matchesFilter(event, { eventTypes: ['InstructorAssigned'] })).toBe(true);
    expect(matchesFilter(event, { eventTypes: ['Instructor'] })).toBe(false);
    expect(matchesFilter(event, { eventTypes: [] })).toBe(false);
    expect(matchesFilter(event, { streamPrefixes: ['course-', 'section-'] })).toBe(true);
    expect(matchesFilter(event, { streamPrefixes: ['course-'] })).toBe(false);
    expect(
      matchesFilter(event, { eventTypes: ['InstructorAssigned'], streamPrefixes: ['course-'] }),
    ).toBe(false);
  });

  it('send the server an anchored event-type regex, else stream prefixes, else no system events', () => {
    const byType = toEsdbFilter({
      eventTypes: ['A.B', 'C'],
      streamPrefixes: ['section-'],
    }) as RegexFilter;
    expect(byType).toEqual(eventTypeFilter({ regex: '^(?:A\\.B|C)$' }));
    expect(byType.filterOn).toBe(EVENT_TYPE);
    const regex = new RegExp(byType.regex);
    expect(['A.B', 'C'].map((t) => regex.test(t))).toEqual([true, true]);
    expect(['AxB', 'CC', 'A.B2', '$>'].map((t) => regex.test(t))).toEqual([
      false,
      false,
      false,
      false,
    ]);

    const byStream = toEsdbFilter({ streamPrefixes: ['section-', 'course-'] });
    expect(byStream).toEqual(streamNameFilter({ prefixes: ['section-', 'course-'] }));
    expect(byStream.filterOn).toBe(STREAM_NAME);

    expect(toEsdbFilter()).toEqual(excludeSystemEvents());
    expect(toEsdbFilter({ eventTypes: [] })).toEqual(excludeSystemEvents());
  });
});

describe('errors', () => {
  it('turn the client wrong-expected-version into ours, with the actual state', () => {
    const revision = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'section-1',
      expected: 3n,
      current: 5n,
    });
    const mapped = toPortError(revision, { streamId: 'section-1', expectedState: 3n });
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ streamId: 'section-1', expectedState: 3n, actualState: 5n });

    const absent = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'section-2',
      expected: STREAM_EXISTS,
      current: NO_STREAM,
    });
    expect(toPortError(absent, { streamId: 'section-2' })).toMatchObject({
      name: 'WrongExpectedVersionError',
      expectedState: 'stream_exists',
      actualState: 'no_stream',
    });
  });

  it('turn stream-not-found, and stream-deleted on reads, into StreamNotFoundError', () => {
    const notFound = toPortError(new EsdbStreamNotFoundError(undefined, 'course-9'), {
      streamId: 'course-9',
    });
    expect(notFound).toBeInstanceOf(StreamNotFoundError);
    expect(notFound).toMatchObject({ streamId: 'course-9' });
    const deleted = EsdbStreamDeletedError.fromStreamName('course-9');
    expect(toPortError(deleted, { streamId: 'course-9', reading: true })).toBeInstanceOf(
      StreamNotFoundError,
    );
    expect(toPortError(deleted, { streamId: 'course-9', expectedState: 'any' })).toBe(deleted);
  });

  it('pass anything else through unchanged', () => {
    const unavailable = new EsdbUnavailableError(undefined, 'down');
    expect(toPortError(unavailable, { streamId: 's' })).toBe(unavailable);
    const plain = new Error('boom');
    expect(toPortError(plain, { streamId: 's' })).toBe(plain);
    expect(toPortError('text', { streamId: 's' })).toBe('text');
  });
});
