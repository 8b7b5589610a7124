import { z } from 'zod';
import { PreferenceAlignmentAnswer } from './sections.js';

/** One ranked candidate to teach a section. */
export const SuggestedAssigneeAnswer = z.object({
  UserId: z.string(),
  name: z.string(),
  alignment: PreferenceAlignmentAnswer,
  /** Points still to assign after this section (required − assigned − the section's share). */
  remainingAfter: z.number(),
  required: z.number(),
  assigned: z.number(),
});
export type SuggestedAssigneeAnswer = z.infer<typeof SuggestedAssigneeAnswer>;

/** GET /api/sections/:id/suggestedAssignees: best first, and those a rule blocks. */
export const SuggestedAssigneesAnswer = z.object({
  SectionId: z.string(),
  /** How many faculty were considered. */
  candidates: z.number().int(),
  suggested: z.array(SuggestedAssigneeAnswer),
  blocked: z.array(SuggestedAssigneeAnswer),
});
export type SuggestedAssigneesAnswer = z.infer<typeof SuggestedAssigneesAnswer>;
