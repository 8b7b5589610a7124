import { DEMO_ACCOUNTS } from '@allot/command-service';
import { sectionConflicts, type LocationInfo, type ScheduledSection } from '@allot/shared-events';
import { DEMO_DEPARTMENTS, demoCourses, demoRooms } from './demoCatalog.js';
import {
  buildDemoPlan,
  demoPlan,
  sectionPoints,
  type PlannedSection,
  type TermKey,
} from './demoPlan.js';
import { demoHolidays, demoRoomId, meetingOf } from './demoTeaching.js';

const plan = demoPlan();

const TERM_DATES: Record<TermKey, { startDate: string; endDate: string }> = {
  fall: { startDate: '2026-08-25', endDate: '2026-12-15' },
  spring: { startDate: '2027-01-12', endDate: '2027-05-10' },
  summer: { startDate: '2027-05-26', endDate: '2027-08-07' },
};

/** The plan's sections as the conflict rules see them, with the dates of a 2026–2027 year. */
function scheduled(section: PlannedSection): ScheduledSection {
  return {
    SectionId: section.key,
    meetings: section.meetings.map((m) => meetingOf(m, section.term, TERM_DATES[section.term])),
    instructorIds: section.assignments.map((a) => a.username),
    allowOverlap: false,
    seats: section.enrollment,
  };
}

