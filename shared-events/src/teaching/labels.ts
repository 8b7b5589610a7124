import type { CoverageStatus } from './workload.js';
import type { PreferenceLevel } from './alignment.js';
import type { AssignmentStatus } from './section/schemas.js';
import type { SubmissionStatus } from './preferences/schemas.js';

/**
 * How statuses read to people, declared once for every screen, report and export (a page that
 * re-states them drifts: "Not covered" in one place, "Uncovered" in another).
 */
export const ASSIGNMENT_STATUS_LABELS: Readonly<Record<AssignmentStatus, string>> = {
  proposed: 'Proposed',
  approved: 'Approved',
  final: 'Final',
  reopened: 'Reopened',
  withdrawn: 'Withdrawn',
};

export const COVERAGE_LABELS: Readonly<Record<CoverageStatus, string>> = {
  uncovered: 'Uncovered',
  partial: 'Partial',
  covered: 'Covered',
  over: 'Over',
};

/** UniTime's scale (DOMAIN.md), strongest wish first, as faculty read it. */
export const PREFERENCE_LEVEL_LABELS: Readonly<Record<PreferenceLevel, string>> = {
  required: 'Required',
  stronglyPreferred: 'Strongly preferred',
  preferred: 'Preferred',
  neutral: 'Neutral',
  discouraged: 'Discouraged',
  stronglyDiscouraged: 'Strongly discouraged',
  prohibited: 'Prohibited',
};

export const SUBMISSION_STATUS_LABELS: Readonly<Record<SubmissionStatus, string>> = {
  notStarted: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
  reopened: 'Reopened',
};
