import type { AppAbility, SubjectName } from '@allot/shared-events/browser';

/* What the working user may do with a kind of record and its fields; the ability is useAbility's. */

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
