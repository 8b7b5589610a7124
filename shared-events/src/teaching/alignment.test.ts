import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  alignmentOf,
  levelForRank,
  levelValue,
  PREFERENCE_LEVELS,
  type AlignmentInput,
  type TeachingPreferenceInput,
} from './alignment.js';
import { Meeting } from './meetings.js';

// Mondays 09:00–10:00 for four weeks: 240 minutes in all.
const mondays = Meeting.parse({
  id: 'm1',
  days: ['MO'],
  startTime: '09:00',
  endTime: '10:00',
  startDate: '2026-01-05',
  occurrences: 4,
  frequency: 'weekly',
});

function input(extra: Partial<AlignmentInput> = {}): AlignmentInput {
  return {
    section: {
      CourseId: 'math101',
      assignmentType: 'lecture',
      AcademicTermId: 'fall',
      TeachingModeId: 'inPerson',
      wantedAttributes: [],
      meetings: [mondays],
      points: 3,
    },
    instructor: {
      attributes: [],
      unavailable: [],
      pointsRequired: 12,
      pointsMax: 15,
      pointsAssigned: 6,
      wholeTermLeaves: [],
    },
    preferences: [],
    meetingConflicts: 0,
    ...extra,
  };
}
const pref = (extra: Partial<TeachingPreferenceInput>): TeachingPreferenceInput => ({
  id: 'p1',
  level: 'preferred',
  CourseId: 'math101',
  ...extra,
});

