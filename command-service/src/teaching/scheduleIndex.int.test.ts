import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { sectionDecider, users } from '@allot/shared-events';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { loadRecord } from '../resources/loadRecord.js';
import { ANY_DATES, SectionScheduleIndex } from './scheduleIndex.js';

let db: TestStore;
beforeAll(async () => {
  db = await openTestStore();
});
afterAll(async () => {
  await db.close();
});

function created(id: string) {
  return {
    type: 'SectionCreated',
    data: {
      id,
      CourseOfferingId: 'o1',
      WorkgroupId: 'wg',
      name: `Section ${id}`,
      sectionNumber: '001',
      enrollment: 20,
      defaultPoints: 3,
      points: null,
      notes: null,
      TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
      allowOverlap: false,
    },
  };
}

function meetingsIn(id: string, room: string) {
  return {
    type: 'SectionMeetingsSet',
    data: {
      id,
      meetings: [
        {
          id: 'm1',
          days: ['MO'],
          startTime: '09:00',
          endTime: '10:00',
          startDate: '2026-09-07',
          until: '2026-12-07',
          frequency: 'weekly',
          exceptions: [],
          LocationId: room,
          description: null,
        },
      ],
      overriddenConflicts: [],
      warnings: [],
    },
  };
}

function assigned(sectionId: string, assignmentId: string, userId: string) {
  return {
    type: 'TeachingAssignmentCreated',
    data: {
      SectionId: sectionId,
      id: assignmentId,
      UserId: userId,
      share: 1,
      notes: null,
      status: 'proposed',
      overriddenConflicts: [],
      warnings: [],
    },
  };
}

function withdrawn(sectionId: string, assignmentId: string) {
  return {
    type: 'TeachingAssignmentChanged',
    data: { SectionId: sectionId, id: assignmentId, status: 'withdrawn' },
  };
}

/** The term of every meeting here (meetingsIn). */
const FALL = { first: '2026-09-07', last: '2026-12-07' };
const ids = (found: { SectionId: string }[]) => found.map((s) => s.SectionId).sort();

describe('SectionScheduleIndex', () => {
  it('finds the live sections sharing an instructor or a room, following every change', async () => {
    const { store } = db;
    await store.appendToStream('section-a', [
      created('a'),
      meetingsIn('a', 'room-1'),
      assigned('a', 'x1', 'ada'),
    ]);
    await store.appendToStream('section-b', [created('b'), meetingsIn('b', 'room-2')]);
    await store.appendToStream('section-c', [
      created('c'),
      meetingsIn('c', 'room-3'),
      assigned('c', 'x2', 'ada'),
    ]);
    const index = new SectionScheduleIndex(store);
    await index.refresh();

    const probe = (SectionId: string, instructors: string[], rooms: string[]) =>
      ids(
        index.relevantTo({
          SectionId,
          instructorIds: new Set(instructors),
          locationIds: new Set(rooms),
          bounds: FALL,
        }),
      );
    expect(probe('new', ['ada'], [])).toEqual(['a', 'c']);
    expect(probe('a', ['ada'], ['room-2'])).toEqual(['b', 'c']);
    expect(probe('new', ['bob'], ['room-9'])).toEqual([]);

    // A withdrawn instructor no longer books the section; a moved section leaves its old room.
    await store.appendToStream('section-c', [withdrawn('c', 'x2')]);
    await store.appendToStream('section-b', [meetingsIn('b', 'room-1')]);
    await index.refresh();
    expect(probe('new', ['ada'], [])).toEqual(['a']);
    expect(probe('new', [], ['room-2'])).toEqual([]);
    expect(probe('new', [], ['room-1'])).toEqual(['a', 'b']);

    // The cached schedule of a section is rebuilt after it changes, and deleted sections drop out.
    await store.appendToStream('section-a', [assigned('a', 'x3', 'bob')]);
    await index.refresh();
    const [a] = index.relevantTo({
      SectionId: 'new',
      instructorIds: new Set(['bob']),
      locationIds: new Set(),
      bounds: FALL,
    });
    expect(a?.instructorIds).toEqual(['ada', 'bob']);
    await store.appendToStream('section-a', [{ type: 'SectionDeleted', data: { id: 'a' } }]);
    await index.refresh();
    expect(probe('new', ['ada', 'bob'], ['room-1'])).toEqual(['b']);

    // Each section as its stream stands, for a command to start from.
    for (const id of ['a', 'b', 'c']) {
      const loaded = await loadAggregate(store, sectionDecider, `section-${id}`);
      expect(index.aggregate(`section-${id}`)).toEqual(loaded);
    }
    expect(index.aggregate('section-unknown')).toBeNull();

    // Users: live once created, not once deleted, exactly as loadRecord answers.
    await store.appendToStream('user-ada', [{ type: 'UserCreated', data: { id: 'ada' } }]);
    await store.appendToStream('user-gone', [
      { type: 'UserCreated', data: { id: 'gone' } },
      { type: 'UserUpdated', data: { id: 'gone', isActive: false } },
      { type: 'UserDeleted', data: { id: 'gone' } },
    ]);
    await index.refresh();
    for (const id of ['ada', 'gone', 'nobody']) {
      expect(index.isLiveUser(id)).toBe((await loadRecord(store, users, id)) !== null);
    }
    expect(index.isLiveUser('ada')).toBe(true);

    // Only sections whose meetings may share a date: not another term, and none without meetings.
    const within = (bounds: { first: string; last: string } | null) =>
      ids(
        index.relevantTo({
          SectionId: 'new',
          instructorIds: new Set(),
          locationIds: new Set(['room-1']),
          bounds,
        }),
      );
    expect(within({ first: '2026-12-07', last: '2027-01-10' })).toEqual(['b']);
    expect(within({ first: '2027-01-11', last: '2027-05-01' })).toEqual([]);
    expect(within(null)).toEqual([]);
    expect(within(ANY_DATES)).toEqual(['b']);
  });
});
