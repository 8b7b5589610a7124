import type { z } from 'zod';
import { sectionCommandSchemas as command } from './commands.js';

/*
 * The section write routes' JSON bodies: each command without what the path gives (the section,
 * assignment or meeting id) and what the server decides (a new assignment's id, the approval's
 * level). Zod only, so the browser entry exports them and the frontend sends what they accept.
 */

/** PUT /api/sections/:id/meetings. */
export const SetMeetingsBody = command.SetMeetings.omit({ id: true });
export type SetMeetingsBody = z.input<typeof SetMeetingsBody>;

/** POST /api/sections/:id/meetings/:meetingId/move. */
export const MoveMeetingBody = command.MoveMeeting.omit({ id: true, meetingId: true });
export type MoveMeetingBody = z.input<typeof MoveMeetingBody>;

/** POST /api/sections/:id/assignments. */
export const AssignInstructorBody = command.AssignInstructor.omit({
  id: true,
  assignmentId: true,
});
export type AssignInstructorBody = z.input<typeof AssignInstructorBody>;

/** PUT /api/sections/:id/assignments/:assignmentId. */
export const ChangeAssignmentBody = command.ChangeAssignment.omit({
  id: true,
  assignmentId: true,
});
export type ChangeAssignmentBody = z.input<typeof ChangeAssignmentBody>;

/** POST /api/sections/:id/assignments/:assignmentId/withdraw. */
export const WithdrawAssignmentBody = command.WithdrawAssignment.omit({
  id: true,
  assignmentId: true,
});
export type WithdrawAssignmentBody = z.input<typeof WithdrawAssignmentBody>;

/** …/approve and …/finalize: the route gives the level, so the body is empty. */
export const ApproveAssignmentBody = command.ApproveAssignment.omit({
  id: true,
  assignmentId: true,
  level: true,
});
export type ApproveAssignmentBody = z.input<typeof ApproveAssignmentBody>;
