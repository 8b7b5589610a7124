import { describe, expect, it } from '@jest/globals';
import type { AlignmentInstructor, AlignmentSection } from './alignment.js';
import { suggestAssignees, type CandidateInput } from './suggestions.js';

const section: AlignmentSection = {
  CourseId: 'math101',
  assignmentType: 'lecture',
  AcademicTermId: 'fall',
  TeachingModeId: 'inPerson',
  wantedAttributes: [],
  meetings: [],
  points: 3,
};
const instructor = (pointsAssigned: number): AlignmentInstructor => ({
  attributes: [],
  unavailable: [],
  pointsRequired: 12,
  pointsMax: 15,
  pointsAssigned,
  wholeTermLeaves: [],
});
const candidate = (
  UserId: string,
  level: CandidateInput['preferences'][number]['level'] | null,
  pointsAssigned = 0,
  meetingConflicts = 0,
): CandidateInput => ({
  UserId,
  instructor: instructor(pointsAssigned),
  preferences: level ? [{ id: `${UserId}-p`, level, CourseId: 'math101' }] : [],
  meetingConflicts,
});

describe('suggestAssignees', () => {
  it('ranks by alignment score, then by the points still to assign', () => {
    const { suggested } = suggestAssignees(section, [
      candidate('neutral-busy', null, 9),
      candidate('keen', 'stronglyPreferred', 6),
      candidate('neutral-free', null, 0),
      candidate('reluctant', 'discouraged'),
    ]);
    expect(suggested.map((s) => [s.UserId, s.alignment.score, s.remainingAfter])).toEqual([
      ['keen', 100, 3],
      ['neutral-free', 75, 9],
      ['neutral-busy', 75, 0],
      ['reluctant', 68.8, 9],
    ]);
    expect(suggested[0]?.alignment.reasons[0]?.message).toBe(
      'The instructor marked this course strongly preferred.',
    );
  });

  it('never suggests a blocked candidate, and says why each is blocked', () => {
    const result = suggestAssignees(section, [
      candidate('ok', null),
      candidate('prohibited', 'prohibited'),
      candidate('double-booked', 'stronglyPreferred', 0, 1),
      candidate('full', null, 14),
    ]);
    expect(result.suggested.map((s) => s.UserId)).toEqual(['ok']);
    expect(result.blocked.map((s) => [s.UserId, s.alignment.reasons.map((r) => r.code)])).toEqual([
      ['double-booked', ['meetingConflict']],
      ['prohibited', ['prohibited']],
      ['full', ['aboveMaximum']],
    ]);
  });
});
