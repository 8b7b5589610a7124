import {
  alignmentOf,
  type AlignmentInstructor,
  type AlignmentSection,
  type PreferenceAlignment,
  type TeachingPreferenceInput,
} from './alignment.js';
import { roundPoints } from './workload.js';

export interface CandidateInput {
  UserId: string;
  instructor: AlignmentInstructor;
  preferences: readonly TeachingPreferenceInput[];
  /** How many of the section's meetings overlap the candidate's other assignments. */
  meetingConflicts: number;
}

export interface Suggestion {
  UserId: string;
  alignment: PreferenceAlignment;
  /** Points still to assign after this section (required − assigned − the section's share). */
  remainingAfter: number;
}

export interface Suggestions {
  /** Best first: score, then most points still to assign, then id (stable). */
  suggested: Suggestion[];
  /** Never auto-suggested (DOMAIN.md), listed with the reasons that block them. */
  blocked: Suggestion[];
}

/**
 * Suggested assignees for a section (DESIGN §7): every candidate's alignment with its reasons,
 * ranked by score, then by remaining workload points; blocked candidates (a prohibition, a meeting
 * conflict, the maximum, a whole-term leave) come apart and are never suggested.
 */
export function suggestAssignees(
  section: AlignmentSection,
  candidates: readonly CandidateInput[],
): Suggestions {
  const all = candidates.map((c): Suggestion => {
    const alignment = alignmentOf({
      section,
      instructor: c.instructor,
      preferences: c.preferences,
      meetingConflicts: c.meetingConflicts,
    });
    const required = c.instructor.pointsRequired ?? 0;
    return {
      UserId: c.UserId,
      alignment,
      remainingAfter: roundPoints(required - c.instructor.pointsAssigned - section.points),
    };
  });
  const ranked = all.sort(
    (a, b) =>
      b.alignment.score - a.alignment.score ||
      b.remainingAfter - a.remainingAfter ||
      a.UserId.localeCompare(b.UserId),
  );
  return {
    suggested: ranked.filter((s) => !s.alignment.blocked),
    blocked: ranked.filter((s) => s.alignment.blocked),
  };
}
