import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  useGetAcademicPeriodChoicesQuery,
  useGetActiveAcademicPeriodQuery,
} from '../../../lib/api/sessionApi.js';
import type { ReferenceOption } from '../../../lib/api/resourceApi.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';

export interface PeriodChoices {
  /** The viewer's working period (the default of every period picker here), once known. */
  workingPeriodId: string | null;
  workingPeriodLoaded: boolean;
  /** Every period, newest first, for those who may list them; else the working period alone. */
  options: ReferenceOption[];
}

/**
 * The periods the instructor pages pick from. Only users who read AcademicPeriod list them (a
 * refused read would invalidate the auth context); the others get their working period alone.
 */
export function usePeriodChoices(): PeriodChoices {
  const ability = useSignedInAbility();
  const readsPeriods = ability?.can('read', 'AcademicPeriod') ?? false;
  const working = useGetActiveAcademicPeriodQuery(ability ? undefined : skipToken);
  const periods = useGetAcademicPeriodChoicesQuery(readsPeriods ? undefined : skipToken);
  return useMemo(() => {
    const workingPeriod = working.data ?? null;
    const options = periods.data
      ? periods.data.rows.map((p) => ({ value: p.id, label: p.name }))
      : workingPeriod
        ? [{ value: workingPeriod.id, label: workingPeriod.name }]
        : [];
    return {
      workingPeriodId: workingPeriod?.id ?? null,
      workingPeriodLoaded: !working.isLoading && !working.isUninitialized,
      options,
    };
  }, [working.data, working.isLoading, working.isUninitialized, periods.data]);
}
