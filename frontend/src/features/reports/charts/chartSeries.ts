import {
  APPROVAL_STATUS_LABELS,
  ASSIGNMENT_STATUS_LABELS,
  COVERAGE_LABELS,
  LOAD_LABELS,
} from '@allot/shared-events/browser';

/**
 * A series' colour by what it means, from Blueprint's palette: the shade 3 on the light theme,
 * the lighter shade 4 on the dark one (reportCharts.css), so both read on their background.
 */
export type Tone = 'good' | 'warn' | 'bad' | 'info' | 'neutral' | 'alt' | 'extra';

/**
 * The texture on top of the colour, so two series never differ by colour alone: the legend shows
 * the same swatch, and each segment carries its number.
 */
export type Texture = 'solid' | 'stripes' | 'dots' | 'cross';

export interface ChartSeries {
  /** The value of the report column the series counts (`over`), or the figure it shows. */
  key: string;
  label: string;
  tone: Tone;
  texture: Texture;
}

const series = (key: string, label: string, tone: Tone, texture: Texture): ChartSeries => ({
  key,
  label,
  tone,
  texture,
});

/** Instructors by load, in the order of the bar: too much, enough, too little. */
export const LOAD_SERIES: readonly ChartSeries[] = [
  series('over', LOAD_LABELS.over, 'bad', 'stripes'),
  series('within', LOAD_LABELS.within, 'good', 'solid'),
  series('under', LOAD_LABELS.under, 'warn', 'dots'),
];

/** Points required of and assigned to a workgroup's instructors, side by side. */
export const POINTS_SERIES: readonly ChartSeries[] = [
  series('required', 'Required', 'neutral', 'stripes'),
  series('assigned', 'Assigned', 'info', 'solid'),
];

/** Sections by coverage, from done to not begun; over-assigned last. */
export const COVERAGE_SERIES: readonly ChartSeries[] = [
  series('covered', COVERAGE_LABELS.covered, 'good', 'solid'),
  series('partial', COVERAGE_LABELS.partial, 'warn', 'dots'),
  series('uncovered', COVERAGE_LABELS.uncovered, 'bad', 'stripes'),
  series('over', COVERAGE_LABELS.over, 'extra', 'cross'),
];

/** Live (not withdrawn) assignments by approval status, in the order they move through. */
export const STATUS_SERIES: readonly ChartSeries[] = [
  series('proposed', ASSIGNMENT_STATUS_LABELS.proposed, 'neutral', 'dots'),
  series('reopened', ASSIGNMENT_STATUS_LABELS.reopened, 'alt', 'cross'),
  series('approved', ASSIGNMENT_STATUS_LABELS.approved, 'info', 'stripes'),
  series('final', ASSIGNMENT_STATUS_LABELS.final, 'good', 'solid'),
];

/** Live assignments by how well they meet the instructor's preferences. */
export const ALIGNMENT_SERIES: readonly ChartSeries[] = [
  series('aligned', 'Aligned', 'good', 'solid'),
  series('other', 'Other', 'neutral', 'dots'),
  series('blocked', 'Blocked', 'bad', 'stripes'),
];

export const valuesOf = (list: readonly ChartSeries[]) => list.map((s) => s.key);

/** Workgroups at a progress step by where their work stands, from done to not begun. */
export const STEP_SERIES: readonly ChartSeries[] = [
  series('approved', APPROVAL_STATUS_LABELS.approved, 'good', 'solid'),
  series('submitted', APPROVAL_STATUS_LABELS.submitted, 'info', 'stripes'),
  series('returned', APPROVAL_STATUS_LABELS.returned, 'bad', 'cross'),
  series('pending', APPROVAL_STATUS_LABELS.pending, 'neutral', 'dots'),
];