describe('the demo plan', () => {
  it('is large enough: ≥ 8 departments, ≥ 300 courses, ≥ 900 sections, ≥ 150 new faculty', () => {
    expect(DEMO_DEPARTMENTS.length).toBeGreaterThanOrEqual(8);
    expect(demoCourses().length).toBeGreaterThanOrEqual(300);
    expect(plan.sections.length).toBeGreaterThanOrEqual(900);
    expect(plan.instructors.filter((i) => !i.demoAccount).length).toBeGreaterThanOrEqual(150);
    // Every department teaches, every term has sections, and every mode is used.
    for (const d of DEMO_DEPARTMENTS) {
      expect(plan.sections.filter((s) => s.course.department === d).length).toBeGreaterThan(30);
    }
    expect(new Set(plan.sections.map((s) => s.term))).toEqual(
      new Set(['fall', 'spring', 'summer']),
    );
    expect(new Set(plan.sections.map((s) => s.mode))).toEqual(
      new Set(['in-person', 'online', 'hybrid']),
    );
  });

  it('is the same on every run', () => {
    const again = buildDemoPlan();
    const summary = (p: typeof plan) =>
      JSON.stringify({
        sections: p.sections.map((s) => [s.key, s.enrollment, s.meetings, s.assignments]),
        instructors: p.instructors.map((i) => [i.username, i.email, i.type, i.department.key]),
        members: [...p.members],
        administrative: p.administrativeAssignments,
      });
    expect(summary(again)).toEqual(summary(plan));
  });

  it('has unique keys, names and sign-in names, leaving the demo accounts theirs', () => {
    const keys = plan.sections.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    const numbers = demoCourses().map((c) => c.courseNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const hired = plan.instructors.filter((i) => !i.demoAccount);
    const usernames = hired.map((i) => i.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    expect(new Set(hired.map((i) => `${i.firstName} ${i.lastName}`)).size).toBe(hired.length);
    const demoNames = new Set(DEMO_ACCOUNTS.map((a) => a.username));
    expect(usernames.filter((u) => demoNames.has(u))).toEqual([]);
    for (const i of hired) expect(i.email).toMatch(/^[a-z0-9]+@northbridge\.example\.edu$/);
  });

  it('lists each section’s term and mode in its offering, and seats every section in its rooms', () => {
    const rooms = new Map(demoRooms().map((r) => [r.code, r]));
    const offerings = new Map(plan.offerings.map((o) => [o.course.key, o]));
    for (const s of plan.sections) {
      const modes = offerings.get(s.course.key)?.termModes.map(([t, m]) => `${t}|${m}`) ?? [];
      expect(modes).toContain(`${s.term}|${s.mode}`);
      expect(s.meetings.length > 0).toBe(s.mode !== 'online');
      for (const m of s.meetings) {
        const room = m.room ? rooms.get(m.room) : undefined;
        expect(room).toBeDefined();
        expect(room?.capacity ?? 0).toBeGreaterThanOrEqual(s.enrollment);
        expect(m.startTime < m.endTime).toBe(true);
        expect(m.startTime >= '08:00' && m.endTime <= '21:30').toBe(true);
      }
    }
  });

  it('books no room or instructor twice, except the two intended clashes', () => {
    const locations = new Map<string, LocationInfo>(
      demoRooms().map((r) => [
        demoRoomId(r.code),
        { id: demoRoomId(r.code), building: r.building, capacity: r.capacity },
      ]),
    );
    const all = plan.sections.map(scheduled);
    // Index by instructor and room: only sections sharing one can clash.
    const byKey = new Map<string, ScheduledSection[]>();
    const keysOf = (s: ScheduledSection) => [
      ...s.instructorIds.map((u) => `u:${u}`),
      ...s.meetings.flatMap((m) => (m.LocationId ? [`r:${m.LocationId}`] : [])),
    ];
    for (const s of all) for (const k of keysOf(s)) byKey.set(k, [...(byKey.get(k) ?? []), s]);
    const conflicts = all.flatMap((s) => {
      const others = new Set(keysOf(s).flatMap((k) => byKey.get(k) ?? []));
      return sectionConflicts(s, [...others], locations);
    });
    const blocking = conflicts.filter((c) => c.severity === 'conflict');
    const pairs = new Set(
      blocking.map((c) => [c.kind, [c.SectionId, c.otherSectionId].sort().join(' & ')].join(': ')),
    );
    const guest = plan.sections.find((s) => s.overrideMeetings);
    const covered = plan.sections.find((s) => s.assignments.some((a) => a.override));
    expect(guest).toBeDefined();
    expect(covered).toBeDefined();
    expect(pairs.size).toBe(2);
    expect([...pairs].map((p) => p.split(':')[0]).sort()).toEqual([
      'instructorDoubleBooked',
      'locationDoubleBooked',
    ]);
    expect([...pairs].join()).toContain(guest?.key);
    expect([...pairs].join()).toContain(covered?.key);
    // Nobody is planned to walk between buildings in 15 minutes.
    expect(conflicts.filter((c) => c.kind === 'backToBack')).toEqual([]);
  });

  it('staffs most sections, leaves some open or half covered, shares and approves a few', () => {
    const count = (f: (s: PlannedSection) => boolean) => plan.sections.filter(f).length;
    const total = plan.sections.length;
    const open = count((s) => s.assignments.length === 0);
    expect(open / total).toBeGreaterThan(0.05);
    expect(open / total).toBeLessThan(0.2);
    expect(count((s) => s.assignments.length === 2)).toBeGreaterThan(3);
    expect(
      count((s) => s.assignments.length === 1 && s.assignments[0]?.share === 50),
    ).toBeGreaterThan(3);
    const statuses = plan.sections.flatMap((s) => s.assignments.map((a) => a.status));
    expect(statuses.filter((s) => s === 'approved').length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 'final').length).toBeGreaterThan(2);
    expect(statuses.filter((s) => s === 'proposed').length / statuses.length).toBeGreaterThan(0.8);
    // Instructors teach within their department, and the demo faculty accounts teach too.
    const byName = new Map(plan.instructors.map((i) => [i.username, i]));
    for (const s of plan.sections) {
      for (const a of s.assignments)
        expect(byName.get(a.username)?.department).toBe(s.course.department);
    }
    for (const username of ['faculty', 'mgarcia', 'jchen', 'lnguyen', 'spatel']) {
      expect(plan.assignedPoints.get(username) ?? 0).toBeGreaterThan(0);
    }
    // Assigned points add up to the sections' points times their shares.
    const assigned = [...plan.assignedPoints.values()].reduce((a, b) => a + b, 0);
    const taught = plan.sections.reduce((sum, s) => {
      const shares = s.assignments.reduce((t, a) => t + (a.share ?? 100), 0);
      return sum + (sectionPoints(s) * Math.min(shares, 100)) / 100;
    }, 0);
    expect(assigned).toBeCloseTo(taught, 5);
    // Most faculty are within a section of what they are required to do (administrative included).
    const near = plan.instructors.filter(
      (i) =>
        Math.abs(
          (plan.assignedPoints.get(i.username) ?? 0) +
            (plan.administrativePoints.get(i.username) ?? 0) -
            i.pointsRequired,
        ) <= 4,
    );
    expect(near.length / plan.instructors.length).toBeGreaterThan(0.75);
  });

  it('gives every department a chair with a course release that counts toward their workload', () => {
    const work = plan.administrativeAssignments;
    const chairs = work.filter((w) => w.type === 'department-chair');
    expect(chairs).toHaveLength(DEMO_DEPARTMENTS.length);
    const byName = new Map(plan.instructors.map((i) => [i.username, i]));
    for (const department of DEMO_DEPARTMENTS) {
      const chair = plan.chairs.get(department.key);
      // The chair holds both permission bits in the workgroup the plan adds, and chairs it.
      expect(plan.members.get(department.key)?.[0]).toEqual([chair, 3]);
      const assignment = chairs.find((w) => w.username === chair);
      expect(assignment).toMatchObject({ term: null, points: 3, takesWholeTerm: false });
      expect(byName.get(chair ?? '')?.department).toBe(department);
      // The release is reserved: teaching and chairing stay within the year's points plus a
      // term's room, and the points are in the chair's workload.
      const teaching = plan.assignedPoints.get(chair ?? '') ?? 0;
      expect(plan.administrativePoints.get(chair ?? '')).toBeGreaterThanOrEqual(3);
      expect(teaching + 3).toBeLessThanOrEqual((byName.get(chair ?? '')?.pointsRequired ?? 0) + 2);
    }
    // Program directors, committee service and advising too; a demo account has some.
    for (const type of ['program-director', 'committee-service', 'advising'] as const) {
      expect(work.filter((w) => w.type === type).length).toBeGreaterThanOrEqual(3);
    }
    expect(work.filter((w) => w.username === 'mgarcia').map((w) => w.type)).toEqual([
      'committee-service',
    ]);
    for (const w of work) {
      expect(byName.has(w.username)).toBe(true);
      expect(w.points).toBeGreaterThan(0);
    }
    expect(new Set(work.map((w) => w.key)).size).toBe(work.length);
    const total = (u: string) =>
      work.filter((w) => w.username === u).reduce((sum, w) => sum + w.points, 0);
    for (const [username, points] of plan.administrativePoints) {
      expect(points).toBe(total(username));
    }
  });

  it('gives nobody on sabbatical or leave a section in that term', () => {
    const away = plan.administrativeAssignments.filter((w) => w.takesWholeTerm);
    expect(away.map((w) => [w.type, w.term])).toEqual([
      ['sabbatical', 'spring'],
      ['leave', 'spring'],
    ]);
    const byName = new Map(plan.instructors.map((i) => [i.username, i]));
    for (const w of away) {
      const instructor = byName.get(w.username);
      expect(instructor?.type).toBe('tenure-line');
      expect(instructor?.demoAccount).toBe(false);
      // Credited with what they would have taught that term.
      expect(w.points).toBeGreaterThanOrEqual(4);
      expect(w.points).toBeLessThanOrEqual((instructor?.pointsRequired ?? 0) / 2 + 1);
      const taught = plan.sections.filter((s) =>
        s.assignments.some((a) => a.username === w.username),
      );
      expect(taught.filter((s) => s.term === w.term)).toEqual([]);
      expect(taught.length).toBeGreaterThan(0);
    }
  });
});

describe('meeting dates', () => {
  it('knows the closed days of a year: Labor Day, Thanksgiving, MLK Day, spring break, Memorial Day', () => {
    expect(demoHolidays(2026)).toEqual([
      '2026-09-07',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2027-01-18',
      '2027-03-08',
      '2027-03-09',
      '2027-03-10',
      '2027-03-11',
      '2027-03-12',
      '2027-05-31',
      '2027-06-19',
      '2027-07-05',
    ]);
  });

  it('runs a weekly meeting from the term start to a week before its end, without closed days', () => {
    const meeting = meetingOf(
      {
        id: 'lecture',
        days: ['MO', 'WE', 'FR'],
        startTime: '10:00',
        endTime: '10:50',
        room: 'MSB 110',
        description: null,
      },
      'fall',
      TERM_DATES.fall,
    );
    expect(meeting).toEqual({
      id: 'lecture',
      days: ['MO', 'WE', 'FR'],
      startTime: '10:00',
      endTime: '10:50',
      startDate: '2026-08-25',
      until: '2026-12-08',
      frequency: 'weekly',
      exceptions: ['2026-09-07', '2026-11-25', '2026-11-27'],
      LocationId: demoRoomId('MSB 110'),
    });
    const online = meetingOf(
      {
        id: 'class',
        days: ['TU'],
        startTime: '09:00',
        endTime: '10:50',
        room: null,
        description: 'Summer session',
      },
      'summer',
      TERM_DATES.summer,
    );
    expect(online).toMatchObject({ until: '2027-08-07', description: 'Summer session' });
    expect(online).not.toHaveProperty('exceptions');
    expect(online).not.toHaveProperty('LocationId');
  });
});
