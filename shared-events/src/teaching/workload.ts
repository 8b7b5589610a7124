/** Points as shown and summed: two decimals, so thirds of a section add up predictably. */
export function roundPoints(points: number): number {
  return Math.round(points * 100) / 100;
}

export interface SectionPointSources {
  points?: number | null;
  defaultPoints?: number | null;
}

/** DOMAIN.md: `points` if set, else `defaultPoints`, else the course's credit hours (else 0). */
export function sectionPoints(
  section: SectionPointSources,
  courseCreditHours?: number | null,
): number {
  return section.points ?? section.defaultPoints ?? courseCreditHours ?? 0;
}

export interface ShareInput {
  id: string;
  /** Percent of the section (0–100]; null shares split what the explicit ones leave, equally. */
  share: number | null;
}

/**
 * Each assignment's share in percent. Explicit shares count as given; the others split the rest
 * equally (all equal when no one states a share, DOMAIN.md "default equal").
 */
export function sharesOf(assignments: readonly ShareInput[]): Map<string, number> {
  const explicit = assignments.filter((a) => a.share !== null);
  const open = assignments.filter((a) => a.share === null);
  const stated = explicit.reduce((sum, a) => sum + (a.share ?? 0), 0);
  const each = open.length > 0 ? Math.max(0, 100 - stated) / open.length : 0;
  return new Map(assignments.map((a) => [a.id, a.share ?? each]));
}

/** The points one instructor earns on a section for a share (percent). */
export function sharePoints(points: number, sharePercent: number): number {
  return roundPoints((points * sharePercent) / 100);
}

export type CoverageStatus = 'uncovered' | 'partial' | 'covered' | 'over';

export interface Coverage {
  status: CoverageStatus;
  /** Sum of the assignments' shares, percent. */
  shareTotal: number;
  assignedPoints: number;
  /** Assigned points minus section points: negative when short, positive when over. */
  variance: number;
}

const SHARE_TOLERANCE = 0.01;

/** DOMAIN.md: covered when the assigned shares sum to 100 %; variance = assigned − section points. */
export function coverageOf(points: number, assignments: readonly ShareInput[]): Coverage {
  const shares = sharesOf(assignments);
  const shareTotal = roundPoints([...shares.values()].reduce((s, v) => s + v, 0));
  const assignedPoints = roundPoints(
    [...shares.values()].reduce((s, share) => s + (points * share) / 100, 0),
  );
  const status: CoverageStatus =
    assignments.length === 0 || shareTotal <= 0
      ? 'uncovered'
      : Math.abs(shareTotal - 100) < SHARE_TOLERANCE
        ? 'covered'
        : shareTotal < 100
          ? 'partial'
          : 'over';
  return { status, shareTotal, assignedPoints, variance: roundPoints(assignedPoints - points) };
}

export interface InstructorWorkloadInput {
  /** FinancialData.pointsRequired for the period; null when not known (treated as 0). */
  pointsRequired: number | null;
  /** Points of each teaching share and administrative assignment in the period. */
  items: readonly { points: number }[];
  /** Under-loading means something only once the assignment step is over (DOMAIN.md). */
  assignmentStepClosed: boolean;
}

export interface InstructorWorkload {
  required: number;
  assigned: number;
  remaining: number;
  overloaded: boolean;
  underloaded: boolean;
}

/** Per instructor and period: required, assigned (sum), remaining = required − assigned. */
export function instructorWorkload(input: InstructorWorkloadInput): InstructorWorkload {
  const required = input.pointsRequired ?? 0;
  const assigned = roundPoints(input.items.reduce((sum, item) => sum + item.points, 0));
  const remaining = roundPoints(required - assigned);
  return {
    required,
    assigned,
    remaining,
    overloaded: remaining < 0,
    underloaded: remaining > 0 && input.assignmentStepClosed,
  };
}
