import { z } from 'zod';
import { PROGRESS_ACTIONS } from './commands.js';

/**
 * Workgroup approval per progress step (DOMAIN.md: pending → submitted → approved / returned,
 * returned → submitted …). One stream per workgroup and step:
 * `workgroupApproval-<WorkgroupId>-<ProgressStepId>`; each transition is a progress action.
 */
export const APPROVAL_STATUSES = ['pending', 'submitted', 'approved', 'returned'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const id = z.string().trim().min(1).max(100);

export const ProgressActionRecorded = z.object({
  id,
  WorkgroupId: id,
  ProgressStepId: id,
  AcademicPeriodId: id,
  stepId: z.number().int(),
  action: z.enum(PROGRESS_ACTIONS),
  from: z.enum(APPROVAL_STATUSES),
  status: z.enum(APPROVAL_STATUSES),
  comment: z.string().max(2000).nullable(),
});
export type ProgressActionRecorded = z.infer<typeof ProgressActionRecorded>;

export const approvalEventSchemas = { ProgressActionRecorded } as const;
export type ApprovalEvent = { type: 'ProgressActionRecorded'; data: ProgressActionRecorded };

export const workgroupApprovalStreamId = (WorkgroupId: string, ProgressStepId: string) =>
  `workgroupApproval-${WorkgroupId}-${ProgressStepId}`;
