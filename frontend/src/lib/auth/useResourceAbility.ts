import { useMemo } from 'react';
import { defineAbilityFor, type AppAbility, type SubjectName } from '@allot/shared-events/browser';
import { useGetAuthQuery, type AuthContext } from '../api/sessionApi.js';

/** The working user's abilities, built by the same rules as the server's; null when signed out. */
export function abilityFromAuth(auth: AuthContext | undefined): AppAbility | null {
  if (!auth?.authenticatedUserId) return null;
  const workingUserId = auth.workingUserId ?? auth.authenticatedUserId;
  return defineAbilityFor({
    userId: workingUserId,
    roles: auth.Roles.map((role) => role.slug),
    workgroupPermissions: auth.workgroupPermissions,
    featureFlags: auth.FeatureFlags,
    mode: auth.mode,
    progressStepId: auth.progressStepId,
    masquerading: workingUserId !== auth.authenticatedUserId,
  });
}

export function useResourceAbility(): AppAbility | null {
  const { data } = useGetAuthQuery();
  return useMemo(() => abilityFromAuth(data), [data]);
}

export interface ResourcePermissions {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** Whether the working user may update `subject` (field-level editing, e.g. FinancialData). */
export function canUpdateSubject(ability: AppAbility | null, subject: SubjectName): boolean {
  return ability?.can('update', subject) ?? false;
}

/** Whether the working user may write `field` (`Top.sub`: its top field) of `subject`. */
export function canSetField(
  ability: AppAbility | null,
  action: 'create' | 'update',
  subject: SubjectName,
  field: string,
): boolean {
  return ability?.can(action, subject, field.split('.')[0]) ?? false;
}

export function permissionsFor(
  ability: AppAbility | null,
  subject: SubjectName,
): ResourcePermissions {
  const can = (action: 'read' | 'create' | 'update' | 'delete') =>
    ability?.can(action, subject) ?? false;
  return { read: can('read'), create: can('create'), update: can('update'), delete: can('delete') };
}
