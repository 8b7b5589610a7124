import { Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useEffect } from 'react';
import { dismiss, notify } from './notify.js';

/** Spec §2: the two messages long operations show. */
export const PROCESSING_DATA = 'Processing Data...';
export const PROCESSING_COMPLEX_DATA = 'Processing Complex Data. This May Take a While...';

export interface ProcessingOptions {
  /** Operations known to run long (imports, cloning, big reports) say so. */
  complex?: boolean;
}

let nextKey = 0;

/**
 * Shows the processing message until the returned `done` is called. Each operation has its own
 * toast, so two operations at once each end their own.
 */
export function startProcessing({ complex = false }: ProcessingOptions = {}): () => void {
  const key = `processing-${String(nextKey++)}`;
  const shown = notify({
    key,
    intent: Intent.PRIMARY,
    timeout: 0,
    message: (
      <span className="allot-processing-toast" role="status">
        <Spinner size={SpinnerSize.SMALL} aria-hidden />
        {complex ? PROCESSING_COMPLEX_DATA : PROCESSING_DATA}
      </span>
    ),
  });
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    void shown.then(() => dismiss(key));
  };
}

/** Runs `work` while the processing message shows; the message goes however the work ends. */
export async function withProcessing<T>(
  work: () => Promise<T>,
  options: ProcessingOptions = {},
): Promise<T> {
  const done = startProcessing(options);
  try {
    return await work();
  } finally {
    done();
  }
}

/** The processing message while `active` (e.g. a mutation's isLoading). */
export function useProcessingMessage(active: boolean, options: ProcessingOptions = {}): void {
  const { complex = false } = options;
  useEffect(() => {
    if (!active) return undefined;
    return startProcessing({ complex });
  }, [active, complex]);
}
