import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BULK_APPROVAL_MAX, positionToToken } from '@allot/shared-events';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf, memberRules } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

const APPROVE = '/api/sectionAssignments/approve';
const FINALIZE = '/api/sectionAssignments/finalize';

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    ops: rulesOf('academicOpsAdmin', 'ops'),
    affairs: rulesOf('academicAffairsApprover', 'affairs'),
    scheduler: rulesOf('sectionScheduler', 'scheduler'),
    reporting: rulesOf('reportingUser', 'reporting'),
    faculty: rulesOf('faculty', 'faculty'),
    approver6: memberRules('approver6', 1, 6),
    approver5: memberRules('approver5', 1, 5),
    assigner6: memberRules('assigner6', 2, 6),
  });
  const bus = createCommandBus({ store: db.store });
  await bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await bus.execute('CreateWorkgroup', { id: 'wg-physics', name: 'Physics' });
  await bus.execute('CreateAcademicPeriod', {
    id: 'period-1',
    name: '2026-27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await bus.execute('CreateCourse', { id: 'course-1', courseNumber: 'MATH 101', name: 'Calc' });
  await bus.execute('CreateCourseOffering', {
    id: 'offering-1',
    CourseId: 'course-1',
    AcademicPeriodId: 'period-1',
  });
  for (const name of ['ada', 'grace', 'linus']) {
    await bus.execute('CreateUser', {
      id: name,
      firstName: name,
      lastName: 'Instructor',
      email: `${name}@example.edu`,
      username: name,
      isFaculty: true,
    });
  }
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const send = (url: string, as: string | null, payload?: unknown, extra = {}) =>
  t.request({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(as ? t.signedIn(as) : {}), ...extra },
  });

let sectionCount = 0;
/** A section of the workgroup with one proposed assignment per instructor named. */
async function sectionWith(WorkgroupId: string, instructors: string[]) {
  sectionCount += 1;
  const created = await send('/api/sections', 'ops', {
    CourseOfferingId: 'offering-1',
    WorkgroupId,
    name: 'Calculus I',
    sectionNumber: String(sectionCount).padStart(3, '0'),
    enrollment: 30,
  });
  expect(created.statusCode).toBe(201);
  const SectionId = created.json().id as string;
  const ids: string[] = [];
  for (const UserId of instructors) {
    const assigned = await send(`/api/sections/${SectionId}/assignments`, 'ops', { UserId });
    expect(assigned.statusCode).toBe(201);
    ids.push(assigned.json().id as string);
  }
  return ids.map((id) => ({ SectionId, id }));
}

async function statuses(SectionId: string): Promise<string[]> {
  const byId = new Map<string, string>();
  for (const event of await db.events(`section-${SectionId}`)) {
    const data = event.data as { id?: string; status?: string };
    if (event.type.startsWith('TeachingAssignment') && data.id && data.status) {
      byId.set(data.id, data.status);
    }
  }
  return [...byId.values()];
}

async function eventCount(...sectionIds: string[]): Promise<number> {
  let total = 0;
  for (const id of sectionIds) total += (await db.events(`section-${id}`)).length;
  return total;
}

describe('bulk approval', () => {
  it('approves a mixed batch item by item: what the caller may approve, refusing the rest with reasons', async () => {
    const math = await sectionWith('wg-math', ['ada', 'grace']);
    const [physics] = await sectionWith('wg-physics', ['linus']);
    const [first, second] = math;
    if (!first || !second || !physics) throw new Error('sections not made');
    // The second is approved already: approving it again is a conflict of state (422).
    expect((await send(APPROVE, 'approver6', { assignments: [second] })).statusCode).toBe(200);
    const unknown = { SectionId: first.SectionId, id: 'no-such-assignment' };
    const gone = { SectionId: 'no-such-section', id: 'x' };

    const answer = await send(APPROVE, 'approver6', {
      assignments: [first, second, physics, unknown, gone],
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.approved).toEqual([{ ...first, revision: expect.any(Number) }]);
    expect(body.refused).toEqual([
      {
        ...second,
        statusCode: 422,
        message: 'The workgroup has approved this assignment; academic affairs makes it final.',
      },
      // Another workgroup's section: bit 1 counts in one's own workgroup only.
      { ...physics, statusCode: 403, message: 'You are not allowed to do this.' },
      { ...unknown, statusCode: 404, message: expect.any(String) },
      { ...gone, statusCode: 404, message: expect.any(String) },
    ]);
    expect(body.position).toMatch(/^\d+:\d+$/);
    expect(await statuses(first.SectionId)).toEqual(['approved', 'approved']);
    expect(await statuses(physics.SectionId)).toEqual(['proposed']);
    const approval = (await db.events(`section-${first.SectionId}`)).at(-1);
    expect(approval).toMatchObject({
      data: { id: first.id, approval: { level: 'workgroup', by: 'approver6' } },
      metadata: { actorId: 'approver6' },
    });
  });

  it('finalizes for academic affairs only what the workgroup approved (no skipping of levels)', async () => {
    const items = await sectionWith('wg-math', ['ada', 'grace', 'linus']);
    const [approvedFirst, proposed, alsoApproved] = items;
    if (!approvedFirst || !proposed || !alsoApproved) throw new Error('sections not made');
    const workgroup = await send(APPROVE, 'approver6', {
      assignments: [approvedFirst, alsoApproved],
    });
    expect(workgroup.json().approved).toHaveLength(2);

    const answer = await send(FINALIZE, 'affairs', { assignments: items });
    expect(answer.statusCode).toBe(200);
    const finalized = answer.json().approved as { id: string }[];
    expect(finalized.map((a) => a.id)).toEqual([approvedFirst.id, alsoApproved.id]);
    expect(answer.json().refused).toEqual([
      {
        ...proposed,
        statusCode: 422,
        message: "The section's workgroup approves this assignment first (at department review).",
      },
    ]);
    // Academic affairs holds no workgroup approval; a workgroup approver none of academic affairs.
    expect((await send(APPROVE, 'affairs', { assignments: [proposed] })).statusCode).toBe(403);
    expect((await send(FINALIZE, 'approver6', { assignments: [proposed] })).statusCode).toBe(403);
    expect(await statuses(proposed.SectionId)).toEqual(['final', 'proposed', 'final']);
    // One action: every approval of the batch carries the same correlation id.
    const finals = (await db.events(`section-${proposed.SectionId}`)).filter(
      (e) => (e.data as { status?: string }).status === 'final',
    );
    expect(new Set(finals.map((e) => e.metadata.correlationId)).size).toBe(1);
  });

  it('refuses (403) whoever may approve nothing at that level before reading the body, and 401 without a session', async () => {
    const [item] = await sectionWith('wg-math', ['ada']);
    if (!item) throw new Error('section not made');
    const before = await eventCount(item.SectionId);
    const wrong: string[] = [];
    const expectStatus = async (url: string, as: string | null, status: number) => {
      for (const payload of [{ assignments: [item] }, { nonsense: true }]) {
        const answered = (await send(url, as, payload)).statusCode;
        if (answered !== status) wrong.push(`${url} as ${String(as)}: ${String(answered)}`);
      }
    };
    // Bit 1 counts only at progress step 6; bit 2 is assigning, not approving.
    for (const as of ['faculty', 'scheduler', 'reporting', 'approver5', 'assigner6']) {
      await expectStatus(APPROVE, as, 403);
      await expectStatus(FINALIZE, as, 403);
    }
    await expectStatus(APPROVE, null, 401);
    await expectStatus(FINALIZE, null, 401);
    expect(wrong).toEqual([]);
    expect(await eventCount(item.SectionId)).toBe(before);
  });

  it('refuses a bad body (400) and writes nothing: empty, too many, unknown keys, duplicates, If-Match', async () => {
    const items = await sectionWith('wg-math', ['ada', 'grace']);
    const [item] = items;
    if (!item) throw new Error('section not made');
    const before = await eventCount(item.SectionId);
    const many = Array.from({ length: BULK_APPROVAL_MAX + 1 }, (_, i) => ({
      SectionId: item.SectionId,
      id: `a-${String(i)}`,
    }));
    const bad: [unknown, string][] = [
      [{ assignments: [] }, 'assignments'],
      [{ assignments: many }, 'assignments'],
      [{ assignments: items, level: 'workgroup' }, ''],
      [{ assignments: [{ ...item, status: 'approved' }] }, 'assignments.0'],
      [{ assignments: [{ SectionId: item.SectionId }] }, 'assignments.0.id'],
      [{ assignments: [item, ...items] }, 'assignments.1'],
      [[item], ''],
    ];
    for (const [payload, field] of bad) {
      const answer = await send(APPROVE, 'ops', payload);
      expect(answer.statusCode).toBe(400);
      expect((answer.json().fields as { field: string }[]).map((f) => f.field)).toContain(field);
    }
    const stale = await send(APPROVE, 'ops', { assignments: [item] }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(400);
    expect(await eventCount(item.SectionId)).toBe(before);
  });

  it('approves a full batch of 200 and answers the last position', async () => {
    const items: { SectionId: string; id: string }[] = [];
    // 20 sections of ten assignments each (ops assigns; nobody is double-booked without meetings).
    const bus = createCommandBus({ store: db.store });
    for (let i = 0; i < 20; i++) {
      const ids = Array.from({ length: 10 }, (_, j) => `bulk-user-${String(j)}`);
      if (i === 0) {
        for (const id of ids) {
          await bus.execute('CreateUser', {
            id,
            firstName: id,
            lastName: 'Instructor',
            email: `${id}@example.edu`,
            username: id,
            isFaculty: true,
          });
        }
      }
      items.push(...(await sectionWith('wg-math', ids)));
    }
    const answer = await send(APPROVE, 'ops', { assignments: items });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.refused).toEqual([]);
    expect(body.approved).toHaveLength(BULK_APPROVAL_MAX);
    const last = (await db.events(`section-${String(items.at(-1)?.SectionId)}`)).at(-1);
    expect(body.position).toBe(last && positionToToken(last.position));
  }, 60_000);
});
