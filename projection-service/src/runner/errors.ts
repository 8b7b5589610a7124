import { positionToToken, type RecordedEvent } from '@allot/shared-events';

/** An event type this code does not know: the projection stops rather than skip it silently. */
export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(
    readonly projection: string,
    readonly event: Pick<RecordedEvent, 'id' | 'type' | 'streamId' | 'position'>,
  ) {
    super(
      `Projection ${projection} stopped at unknown event type "${event.type}" ` +
        `(event ${event.id}, stream ${event.streamId}, position ${positionToToken(event.position)}); ` +
        'deploy code that knows this type, then restart the projection',
    );
  }
}

/** Another writer (a second runner, a replay switch, a rewind) moved the checkpoint. */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
  constructor(readonly subscriptionId: string) {
    super(`Checkpoint of ${subscriptionId} was moved by another writer; reloading it`);
  }
}

/** The database holds tables of a newer version than this code builds. */
export class ProjectionVersionError extends Error {
  override readonly name = 'ProjectionVersionError';
}
