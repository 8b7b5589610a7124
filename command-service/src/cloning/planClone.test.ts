import { describe, expect, it } from '@jest/globals';
import { CloneSettings, type CloneSnapshot, type SourceSection } from '@allot/shared-events';
import { cloneId, planClone } from './planClone.js';

const term = (id: string, name: string, startDate: string) => ({ id, name, startDate });
const section = (id: string, extra: Partial<SourceSection>): SourceSection => ({
  id,
  label: `BIOL 101-${id}`,
  CourseOfferingId: 'o1',
  WorkgroupId: 'bio',
  name: 'Principles of Biology',
  sectionNumber: '001',
  enrollment: 30,
  defaultPoints: 3,
  points: null,
  notes: 'Lab in week 3',
  TermMode: { AcademicTermId: 'fall26', TeachingModeId: 'in-person' },
  allowOverlap: false,
  meetings: [],
  ...extra,
});

const snapshot = (existing: Iterable<string> = []): CloneSnapshot => ({
  source: {
    period: term('p26', '2026–2027', '2026-08-24'),
    terms: [
      term('fall26', 'Fall 2026', '2026-08-24'),
      term('spring27', 'Spring 2027', '2027-01-11'),
      term('summer27', 'Summer 2027', '2027-05-24'),
    ],
    offerings: [
      {
        id: 'o1',
        label: 'BIOL 101 Principles of Biology I',
        CourseId: 'bio101',
        termModes: [
          { AcademicTermId: 'fall26', TeachingModeId: 'in-person' },
          { AcademicTermId: 'summer27', TeachingModeId: 'online' },
        ],
      },
      { id: 'o2', label: 'BIOL 201 Genetics', CourseId: 'bio201', termModes: [] },
    ],
    sections: [
      section('s1', {
        meetings: [
          {
            id: 'm1',
            days: ['MO', 'WE'],
            startTime: '09:30',
            endTime: '10:45',
            startDate: '2026-08-24',
            until: '2026-12-11',
            frequency: 'weekly',
            exceptions: ['2026-11-25'],
            LocationId: 'room-120',
          },
        ],
      }),
      section('s2', { TermMode: { AcademicTermId: 'summer27', TeachingModeId: 'online' } }),
      section('s3', { CourseOfferingId: 'o2', TermMode: null, sectionNumber: '002' }),
    ],
    assignments: [
      {
        id: 'a1',
        label: 'Ada on s1',
        SectionId: 's1',
        UserId: 'ada',
        share: null,
        notes: 'Coordinator',
        withdrawn: false,
      },
      {
        id: 'a2',
        label: 'Bob on s1',
        SectionId: 's1',
        UserId: 'bob',
        share: null,
        notes: null,
        withdrawn: true,
      },
      {
        id: 'a3',
        label: 'Cy on s2',
        SectionId: 's2',
        UserId: 'cy',
        share: 50,
        notes: null,
        withdrawn: false,
      },
    ],
    administrativeAssignments: [
      {
        id: 'd1',
        label: 'Chair: Ada',
        UserId: 'ada',
        AdministrativeAssignmentTypeId: 'chair',
        AcademicTermId: null,
        points: 3,
        takesWholeTerm: false,
        notes: 'Second year',
      },
      {
        id: 'd2',
        label: 'Sabbatical: Bob',
        UserId: 'bob',
        AdministrativeAssignmentTypeId: 'sabbatical',
        AcademicTermId: 'summer27',
        points: 6,
        takesWholeTerm: true,
        notes: null,
      },
    ],
  },
  target: {
    period: term('p27', '2027–2028', '2027-08-23'),
    terms: [
      term('fall27', 'Fall 2027', '2027-08-23'),
      term('spring28', 'Spring 2028', '2028-01-10'),
    ],
    // Biology 201 is offered in the target already, made by hand.
    offeringOfCourse: new Map([['bio201', 'own-o2']]),
    existing: new Set(existing),
  },
});

const settings = (extra: Partial<CloneSettings> = {}) =>
  CloneSettings.parse({
    SourcePeriodId: 'p26',
    TargetPeriodId: 'p27',
    kinds: ['offerings', 'sections', 'teachingAssignments', 'administrativeAssignments'],
    termMapping: { fall26: 'fall27', spring27: 'spring28', summer27: null },
    ...extra,
  });

