/** Workgroup permission bits (spec §6): approve = 1, assign = 2. */
export const APPROVE_BIT = 1;
export const ASSIGN_BIT = 2;
/** What a member row or reference shows when its user no longer exists (spec). */
export const MISSING_MEMBER_LABEL = 'Error!!';
