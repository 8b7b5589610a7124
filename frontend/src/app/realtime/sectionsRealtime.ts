import type { UnknownAction } from '@reduxjs/toolkit';
import { refreshAfterResourceWrite } from '../../lib/api/cacheRefresh.js';
import { sectionsApi } from '../../lib/api/sectionsApi.js';

/**
 * What another user's section change (`sectionsChanged`, docs/decisions.md 12) makes stale: the
 * section lists and details and the schedules (both carry the sections list tag), the offerings
 * (spec §7: a section write refreshes its offering), and the named sections' histories — every
 * history when the event names none (a large import).
 */
export function sectionsChangedAction(sectionIds: readonly string[] | null): UnknownAction {
  return sectionsApi.util.invalidateTags([
    { type: 'ResourceList', id: 'sections' },
    { type: 'TeachingAssignments', id: 'SCHEDULE' },
    ...refreshAfterResourceWrite('sections'),
    ...(sectionIds
      ? sectionIds.map((id) => ({ type: 'SectionHistory' as const, id }))
      : ['SectionHistory' as const]),
  ]);
}
