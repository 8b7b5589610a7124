// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { calendarStreamId, childRegistryStreamId, type RecordedEvent } from '@allot/shared-events';
import { openNativeTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { abilityFromRules, systemAbility } from '../authorization/ability.js';
import { rulesOf } from '../testing/rules.js';
import { FALL_IN_PERSON, fallMeeting, seedTeachingBasics } from '../testing/teachingFixture.js';
import { openWriterNode, type WriterNode } from '../testing/writerNode.js';
import {
  cloneOfferingSections,
  type PlannedAssignment,
  type PlannedSection,
} from './cloneOfferingSections.js';

/*
 * An offering's sections written in one step by a clone: the same rules as the commands one by
 * one (the section decider decides each step), the leftovers handed to the normal commands, and
 * the rules that span records holding when a person's command arrives at the same moment (each
 * writer a node of its own on native PostgreSQL, as separate processes would be).
 */
let db: TestDatabase;
let setup: WriterNode;
let clone: WriterNode;
let person: WriterNode;

const meeting = fallMeeting;

const section = (
  id: string,
  sectionNumber: string,
  meetings: ReturnType<typeof meeting>[],
): PlannedSection => ({
  sourceId: `source-${id}`,
  id,
  exists: false,
  data: {
    CourseOfferingId: 'offering-1',
    WorkgroupId: 'wg-math',
    name: 'Calculus',
    sectionNumber,
    enrollment: 20,
    defaultPoints: null,
    points: null,
    notes: null,
    TermMode: FALL_IN_PERSON,
    allowOverlap: false,
    meetings,
  },
});

const assignment = (id: string, SectionId: string, UserId: string): PlannedAssignment => ({
  sourceId: `source-${id}`,
  id,
  exists: false,
  data: { SectionId, UserId, share: null, notes: null },
});

const deps = (node: WriterNode, ability = systemAbility()) => ({
  store: node.store,
  ability,
  actorId: 'cloner',
  correlationId: 'clone-1',
});

const events = (node: WriterNode, streamId: string): Promise<RecordedEvent[]> =>
  node.store.readStream(streamId).catch(() => []);

beforeAll(async () => {
  db = await openNativeTestDatabase();
  [setup, clone, person] = await Promise.all([
    openWriterNode(db, 2),
    openWriterNode(db, 4),
    openWriterNode(db, 2),
  ]);
  const bus = setup.bus;
  await seedTeachingBasics(bus);
  for (const [id, isFaculty] of [
    ['ada', true],
    ['bob', true],
    ['clerk', false],
  ] as const) {
    await bus.execute('CreateUser', {
      id,
      firstName: id,
      lastName: 'Person',
      email: `${id}@example.edu`,
      username: id,
      isFaculty,
    });
  }
  for (const room of ['hall', 'lab', ...Array.from({ length: 8 }, (_, i) => `race-${i}`)]) {
    await bus.execute('CreateLocation', { id: room, code: `SSH ${room}`, capacity: 50 });
  }
}, 120_000);

afterAll(async () => {
  for (const n of [setup, clone, person]) await n?.close();
  await db.close();
});

describe("a clone's sections of one offering, in one step", () => {
  it('writes each section with its meetings and assignments, leaving what a rule refuses to the commands', async () => {
    const outcome = await cloneOfferingSections(deps(clone), {
      offeringId: 'offering-1',
      sections: [
        { planned: section('s1', '101', [meeting('09:00', '10:00', 'hall')]), assignments: [] },
        // The same room at the same time as s1: written without its meetings.
        { planned: section('s2', '102', [meeting('09:30', '10:30', 'hall')]), assignments: [] },
        { planned: section('s3', '103', [meeting('11:00', '12:00', 'lab')]), assignments: [] },
      ].map((entry) => ({
        ...entry,
        assignments:
          entry.planned.id === 's1'
            ? [assignment('a1', 's1', 'ada')]
            : entry.planned.id === 's3'
              ? [assignment('a3', 's3', 'ada'), assignment('a3-clerk', 's3', 'clerk')]
              : [],
      })),
    });
    expect(outcome.sections.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(outcome.assignments.map((a) => a.id)).toEqual(['a1', 'a3']);
    expect(outcome.deferredMeetings.map((s) => s.id)).toEqual(['s2']);
    // Not faculty: the normal command answers, in its words.
    expect(outcome.deferredAssignments.map((a) => a.id)).toEqual(['a3-clerk']);
    expect(outcome.deferredSections).toEqual([]);

    const s1 = await events(setup, 'section-s1');
    expect(s1.map((e) => e.type)).toEqual([
      'SectionCreated',
      'SectionMeetingsSet',
      'TeachingAssignmentCreated',
    ]);
    expect(s1.every((e) => e.metadata.correlationId === 'clone-1')).toBe(true);
    expect((await events(setup, 'section-s2')).map((e) => e.type)).toEqual(['SectionCreated']);
    // One registry append for the offering's three sections; one claim per section a calendar
    // gains (the hall: s1; Ada: s1 and s3, in one append).
    const registry = await events(setup, childRegistryStreamId('offering', 'offering-1'));
    expect(registry.filter((e) => e.type === 'RegistryChildSet')).toHaveLength(3);
    const ada = await events(setup, calendarStreamId('instructor', 'ada'));
    expect(ada.map((e) => (e.data as { SectionId: string }).SectionId)).toEqual(['s1', 's3']);

    // What was left goes through the commands, which refuse it as they would any request.
    await expect(
      setup.bus.execute('SetMeetings', { id: 's2', meetings: [meeting('09:30', '10:30', 'hall')] }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      setup.bus.execute('AssignInstructor', {
        id: 's3',
        assignmentId: 'a3-clerk',
        UserId: 'clerk',
      }),
    ).rejects.toMatchObject({ statusCode: 422 });

    // Once more (a second run of the clone): nothing is written again.
    const again = await cloneOfferingSections(deps(clone), {
      offeringId: 'offering-1',
      sections: [{ planned: section('s1', '101', []), assignments: [] }],
    });
    expect(again.sections).toEqual([]);
    // Known to the schedule index: left to the commands; not yet known: its stream is there.
    expect([...again.deferredSections, ...again.existingSections].map((s) => s.id)).toEqual(['s1']);
    expect(await events(setup, 'section-s1')).toHaveLength(3);
  });

  it('leaves a section whose number another holds, and everything to one who may not create sections', async () => {
    const taken = await cloneOfferingSections(deps(clone), {
      offeringId: 'offering-1',
      sections: [{ planned: section('s4', '101', []), assignments: [] }],
    });
    expect(taken.deferredSections.map((s) => s.id)).toEqual(['s4']);
    expect(await events(setup, 'section-s4')).toEqual([]);

    const faculty = abilityFromRules(rulesOf('faculty', 'ada'));
    const refused = await cloneOfferingSections(deps(clone, faculty), {
      offeringId: 'offering-1',
      sections: [
        {
          planned: section('s5', '105', [meeting('14:00', '15:00', 'lab')]),
          assignments: [assignment('a5', 's5', 'bob')],
        },
      ],
    });
    expect(refused.sections).toEqual([]);
    expect(refused.deferredSections.map((s) => s.id)).toEqual(['s5']);
    expect(refused.deferredAssignments.map((a) => a.id)).toEqual(['a5']);
    expect(await events(setup, 'section-s5')).toEqual([]);
  });

  it('holds a room and an instructor against commands arriving at the same moment', async () => {
    // Eight rounds: each time a person's commands and the clone want the same room, and the same
    // instructor, at the same time. Exactly one of the two may have each.
    const number = (prefix: number, round: number) => `${prefix}${String(round).padStart(2, '0')}`;
    const create = async (id: string, sectionNumber: string, at: ReturnType<typeof meeting>) => {
      await setup.bus.execute('CreateSection', {
        id,
        CourseOfferingId: 'offering-1',
        WorkgroupId: 'wg-math',
        name: 'Calculus',
        sectionNumber,
        TermMode: FALL_IN_PERSON,
        enrollment: 20,
      });
      await setup.bus.execute('SetMeetings', { id, meetings: [at] });
    };
    const meetsIn = async (id: string, room: string) =>
      (await events(setup, `section-${id}`)).some(
        (e) =>
          e.type === 'SectionMeetingsSet' &&
          (e.data as { meetings: { LocationId: string | null }[] }).meetings.some(
            (m) => m.LocationId === room,
          ),
      );
    const teaches = async (id: string, UserId: string) =>
      (await events(setup, `section-${id}`)).some(
        (e) =>
          e.type === 'TeachingAssignmentCreated' &&
          (e.data as { UserId: string }).UserId === UserId,
      );
    for (let round = 0; round < 8; round++) {
      const room = `race-${round}`;
      // Bob's hour of this round (07:00 to 14:00): one round's race does not meet another's.
      const [bobFrom, bobTo] = [
        `${String(7 + round).padStart(2, '0')}:00`,
        `${String(7 + round).padStart(2, '0')}:50`,
      ];
      const [roomTaker, bobTaker] = [`room-${round}`, `bob-${round}`];
      await create(roomTaker, number(5, round), meeting('16:00', '17:00', null));
      await create(bobTaker, number(6, round), meeting(bobFrom, bobTo, null));
      const [cloneRoom, cloneBob] = [`c-room-${round}`, `c-bob-${round}`];
      const [byPersonRoom, byClone, byPersonBob] = await Promise.allSettled([
        person.bus.execute('SetMeetings', {
          id: roomTaker,
          meetings: [meeting('18:00', '19:00', room)],
        }),
        cloneOfferingSections(deps(clone), {
          offeringId: 'offering-1',
          sections: [
            {
              planned: section(cloneRoom, number(7, round), [meeting('18:00', '19:00', room)]),
              assignments: [],
            },
            {
              planned: section(cloneBob, number(8, round), [meeting(bobFrom, bobTo, null)]),
              assignments: [assignment(`ca-${round}`, cloneBob, 'bob')],
            },
          ],
        }),
        person.bus.execute('AssignInstructor', {
          id: bobTaker,
          assignmentId: `pa-${round}`,
          UserId: 'bob',
        }),
      ]);
      if (byClone.status !== 'fulfilled') throw byClone.reason;
      const outcome = byClone.value;
      expect(outcome.sections.map((s) => s.id)).toEqual([cloneRoom, cloneBob]);
      // The room: the person's meetings or the clone's section's, never both nor neither.
      const roomToPerson = byPersonRoom.status === 'fulfilled';
      const roomToClone = !outcome.deferredMeetings.some((s) => s.id === cloneRoom);
      expect([roomToPerson, roomToClone]).toContain(true);
      expect(roomToPerson && roomToClone).toBe(false);
      // Bob at that hour: the person's section or the clone's, never both nor neither.
      const bobToPerson = byPersonBob.status === 'fulfilled';
      const bobToClone = outcome.assignments.some((a) => a.id === `ca-${round}`);
      expect([bobToPerson, bobToClone]).toContain(true);
      expect(bobToPerson && bobToClone).toBe(false);
      if (!bobToClone)
        expect(outcome.deferredAssignments.map((a) => a.id)).toEqual([`ca-${round}`]);
      // The log agrees with the answers.
      expect([await meetsIn(roomTaker, room), await meetsIn(cloneRoom, room)]).toEqual([
        roomToPerson,
        roomToClone,
      ]);
      expect([await teaches(bobTaker, 'bob'), await teaches(cloneBob, 'bob')]).toEqual([
        bobToPerson,
        bobToClone,
      ]);
    }
  });
});