describe('planning a clone', () => {
  it('maps offerings, sections, assignments and duties into the target, each under its clone id', () => {
    const plan = planClone(settings(), snapshot());
    expect(plan.offerings).toEqual([
      {
        sourceId: 'o1',
        id: cloneId('offerings', 'p27', 'o1'),
        exists: false,
        // The summer term mode is dropped: summer maps to nothing.
        data: {
          CourseId: 'bio101',
          termModes: [{ AcademicTermId: 'fall27', TeachingModeId: 'in-person' }],
        },
      },
      // The target's own offering of the course is kept as it is.
      { sourceId: 'o2', id: 'own-o2', exists: true, data: { CourseId: 'bio201', termModes: [] } },
    ]);
    const [s1, s3] = plan.sections;
    expect(plan.sections.map((s) => s.sourceId)).toEqual(['s1', 's3']);
    expect(s1).toMatchObject({
      id: cloneId('sections', 'p27', 's1'),
      exists: false,
      data: {
        CourseOfferingId: cloneId('offerings', 'p27', 'o1'),
        TermMode: { AcademicTermId: 'fall27', TeachingModeId: 'in-person' },
        notes: null,
      },
    });
    // Moved by the distance between the terms (364 days: the same weekdays), room kept, the
    // year's own exceptions dropped.
    expect(s1?.data.meetings).toEqual([
      {
        id: 'm1',
        days: ['MO', 'WE'],
        startTime: '09:30',
        endTime: '10:45',
        startDate: '2027-08-23',
        until: '2027-12-10',
        frequency: 'weekly',
        LocationId: 'room-120',
      },
    ]);
    expect(s3?.data.CourseOfferingId).toBe('own-o2');
    expect(plan.assignments).toEqual([
      {
        sourceId: 'a1',
        id: cloneId('teachingAssignments', 'p27', 'a1'),
        exists: false,
        data: {
          SectionId: cloneId('sections', 'p27', 's1'),
          UserId: 'ada',
          share: null,
          notes: null,
        },
      },
    ]);
    expect(plan.administrativeAssignments).toEqual([
      {
        sourceId: 'd1',
        id: cloneId('administrativeAssignments', 'p27', 'd1'),
        exists: false,
        data: {
          UserId: 'ada',
          AdministrativeAssignmentTypeId: 'chair',
          AcademicTermId: null,
          AcademicPeriodId: 'p27',
          points: 3,
          takesWholeTerm: false,
          notes: null,
        },
      },
    ]);
  });

  it('lists what cannot be mapped, with the reason in words', () => {
    expect(planClone(settings(), snapshot()).notMappable).toEqual([
      {
        kind: 'sections',
        sourceId: 's2',
        reason: 'Summer 2027 has no term of 2027–2028 mapped to it.',
      },
      {
        kind: 'teachingAssignments',
        sourceId: 'a3',
        reason: 'Its section is not copied to 2027–2028.',
      },
      {
        kind: 'administrativeAssignments',
        sourceId: 'd2',
        reason: 'Summer 2027 has no term of 2027–2028 mapped to it.',
      },
    ]);
    const noOfferings = planClone(settings({ kinds: ['sections'] }), snapshot());
    expect(noOfferings.notMappable).toContainEqual({
      kind: 'sections',
      sourceId: 's1',
      reason: 'Its course is not offered in 2027–2028: copy the offerings too.',
    });
    // The course the target offers already needs no offering copied.
    expect(noOfferings.sections.map((s) => s.sourceId)).toEqual(['s3']);
  });

  it('creates nothing new when run again: every record is found under its clone id', () => {
    const first = planClone(settings(), snapshot());
    const made = [
      ...first.offerings,
      ...first.sections,
      ...first.assignments,
      ...first.administrativeAssignments,
    ].map((p) => p.id);
    const again = planClone(settings(), snapshot(made));
    const all = [
      ...again.offerings,
      ...again.sections,
      ...again.assignments,
      ...again.administrativeAssignments,
    ];
    expect(all.map((p) => p.id)).toEqual(made);
    expect(all.every((p) => p.exists)).toBe(true);
  });

  it('keeps notes and dates, or leaves out people, as the options say', () => {
    const kept = planClone(settings({ keepNotes: true, shiftMeetingDates: false }), snapshot());
    expect(kept.sections[0]?.data.notes).toBe('Lab in week 3');
    expect(kept.sections[0]?.data.meetings[0]).toMatchObject({
      startDate: '2026-08-24',
      until: '2026-12-11',
    });
    expect(kept.assignments[0]?.data.notes).toBe('Coordinator');
    const nobody = planClone(settings({ keepInstructors: false }), snapshot());
    expect([nobody.assignments, nobody.administrativeAssignments]).toEqual([[], []]);
    expect(nobody.sections).toHaveLength(2);
  });

  it('refuses settings that copy nothing or into the same period', () => {
    expect(CloneSettings.safeParse({ ...settings(), kinds: [] }).success).toBe(false);
    expect(CloneSettings.safeParse({ ...settings(), TargetPeriodId: 'p26' }).success).toBe(false);
  });
});
