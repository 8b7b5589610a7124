import { Button } from '@blueprintjs/core';
import { count } from '../../lib/domain/counting.js';

/**
 * Paging of a newest-first history (import runs, effort imports): Newer and Older around "21–40
 * of 73"; nothing while everything fits on one page.
 */
export function NewerOlder({
  skip,
  pageSize,
  total,
  onSkip,
}: {
  skip: number;
  pageSize: number;
  total: number;
  onSkip: (skip: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <div className="allot-import-pages">
      <Button
        small
        text="Newer"
        disabled={skip === 0}
        onClick={() => onSkip(Math.max(0, skip - pageSize))}
      />
      <span>
        {count(skip + 1)}–{count(Math.min(skip + pageSize, total))} of {count(total)}
      </span>
      <Button
        small
        text="Older"
        disabled={skip + pageSize >= total}
        onClick={() => onSkip(skip + pageSize)}
      />
    </div>
  );
}
