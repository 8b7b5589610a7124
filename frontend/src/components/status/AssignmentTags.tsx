import { Intent, Tag } from '@blueprintjs/core';
import { ASSIGNMENT_STATUS_LABELS } from '@allot/shared-events/browser';
import type { AssignmentStatus, Coverage } from '../../lib/domain/sectionTypes.js';
import '../list/components.css';

const STATUS_INTENT: Record<AssignmentStatus, Intent> = {
  proposed: Intent.PRIMARY,
  approved: Intent.SUCCESS,
  final: Intent.SUCCESS,
  reopened: Intent.WARNING,
  withdrawn: Intent.NONE,
};

export function statusLabel(status: AssignmentStatus): string {
  return ASSIGNMENT_STATUS_LABELS[status];
}

/** An assignment's status: proposed (blue), approved/final (green), reopened (orange), withdrawn. */
export function StatusTag({ status }: { status: AssignmentStatus }) {
  return (
    <Tag
      minimal={status !== 'final'}
      intent={STATUS_INTENT[status]}
      icon={status === 'final' ? 'lock' : undefined}
    >
      {ASSIGNMENT_STATUS_LABELS[status]}
    </Tag>
  );
}

const COVERAGE_INTENT: Record<Coverage['status'], Intent> = {
  uncovered: Intent.DANGER,
  partial: Intent.WARNING,
  covered: Intent.SUCCESS,
  over: Intent.WARNING,
};
const COVERAGE_LABEL: Record<Coverage['status'], string> = {
  uncovered: 'Uncovered',
  partial: 'Partial',
  covered: 'Covered',
  over: 'Over',
};

export function coverageLabel(status: Coverage['status']): string {
  return COVERAGE_LABEL[status];
}

/** Variance as a person reads it: +1.5, −3, 0. */
export function signed(value: number): string {
  if (value === 0) return '0';
  return value > 0 ? `+${String(value)}` : `−${String(Math.abs(value))}`;
}

/** A section's coverage: its status coloured, and the variance (assigned minus section points). */
export function CoverageTag({ coverage }: { coverage: Coverage | null }) {
  if (!coverage) return <span className="allot-teaching-muted">—</span>;
  const label = COVERAGE_LABEL[coverage.status];
  return (
    <Tag
      minimal
      intent={COVERAGE_INTENT[coverage.status]}
      title={`${label}: ${String(coverage.shareTotal)} % assigned, variance ${signed(coverage.variance)} points`}
    >
      {label} {coverage.status === 'covered' ? '' : signed(coverage.variance)}
    </Tag>
  );
}
