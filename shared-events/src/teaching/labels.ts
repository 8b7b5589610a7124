import type { CoverageStatus } from './workload.js';
// The browser entry exports these labels: the value lists come from readApi's pure mirrors
// (readApi.test.ts checks they equal the domain's), not from modules that reach rrule.
import type { ASSIGNMENT_STATUS_VALUES, WEEKDAY_VALUES } from '../readApi/common.js';
import type { PREFERENCE_STATUS_VALUES } from '../readApi/dashboard.js';
import type { APPROVAL_STATUS_VALUES } from '../readApi/approvals.js';
import type { PREFERENCE_LEVEL_VALUES } from '../readApi/preferences.js';

type AssignmentStatus = (typeof ASSIGNMENT_STATUS_VALUES)[number];
type PreferenceLevel = (typeof PREFERENCE_LEVEL_VALUES)[number];
type SubmissionStatus = (typeof PREFERENCE_STATUS_VALUES)[number];
type ApprovalStatus = (typeof APPROVAL_STATUS_VALUES)[number];

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

/** A workgroup's work at a progress step (the dashboard's grid, the reports' chart). */
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  pending: 'Not submitted',
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
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

/** A meeting's days as people read them ("Tue Thu"). */
export const WEEKDAY_LABELS: Readonly<Record<(typeof WEEKDAY_VALUES)[number], string>> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
