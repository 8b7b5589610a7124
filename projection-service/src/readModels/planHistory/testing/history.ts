import type { RecordedEvent } from '@allot/shared-events';
import { recorded } from '../../testing/readModelDb.js';

/**
 * A small institution's history for the plan-history and report tests: deterministic from a seed,
 * `steps` random changes (sections, assignments, meetings, renames, deletions) after the setup.
 * Each call gives out new log positions, as the store would.
 */
export const PERIOD = 'period-1';

export interface HistoryOptions {
  /**
   * Also change what the alignment score reads, after about a third of the steps: preferences
   * added, changed and removed, unavailable times, administrative assignments (some taking the
   * whole term), the courses' wanted attributes and the instructors' own. Off, the history is
   * the same as before the option existed (the same seed gives the same events).
   */
  alignmentInputs?: boolean;
}

/** A small institution's history, deterministic from a seed (a linear congruential generator). */
export function history(seed: number, steps = 70, options: HistoryOptions = {}): RecordedEvent[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, bigint>();
  let minute = 0;
  const emit = (streamId: string, type: string, data: unknown) => {
    const revision = revisions.get(streamId) ?? 0n;
    revisions.set(streamId, revision + 1n);
    minute += 1;
    const at = new Date(Date.UTC(2026, 2, 1, 8, minute));
    events.push(
      recorded(type, data, {
        streamId,
        revision,
        createdAt: at,
        metadata: { actorId: 'user-admin', occurredAt: at.toISOString() },
      }),
    );
  };
  emit(`academicPeriod-${PERIOD}`, 'AcademicPeriodCreated', { id: PERIOD, name: '2026–27' });
  for (const wg of ['wg-bio', 'wg-chem']) {
    emit(`workgroup-${wg}`, 'WorkgroupCreated', {
      id: wg,
      name: wg === 'wg-bio' ? 'Biology' : 'Chemistry',
      members: [],
    });
  }
  emit('academicTerm-t1', 'AcademicTermCreated', {
    id: 't1',
    name: 'Fall',
    AcademicPeriodId: PERIOD,
  });
  emit('teachingMode-m1', 'TeachingModeCreated', { id: 'm1', name: 'In person' });
  emit('location-r1', 'LocationCreated', {
    id: 'r1',
    code: 'SSH 120',
    description: null,
    capacity: 40,
  });
  const people = ['u1', 'u2', 'u3', 'u4'];
  people.forEach((id, i) => {
    emit(`user-${id}`, 'UserCreated', {
      id,
      firstName: ['Ada', 'Rafael', 'Maria', 'Ken'][i],
      lastName: ['Lovelace', 'Novak', 'Garcia', 'Ito'][i],
      email: `${id}@example.edu`,
      username: id,
      isFaculty: true,
      FinancialData: { pointsRequired: 12 },
    });
  });
  const courses = ['c1', 'c2', 'c3'];
  courses.forEach((id, i) => {
    emit(`course-${id}`, 'CourseCreated', {
      id,
      courseNumber: `BIO ${100 + i}`,
      name: `Course ${i}`,
      sectionCreditHours: 3 + i,
      WorkgroupId: i === 2 ? 'wg-chem' : 'wg-bio',
    });
    emit(`courseOffering-o${id}`, 'CourseOfferingCreated', {
      id: `o${id}`,
      CourseId: id,
      AcademicPeriodId: PERIOD,
      termModes: [{ AcademicTermId: 't1', TeachingModeId: 'm1' }],
    });
  });
  const sections: string[] = [];
  const assignments = new Map<string, string[]>();
  const statuses = new Map<string, string>();
  const holders = new Map<string, string>();
  let next = 0;
  const preferences = new Map<string, string[]>(people.map((id) => [id, []]));
  const adminAssignments: string[] = [];
  /** One change to what the alignment reads. */
  const alignmentInput = () => {
    const user = pick(people);
    const owner = { UserId: user, AcademicPeriodId: PERIOD };
    const stream = `preferences-${user}-${PERIOD}`;
    const mine = preferences.get(user) ?? [];
    const roll = random();
    if (roll < 0.3 || (roll < 0.45 && mine.length === 0)) {
      const id = `pref${next++}`;
      mine.push(id);
      emit(stream, 'TeachingPreferenceAdded', {
        ...owner,
        id,
        level: pick([
          'required',
          'stronglyPreferred',
          'preferred',
          'neutral',
          'discouraged',
          'prohibited',
        ] as const),
        weight: random() < 0.7 ? null : 0.5,
        CourseId: pick(courses),
        AssignmentTypeId: null,
        // Another term than the sections' gives half credit.
        AcademicTermId: pick([null, 't1', 't2']),
        TeachingModeId: null,
        notes: null,
      });
    } else if (roll < 0.4) {
      emit(stream, 'TeachingPreferenceUpdated', {
        ...owner,
        id: pick(mine),
        level: pick(['stronglyPreferred', 'discouraged', 'prohibited'] as const),
      });
    } else if (roll < 0.45) {
      const id = mine.splice(Math.floor(random() * mine.length), 1)[0];
      emit(stream, 'TeachingPreferenceRemoved', { ...owner, id });
    } else if (roll < 0.55) {
      emit(stream, 'UnavailableTimesSet', {
        ...owner,
        unavailable: pick([
          [],
          [{ day: 'TU', startTime: '08:00', endTime: '11:00' }],
          [
            { day: 'MO', startTime: '09:30', endTime: '12:00' },
            { day: 'FR', startTime: '08:00', endTime: '17:00' },
          ],
        ]),
      });
    } else if (roll < 0.7 || (roll < 0.78 && adminAssignments.length === 0)) {
      const id = `admin${next++}`;
      adminAssignments.push(id);
      emit(`administrativeAssignment-${id}`, 'AdministrativeAssignmentCreated', {
        id,
        ...owner,
        AdministrativeAssignmentTypeId: 'chair',
        AcademicTermId: pick([null, 't1']),
        points: pick([1, 3, 6]),
        takesWholeTerm: random() < 0.25,
        notes: null,
      });
    } else if (roll < 0.78) {
      const id = adminAssignments.splice(Math.floor(random() * adminAssignments.length), 1)[0];
      emit(`administrativeAssignment-${id}`, 'AdministrativeAssignmentDeleted', { id });
    } else if (roll < 0.89) {
      const course = pick(courses);
      emit(`course-${course}`, 'CourseUpdated', {
        id: course,
        campuses: pick([[], ['north'], ['north', 'south']]),
      });
    } else {
      emit(`user-${user}`, 'UserUpdated', {
        id: user,
        FacultyProfile: { CampusIds: pick([[], ['north'], ['south']]) },
      });
    }
  };
  for (let step = 0; step < steps; step += 1) {
    if (options.alignmentInputs && random() < 0.35) alignmentInput();
    const roll = random();
    if (sections.length < 3 || roll < 0.2) {
      const id = `s${next++}`;
      const course = pick(courses);
      sections.push(id);
      assignments.set(id, []);
      emit(`section-${id}`, 'SectionCreated', {
        id,
        CourseOfferingId: `o${course}`,
        WorkgroupId: course === 'c3' ? 'wg-chem' : 'wg-bio',
        name: `Section ${id}`,
        sectionNumber: String(next).padStart(3, '0'),
        enrollment: 20,
        defaultPoints: null,
        points: random() < 0.5 ? null : 4,
        notes: null,
        TermMode: { AcademicTermId: 't1', TeachingModeId: 'm1' },
        allowOverlap: false,
      });
    } else if (roll < 0.5) {
      const section = pick(sections);
      const id = `a${next++}`;
      assignments.get(section)?.push(id);
      const UserId = pick(people);
      holders.set(id, UserId);
      emit(`section-${section}`, 'TeachingAssignmentCreated', {
        SectionId: section,
        id,
        UserId,
        share: random() < 0.7 ? null : 50,
        notes: null,
        status: 'proposed',
        overriddenConflicts: [],
        warnings: [],
      });
    } else if (roll < 0.65) {
      const section = pick(sections);
      const list = assignments.get(section) ?? [];
      if (list.length === 0) continue;
      const id = pick(list);
      const status = pick(['approved', 'final', 'reopened', 'withdrawn'] as const);
      emit(`section-${section}`, 'TeachingAssignmentChanged', {
        SectionId: section,
        id,
        status,
        previousStatus: statuses.get(id) ?? 'proposed',
      });
      statuses.set(id, status);
    } else if (roll < 0.7) {
      const section = pick(sections);
      const start = pick(['09:00', '10:30', '13:00']);
      emit(`section-${section}`, 'SectionMeetingsSet', {
        id: section,
        meetings: [
          {
            id: `m${next++}`,
            days: pick([['MO', 'WE'], ['TU', 'TH'], ['FR']]),
            startTime: start,
            endTime: start.replace(/^(\d\d)/, (h) => String(Number(h) + 1).padStart(2, '0')),
            startDate: '2026-09-01',
            until: '2026-12-15',
            frequency: 'weekly',
            exceptions: [],
            LocationId: 'r1',
          },
        ],
        overriddenConflicts: [],
        warnings: [],
      });
    } else if (roll < 0.77) {
      const section = pick(sections);
      emit(`section-${section}`, 'SectionUpdated', { id: section, name: `Renamed ${next++}` });
    } else if (roll < 0.82) {
      const course = pick(courses);
      emit(`course-${course}`, 'CourseUpdated', { id: course, name: `Course renamed ${next++}` });
    } else if (roll < 0.88) {
      const user = pick(people);
      emit(`user-${user}`, 'UserUpdated', {
        id: user,
        FinancialData: { pointsRequired: Math.floor(random() * 20) },
      });
    } else if (roll < 0.93 && sections.length > 3) {
      const section = sections.splice(Math.floor(random() * sections.length), 1)[0] as string;
      emit(`section-${section}`, 'SectionDeleted', { id: section });
    } else {
      const section = pick(sections);
      const list = assignments.get(section) ?? [];
      if (list.length === 0) continue;
      const id = list.splice(Math.floor(random() * list.length), 1)[0];
      emit(`section-${section}`, 'TeachingAssignmentDeleted', {
        SectionId: section,
        id,
        UserId: holders.get(id as string),
      });
    }
  }
  return events;
}
