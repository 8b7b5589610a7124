import { Spinner } from '@blueprintjs/core';

/** Spec §2: what long operations show while they run. */
export const PROCESSING_DATA = 'Processing Data...';
export const PROCESSING_COMPLEX_DATA = 'Processing Complex Data. This May Take a While...';

export function ProcessingMessage({ complex = false }: { complex?: boolean }) {
  return (
    <div className="allot-processing" role="status" aria-live="polite">
      <Spinner size={20} aria-hidden />
      <span>{complex ? PROCESSING_COMPLEX_DATA : PROCESSING_DATA}</span>
    </div>
  );
}
