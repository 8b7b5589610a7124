import type { AcademicPeriod } from '../../lib/api/sessionApi.js';

/** Spec §7: periods by start date, newest first (ISO dates compare as text). */
export function byStartDateDesc(periods: readonly AcademicPeriod[]): AcademicPeriod[] {
  return [...periods].sort((a, b) =>
    a.startDate === b.startDate ? a.name.localeCompare(b.name) : a.startDate < b.startDate ? 1 : -1,
  );
}

/** The user's working period: their own choice when it still exists, else the system-active one. */
export function workingPeriodOf(
  periods: readonly AcademicPeriod[],
  workingId: string | null | undefined,
  systemActive: AcademicPeriod | null | undefined,
): AcademicPeriod | null {
  return periods.find((p) => p.id === workingId) ?? systemActive ?? null;
}
