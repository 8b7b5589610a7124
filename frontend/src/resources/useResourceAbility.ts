import { useMemo } from 'react';
import { defineAbilityFor, type AppAbility } from '@allot/shared-events/browser';
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
export function canUpdateSubject(ability: AppAbility | null, subject: string): boolean {
  const loose = ability as unknown as { can(action: string, subject: string): boolean } | null;
  return loose?.can('update', subject) ?? false;
}

/** Whether the working user may write `field` (`Top.sub`: its top field) of `subject`. */
export function canSetField(
  ability: AppAbility | null,
  action: 'create' | 'update',
  subject: string,
  field: string,
): boolean {
  const loose = ability as unknown as {
    can(action: string, subject: string, field?: string): boolean;
  } | null;
  return loose?.can(action, subject, field.split('.')[0]) ?? false;
}

export function permissionsFor(ability: AppAbility | null, subject: string): ResourcePermissions {
  // The server checks `delete` by name (covered by `manage`), though Action does not list it.
  const loose = ability as unknown as { can(action: string, subject: string): boolean } | null;
  const can = (action: 'read' | 'create' | 'update' | 'delete') =>
    loose?.can(action, subject) ?? false;
  return { read: can('read'), create: can('create'), update: can('update'), delete: can('delete') };
}
