import type { WorkgroupPermission } from './types.js';

/** Workgroup permission bits (spec §6); no other bit exists (a workgroup refuses one). */
export const APPROVE_BIT = 1;
export const ASSIGN_BIT = 2;
/** Department review: the only progress step at which the bits grant anything (DESIGN §7). */
export const REVIEW_PROGRESS_STEP_ID = 6;

export function workgroupIdsWithBit(
  permissions: readonly WorkgroupPermission[],
  bit: number,
): string[] {
  return permissions.filter((p) => (p.permission & bit) === bit).map((p) => p.id);
}
