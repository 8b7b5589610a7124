import type { ResourceDefinition } from '@allot/shared-events';

/**
 * Top-level fields only those who may `update` another subject change (ui `editSubject`, e.g. a
 * user's FinancialData → 'FinancialData'); `FinancialData.pointsRequired` counts for FinancialData.
 */
export function editSubjectsOf(definition: ResourceDefinition): ReadonlyMap<string, string> {
  const subjects = new Map<string, string>();
  for (const [key, field] of Object.entries(definition.ui?.fields ?? {})) {
    if (field.editSubject) subjects.set(key.split('.')[0] ?? key, field.editSubject);
  }
  return subjects;
}
