import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Action, AppAbility, SubjectName } from '@allot/shared-events/browser';
import {
  useGetAcademicPeriodChoicesQuery,
  useGetActiveAcademicPeriodQuery,
} from '../api/sessionApi.js';
import { useReferenceOptionsQuery, type ReferenceOption } from '../api/resourceApi.js';
import { useSignedInAbility } from '../auth/useAbility.js';

const can = (ability: AppAbility | null, action: Action, subject: SubjectName) =>
  ability?.can(action, subject) ?? false;

export interface TeachingChoices {
  ability: AppAbility | null;
  /** The working period (the default period filter), once known. */
  workingPeriodId: string | null;
  workingPeriodLoaded: boolean;
  periods: ReferenceOption[];
  /** Null when the user may not list workgroups (the filter is then left out). */
  workgroups: ReferenceOption[] | null;
  /** Names of terms and teaching modes, where the user may read them (term-mode labels). */
  terms: ReferenceOption[];
  teachingModes: ReferenceOption[];
  /** Room codes, or null when the user may not list locations. */
  locations: ReferenceOption[] | null;
}

/**
 * The lists the teaching pages pick from. Each is asked only of users who may read it (a refused
 * read would invalidate the auth context, spec §6): others get what the section rows carry.
 */
export function useTeachingChoices(): TeachingChoices {
  const ability = useSignedInAbility();
  const readsPeriods = can(ability, 'read', 'AcademicPeriod');
  const readsWorkgroups = can(ability, 'read', 'Workgroup');
  // Offerings name terms and teaching modes: who edits offerings may list their names.
  const readsModes =
    can(ability, 'read', 'Configuration') || can(ability, 'update', 'CourseOffering');
  const readsLocations = can(ability, 'read', 'Location');
  const working = useGetActiveAcademicPeriodQuery(ability ? undefined : skipToken);
  const periods = useGetAcademicPeriodChoicesQuery(readsPeriods ? undefined : skipToken);
  const workgroups = useReferenceOptionsQuery(
    readsWorkgroups ? { path: 'workgroups', labelField: 'name', activeOnly: false } : skipToken,
  );
  const terms = useReferenceOptionsQuery(
    readsPeriods ? { path: 'academicTerms', labelField: 'name', activeOnly: false } : skipToken,
  );
  const modes = useReferenceOptionsQuery(
    readsModes ? { path: 'teachingModes', labelField: 'name', activeOnly: false } : skipToken,
  );
  const locations = useReferenceOptionsQuery(
    readsLocations ? { path: 'locations', labelField: 'code', activeOnly: false } : skipToken,
  );
  return useMemo(() => {
    const workingPeriod = working.data ?? null;
    const periodOptions = periods.data
      ? periods.data.rows.map((p) => ({ value: p.id, label: p.name }))
      : workingPeriod
        ? [{ value: workingPeriod.id, label: workingPeriod.name }]
        : [];
    return {
      ability,
      workingPeriodId: workingPeriod?.id ?? null,
      workingPeriodLoaded: !working.isLoading && !working.isUninitialized,
      periods: periodOptions,
      workgroups: readsWorkgroups ? (workgroups.data ?? []) : null,
      terms: terms.data ?? [],
      teachingModes: modes.data ?? [],
      locations: readsLocations ? (locations.data ?? []) : null,
    };
  }, [
    ability,
    working.data,
    working.isLoading,
    working.isUninitialized,
    periods.data,
    readsWorkgroups,
    workgroups.data,
    terms.data,
    modes.data,
    readsLocations,
    locations.data,
  ]);
}

export function labelOf(options: readonly ReferenceOption[] | null, id: string | null | undefined) {
  if (!id) return null;
  return options?.find((o) => o.value === id)?.label ?? null;
}

/** "Fall 2026 · In person", from whatever names the user may read. */
export function termModeLabel(
  termMode: { AcademicTermId: string; TeachingModeId: string } | null,
  choices: Pick<TeachingChoices, 'terms' | 'teachingModes'>,
): string {
  if (!termMode) return '—';
  const term = labelOf(choices.terms, termMode.AcademicTermId);
  const mode = labelOf(choices.teachingModes, termMode.TeachingModeId);
  if (!term && !mode) return 'Set';
  return [term ?? '…', mode ?? '…'].join(' · ');
}
