import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type StreamAppend,
} from '@allot/shared-events';

/**
 * Appends to several streams, each on its own terms: what each append became, its result or the
 * WrongExpectedVersionError of its stream (any other error is thrown). Where the store appends to
 * several streams in one transaction (`appendToStreams`, PostgreSQL) that is one round trip and
 * one commit for all of them, again without a stream whose check failed; elsewhere each stream is
 * appended by itself, side by side.
 */
export async function appendSeveral(
  store: EventStore,
  appends: readonly StreamAppend[],
): Promise<(AppendResult | WrongExpectedVersionError)[]> {
  const outcomes = new Array<AppendResult | WrongExpectedVersionError>(appends.length);
  const appendToStreams = store.appendToStreams?.bind(store);
  if (!appendToStreams) {
    await Promise.all(
      appends.map(async (a, i) => {
        try {
          outcomes[i] = await store.appendToStream(a.streamId, a.events, a.options);
        } catch (err) {
          if (!(err instanceof WrongExpectedVersionError)) throw err;
          outcomes[i] = err;
        }
      }),
    );
    return outcomes;
  }
  let left = appends.map((append, i) => ({ append, i }));
  while (left.length > 0) {
    try {
      const results = await appendToStreams(left.map((l) => l.append));
      results.forEach((result, k) => {
        const entry = left[k];
        if (entry) outcomes[entry.i] = result;
      });
      break;
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      const failed = left.find((l) => l.append.streamId === err.streamId);
      if (!failed) throw err;
      outcomes[failed.i] = err;
      left = left.filter((l) => l !== failed);
    }
  }
  return outcomes;
}
