import { Spinner } from '@blueprintjs/core';

/** The circular indicator while a route is blocked (auth context, flags) or its page loads. */
export function PageSpinner() {
  return (
    <div className="allot-page-spinner" role="status" aria-label="Loading">
      <Spinner size={40} />
    </div>
  );
}
