import { Intent, Tag } from '@blueprintjs/core';
import { AppTooltip } from '../AppTooltip.js';
import type { PreferenceAlignmentView } from '../../lib/domain/sectionTypes.js';

/** The alignment score as a coloured tag; its reasons on hover and to screen readers. */
export function AlignmentTag({ alignment }: { alignment: PreferenceAlignmentView | null }) {
  if (!alignment) return <span className="bp6-text-muted">—</span>;
  const intent = alignment.blocked
    ? Intent.DANGER
    : alignment.score >= 80
      ? Intent.SUCCESS
      : alignment.score >= 60
        ? Intent.NONE
        : Intent.WARNING;
  const why = alignment.reasons.map((r) => r.message).join(' ');
  return (
    <AppTooltip content={<div style={{ maxWidth: 320 }}>{why}</div>}>
      <Tag minimal intent={intent} aria-label={`Alignment ${alignment.score}: ${why}`}>
        {alignment.blocked ? 'Blocked' : Math.round(alignment.score)}
      </Tag>
    </AppTooltip>
  );
}
