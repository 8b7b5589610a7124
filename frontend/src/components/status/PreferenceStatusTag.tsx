import { Intent, Tag } from '@blueprintjs/core';
import type { SubmissionStatus } from '../../lib/api/preferencesApi.js';

const SHOWN: Record<SubmissionStatus, [string, Intent]> = {
  notStarted: ['Not started', Intent.NONE],
  draft: ['Draft', Intent.WARNING],
  submitted: ['Submitted', Intent.SUCCESS],
  reopened: ['Reopened', Intent.PRIMARY],
};

/** A preference submission's status as a tag. */
export function StatusTag({ status }: { status: SubmissionStatus }) {
  const [label, intent] = SHOWN[status];
  return (
    <Tag intent={intent} minimal round>
      {label}
    </Tag>
  );
}
