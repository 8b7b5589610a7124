import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  useGetAcademicPeriodChoicesQuery,
  useGetActiveAcademicPeriodQuery,
} from '../../../lib/api/sessionApi.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { useReportPeriodsQuery } from '../api/reportsApi.js';

export interface ReportPeriods {
  /** The viewer's working period, the default of a period-scoped report. */
  workingPeriodId: string | null;
  /** The periods the viewer may pick, newest first: every one a report may read. */
  options: { value: string; label: string }[];
}

/**
 * The periods a report may read. Who may list periods asks the periods list; who may not (a
 * reporting user: a refused read would invalidate the auth context) asks the reports' own list.
 */
export function useReportPeriods(): ReportPeriods {
  const ability = useSignedInAbility();
  const listsPeriods = ability?.can('read', 'AcademicPeriod') ?? false;
  const working = useGetActiveAcademicPeriodQuery(ability ? undefined : skipToken);
  const listed = useGetAcademicPeriodChoicesQuery(listsPeriods ? undefined : skipToken);
  const readable = useReportPeriodsQuery(ability && !listsPeriods ? undefined : skipToken);
  const rows = listsPeriods ? listed.data?.rows : readable.data?.rows;
  return useMemo(() => {
    const current = working.data ?? null;
    const options = rows
      ? rows.map((p) => ({ value: p.id, label: p.name }))
      : current
        ? [{ value: current.id, label: current.name }]
        : [];
    return { workingPeriodId: current?.id ?? null, options };
  }, [working.data, rows]);
}