describe('alignmentOf', () => {
  it('scores 100 × (0.5·P + 0.2·A + 0.2·T + 0.1·L) with each term and its reason', () => {
    const result = alignmentOf(input({ preferences: [pref({ level: 'stronglyPreferred' })] }));
    expect(result).toMatchObject({
      score: 100,
      blocked: false,
      terms: {
        P: { value: 1, weight: 0.5, contribution: 50 },
        A: { value: 1, weight: 0.2, contribution: 20 },
        T: { value: 1, weight: 0.2, contribution: 20 },
        L: { value: 1, weight: 0.1, contribution: 10 },
      },
    });
    expect(result.reasons.map((r) => r.code)).toEqual([
      'coursePreference',
      'attributes',
      'availability',
      'load',
    ]);
    expect(result.reasons[0]).toMatchObject({
      preferenceId: 'p1',
      message: 'The instructor marked this course strongly preferred.',
    });
  });

  it('uses the DOMAIN.md value of each level, neutral without a preference', () => {
    const P = (level: TeachingPreferenceInput['level']) =>
      alignmentOf(input({ preferences: [pref({ level })] })).terms?.P.value;
    expect(P('stronglyPreferred')).toBe(1);
    expect(P('preferred')).toBe(0.625);
    expect(P('neutral')).toBe(0.5);
    expect(P('discouraged')).toBe(0.375);
    expect(P('stronglyDiscouraged')).toBe(0);
    const none = alignmentOf(input());
    expect(none.terms?.P.value).toBe(0.5);
    expect(none.reasons[0]?.code).toBe('noPreference');
    expect(none.score).toBe(75);
  });

  it('lets a course-level match beat an assignment-type match', () => {
    const typePref = pref({
      id: 'type',
      CourseId: null,
      assignmentType: 'lecture',
      level: 'stronglyDiscouraged',
    });
    const result = alignmentOf(input({ preferences: [typePref, pref({ id: 'course' })] }));
    expect(result.reasons[0]).toMatchObject({ code: 'coursePreference', preferenceId: 'course' });
    expect(result.terms?.P.value).toBe(0.625);
    const typeOnly = alignmentOf(input({ preferences: [typePref] }));
    expect(typeOnly.reasons[0]).toMatchObject({
      code: 'assignmentTypePreference',
      preferenceId: 'type',
    });
    expect(typeOnly.terms?.P.value).toBe(0);
  });

  it('gives half credit when the term or teaching mode differs', () => {
    const other = alignmentOf(
      input({ preferences: [pref({ level: 'stronglyPreferred', AcademicTermId: 'spring' })] }),
    );
    expect(other.terms?.P.value).toBe(0.75);
    expect(other.reasons[0]?.message).toContain('half credit');
    const mode = alignmentOf(
      input({ preferences: [pref({ level: 'stronglyDiscouraged', TeachingModeId: 'online' })] }),
    );
    expect(mode.terms?.P.value).toBe(0.25);
    // A preference for the right term wins over one for another term.
    const both = alignmentOf(
      input({
        preferences: [
          pref({ id: 'spring', level: 'stronglyPreferred', AcademicTermId: 'spring' }),
          pref({ id: 'fall', level: 'discouraged', AcademicTermId: 'fall' }),
        ],
      }),
    );
    expect(both.reasons[0]?.preferenceId).toBe('fall');
  });

  it('reads the same whatever order the preferences come in (equals are taken in id order)', () => {
    // Two preferences for the course in other terms: equal in rank, so the id decides.
    const spring = pref({ id: 'p1', level: 'stronglyPreferred', AcademicTermId: 'spring' });
    const summer = pref({ id: 'p2', level: 'discouraged', AcademicTermId: 'summer' });
    const one = alignmentOf(input({ preferences: [spring, summer] }));
    const other = alignmentOf(input({ preferences: [summer, spring] }));
    expect(other).toEqual(one);
    expect(one.reasons[0]).toMatchObject({ preferenceId: 'p1' });
  });

  it('scores attributes, availability and load', () => {
    const result = alignmentOf(
      input({
        section: { ...input().section, wantedAttributes: ['north', 'nursing', 'online'] },
        instructor: {
          ...input().instructor,
          attributes: ['north', 'nursing'],
          // 30 of each 60 minutes, twice covered: counted once.
          unavailable: [
            { day: 'MO', startTime: '09:30', endTime: '12:00' },
            { day: 'MO', startTime: '09:45', endTime: '10:30' },
            { day: 'TU', startTime: '09:00', endTime: '10:00' },
          ],
          pointsAssigned: 11,
        },
      }),
    );
    expect(result.terms?.A.value).toBe(0.667);
    expect(result.terms?.T.value).toBe(0.5);
    // 14 points after: 2 above the 12 required of a span of 3 to the maximum.
    expect(result.terms?.L.value).toBe(0.333);
    expect(result.score).toBe(round(100 * (0.5 * 0.5 + 0.2 * (2 / 3) + 0.2 * 0.5 + 0.1 * (1 / 3))));
    expect(result.reasons.find((r) => r.code === 'availability')?.message).toBe(
      "50% of the meeting time falls in the instructor's unavailable times.",
    );
    expect(result.reasons.find((r) => r.code === 'load')?.message).toBe(
      'With this assignment the instructor carries 14 points, above the 12 required.',
    );
    // Within: the points required and the points after are two figures, each named.
    const within = alignmentOf(input({ instructor: { ...input().instructor, pointsAssigned: 6 } }));
    expect(within.reasons.find((r) => r.code === 'load')?.message).toBe(
      'With this assignment the instructor carries 9 points, within the 12 required.',
    );
  });

  it('blocks (0, every reason listed) on a prohibition, a conflict, the maximum, a whole-term leave', () => {
    const blocked = alignmentOf(
      input({
        preferences: [pref({ level: 'prohibited' })],
        meetingConflicts: 2,
        instructor: {
          ...input().instructor,
          pointsAssigned: 13,
          wholeTermLeaves: [
            { AcademicTermId: 'fall', name: 'Sabbatical' },
            { AcademicTermId: 'spring', name: 'Leave' },
          ],
        },
      }),
    );
    expect(blocked).toMatchObject({ score: 0, blocked: true, terms: null });
    expect(blocked.reasons.map((r) => r.code)).toEqual([
      'prohibited',
      'meetingConflict',
      'aboveMaximum',
      'wholeTermLeave',
    ]);
    expect(blocked.reasons[3]?.message).toBe(
      'The instructor is away for the whole term (Sabbatical).',
    );
    // A prohibited assignment type does not block when the course itself is preferred.
    const course = alignmentOf(
      input({
        preferences: [
          pref({ CourseId: null, assignmentType: 'lecture', level: 'prohibited' }),
          pref({}),
        ],
      }),
    );
    expect(course.blocked).toBe(false);
    // Exactly at the maximum is allowed.
    expect(
      alignmentOf(input({ instructor: { ...input().instructor, pointsAssigned: 12 } })).blocked,
    ).toBe(false);
  });

  it('stays within [0, 100] and is blocked exactly when a blocker is present (property)', () => {
    const level = fc.constantFrom(...PREFERENCE_LEVELS);
    fc.assert(
      fc.property(
        level,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 2 }),
        (lvl, weight, assigned, conflicts) => {
          const result = alignmentOf(
            input({
              preferences: [pref({ level: lvl, weight })],
              meetingConflicts: conflicts,
              instructor: { ...input().instructor, pointsAssigned: assigned },
            }),
          );
          const shouldBlock = lvl === 'prohibited' || conflicts > 0 || assigned + 3 > 15;
          expect(result.blocked).toBe(shouldBlock);
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(100);
          if (!shouldBlock) expect(result.score).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('levelValue and levelForRank', () => {
  it('keeps a weighted preference within its level', () => {
    expect(levelValue('stronglyPreferred', 0)).toBe(0.8125);
    expect(levelValue('preferred', 0.5)).toBeCloseTo(0.59375);
    expect(levelValue('neutral', 0)).toBe(0.5);
    expect(levelValue('stronglyDiscouraged', 0)).toBe(0.1875);
    expect(levelValue('discouraged', 1)).toBe(0.375);
  });

  it('maps ranks onto the scale', () => {
    expect([1, 2, 3, 4].map(levelForRank)).toEqual([
      'stronglyPreferred',
      'preferred',
      'preferred',
      'neutral',
    ]);
  });
});

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
