import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  useGetAcademicPeriodChoicesQuery,
  useGetActiveAcademicPeriodQuery,
} from '../../../lib/api/sessionApi.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';

export interface ReportPeriods {
  /** The viewer's working period, the default of a period-scoped report. */
  workingPeriodId: string | null;
  /** The periods the viewer may pick: every one for who may list them, else the working one. */
  options: { value: string; label: string }[];
}

/**
 * The periods a report may read. The list is asked only of those who may read periods (a refused
 * read would invalidate the auth context); a reporting user reads the working period.
 */
export function useReportPeriods(): ReportPeriods {
  const ability = useSignedInAbility();
  const listsPeriods = ability?.can('read', 'AcademicPeriod') ?? false;
  const working = useGetActiveAcademicPeriodQuery(ability ? undefined : skipToken);
  const periods = useGetAcademicPeriodChoicesQuery(listsPeriods ? undefined : skipToken);
  return useMemo(() => {
    const current = working.data ?? null;
    const options = periods.data
      ? periods.data.rows.map((p) => ({ value: p.id, label: p.name }))
      : current
        ? [{ value: current.id, label: current.name }]
        : [];
    return { workingPeriodId: current?.id ?? null, options };
  }, [working.data, periods.data]);
}
