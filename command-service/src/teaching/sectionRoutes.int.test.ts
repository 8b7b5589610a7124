import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf, memberRules } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    ops: rulesOf('academicOpsAdmin', 'ops'),
    approver: rulesOf('academicAffairsApprover', 'approver'),
    scheduler: rulesOf('sectionScheduler', 'scheduler'),
    faculty: rulesOf('faculty', 'faculty'),
    assigner6: memberRules('assigner6', 2, 6),
    assigner5: memberRules('assigner5', 2, 5),
    approver6: memberRules('approver6', 1, 6),
    approver5: memberRules('approver5', 1, 5),
  });
  // The records sections and assignments name (references are checked: 422 when missing).
  const bus = createCommandBus({ store: db.store });
  await bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await bus.execute('CreateAcademicPeriod', {
    id: 'period-1',
    name: '2026-27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await bus.execute('CreateCourse', {
    id: 'course-1',
    courseNumber: 'MATH 101',
    name: 'Calculus I',
  });
  await bus.execute('CreateAcademicTerm', {
    id: 'fall',
    name: 'Fall',
    AcademicPeriodId: 'period-1',
    startDate: '2026-08-20',
    endDate: '2026-12-20',
  });
  await bus.execute('CreateTeachingMode', { id: 'inPerson', name: 'In person', slug: 'in-person' });
  await bus.execute('CreateCourseOffering', {
    id: 'offering-1',
    CourseId: 'course-1',
    AcademicPeriodId: 'period-1',
    termModes: [{ AcademicTermId: 'fall', TeachingModeId: 'inPerson' }],
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

const send = (method: string, url: string, as: string | null, payload?: object, extra = {}) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...(as ? t.signedIn(as) : {}), ...extra },
  });

const sectionBody = (sectionNumber: string) => ({
  CourseOfferingId: 'offering-1',
  WorkgroupId: 'wg-math',
  name: 'Calculus I',
  sectionNumber,
  enrollment: 30,
  defaultPoints: 3,
});
const mondays = (id: string, startTime: string, endTime: string) => ({
  id,
  days: ['MO', 'WE'],
  startTime,
  endTime,
  startDate: '2026-09-07',
  until: '2026-12-11',
  frequency: 'weekly',
  LocationId: null,
});

async function createSection(sectionNumber: string): Promise<string> {
  const created = await send('POST', '/api/sections', 'ops', sectionBody(sectionNumber));
  expect(created.statusCode).toBe(201);
  return created.json().id as string;
}

describe('section write routes', () => {
  it('creates a section (201, server id), refusing faculty (403), no session (401) and bad input (400)', async () => {
    const id = await createSection('001');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.events(`section-${id}`)).toEqual([
      expect.objectContaining({
        type: 'SectionCreated',
        data: expect.objectContaining({
          id,
          WorkgroupId: 'wg-math',
          points: null,
          allowOverlap: false,
        }),
        metadata: expect.objectContaining({ actorId: 'ops' }),
      }),
    ]);
    expect((await send('POST', '/api/sections', 'faculty', sectionBody('002'))).statusCode).toBe(
      403,
    );
    // No session: 401 or 403 (as for every write route; the requirement may answer first).
    expect([401, 403]).toContain(
      (await send('POST', '/api/sections', null, sectionBody('002'))).statusCode,
    );
    const bad = await send('POST', '/api/sections', 'ops', {
      ...sectionBody('002'),
      enrollment: -1,
      colour: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().fields as { field: string }[]).map((f) => f.field)).toEqual(
      expect.arrayContaining(['enrollment', '']),
    );
    // The schedule route: a scheduler may set meetings but not edit the section.
    const meetings = await send('PUT', `/api/sections/${id}/meetings`, 'scheduler', {
      meetings: [mondays('m1', '09:00', '10:00')],
    });
    expect(meetings.statusCode).toBe(200);
    expect((await send('PUT', `/api/sections/${id}`, 'scheduler', { points: 4 })).statusCode).toBe(
      403,
    );
    const badMeeting = await send('PUT', `/api/sections/${id}/meetings`, 'scheduler', {
      meetings: [mondays('m1', '10:00', '09:00')],
    });
    expect(badMeeting.statusCode).toBe(400);
  });

  it('refuses (422) an unknown course offering, workgroup or instructor, writing nothing', async () => {
    const offering = await send('POST', '/api/sections', 'ops', {
      ...sectionBody('004'),
      CourseOfferingId: 'nope',
    });
    expect(offering.statusCode).toBe(422);
    expect(offering.json().message).toBe('The course offering of this section does not exist.');
    const id = await createSection('005');
    const moved = await send('PUT', `/api/sections/${id}`, 'ops', { WorkgroupId: 'wg-gone' });
    expect(moved.statusCode).toBe(422);
    const nobody = await send('POST', `/api/sections/${id}/assignments`, 'ops', {
      UserId: 'nobody',
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().message).toBe('This instructor does not exist.');
    expect(await db.events(`section-${id}`)).toHaveLength(1);
  });

  it('takes a term mode only from those its course offering lists', async () => {
    const listed = { AcademicTermId: 'fall', TeachingModeId: 'inPerson' };
    const created = await send('POST', '/api/sections', 'ops', {
      ...sectionBody('006'),
      TermMode: listed,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const other = { AcademicTermId: 'fall', TeachingModeId: 'online' };
    const refused = await send('PUT', `/api/sections/${id}`, 'ops', { TermMode: other });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/not among its course offering's/);
    expect((await send('PUT', `/api/sections/${id}`, 'ops', { TermMode: null })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an unknown section and 409 for a stale revision', async () => {
    expect((await send('PUT', '/api/sections/nope', 'ops', { points: 1 })).statusCode).toBe(404);
    const id = await createSection('003');
    expect(
      (await send('PUT', `/api/sections/${id}`, 'ops', { points: 2 }, { 'if-match': '"0"' }))
        .statusCode,
    ).toBe(200);
    const stale = await send(
      'PUT',
      `/api/sections/${id}`,
      'ops',
      { points: 5 },
      { 'if-match': '"0"' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ currentRevision: 1 });
  });
});

describe('teaching assignments over HTTP: bits at step 6, approvals, re-approval, double-booking', () => {
  it('runs the workflow with the workgroup bits at step 6 and refuses them at step 5', async () => {
    const id = await createSection('010');
    const assign = (as: string) =>
      send('POST', `/api/sections/${id}/assignments`, as, { UserId: 'ada' });
    expect((await assign('assigner5')).statusCode).toBe(403);
    expect((await assign('approver')).statusCode).toBe(403);
    expect((await assign('faculty')).statusCode).toBe(403);
    const created = await assign('assigner6');
    expect(created.statusCode).toBe(201);
    const assignmentId = created.json().id as string;
    const url = `/api/sections/${id}/assignments/${assignmentId}`;

    expect((await send('POST', `${url}/approve`, 'approver5')).statusCode).toBe(403);
    expect((await send('POST', `${url}/approve`, 'assigner6')).statusCode).toBe(403);
    // Academic affairs may not skip the workgroup's approval.
    const early = await send('POST', `${url}/finalize`, 'approver');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/workgroup approves this assignment first/);
    expect((await send('POST', `${url}/approve`, 'approver6')).statusCode).toBe(200);
    expect((await send('POST', `${url}/finalize`, 'approver6')).statusCode).toBe(403);
    expect((await send('POST', `${url}/finalize`, 'approver')).statusCode).toBe(200);

    // A change re-opens the approval; the workgroup approves again.
    expect((await send('PUT', url, 'assigner6', { share: 50 })).statusCode).toBe(200);
    expect((await send('POST', `${url}/approve`, 'approver6')).statusCode).toBe(200);
    const statuses = (await db.events(`section-${id}`))
      .filter((e) => e.type === 'TeachingAssignmentChanged')
      .map((e) => (e.data as { status: string }).status);
    expect(statuses).toEqual(['approved', 'final', 'reopened', 'approved']);
    const approval = (await db.events(`section-${id}`)).at(-1);
    expect(approval).toMatchObject({
      data: { approval: { level: 'workgroup', by: 'approver6' } },
      metadata: { actorId: 'approver6' },
    });

    expect(
      (await send('POST', `${url}/withdraw`, 'assigner6', { reason: 'leave' })).statusCode,
    ).toBe(200);
    expect((await send('DELETE', url, 'assigner6')).statusCode).toBe(200);
    expect((await send('DELETE', url, 'assigner6')).statusCode).toBe(404);
  });

  it('refuses change, withdraw, unassign, meetings and delete to whoever may not, writing nothing', async () => {
    await createCommandBus({ store: db.store }).execute('CreateWorkgroup', {
      id: 'wg-physics',
      name: 'Physics',
    });
    const ours = await createSection('040');
    const theirs = (
      await send('POST', '/api/sections', 'ops', {
        ...sectionBody('041'),
        WorkgroupId: 'wg-physics',
      })
    ).json().id as string;
    const assignmentOn = async (id: string) =>
      (await send('POST', `/api/sections/${id}/assignments`, 'ops', { UserId: 'linus' })).json()
        .id as string;
    const onOurs = `/api/sections/${ours}/assignments/${await assignmentOn(ours)}`;
    const onTheirs = `/api/sections/${theirs}/assignments/${await assignmentOn(theirs)}`;
    const before = [
      (await db.events(`section-${ours}`)).length,
      (await db.events(`section-${theirs}`)).length,
    ];

    const attempts: [string, string, object | undefined][] = [
      ['PUT', '', { notes: 'x' }],
      ['POST', '/withdraw', { reason: 'x' }],
      ['DELETE', '', undefined],
    ];
    const refused: string[] = [];
    const expectRefused = async (method: string, url: string, as: string, body?: object) => {
      const status = (await send(method, url, as, body)).statusCode;
      if (status !== 403) refused.push(`${method} ${url} as ${as}: ${status}`);
    };
    for (const [method, suffix, body] of attempts) {
      // Bit 2 counts only at step 6, only on its own workgroup's sections; approving is not assigning.
      await expectRefused(method, `${onOurs}${suffix}`, 'assigner5', body);
      await expectRefused(method, `${onOurs}${suffix}`, 'approver6', body);
      await expectRefused(method, `${onOurs}${suffix}`, 'faculty', body);
      await expectRefused(method, `${onOurs}${suffix}`, 'scheduler', body);
      await expectRefused(method, `${onTheirs}${suffix}`, 'assigner6', body);
    }
    const meetings = { meetings: [mondays('m1', '08:00', '09:00')] };
    await expectRefused('PUT', `/api/sections/${ours}/meetings`, 'faculty', meetings);
    await expectRefused('PUT', `/api/sections/${ours}/meetings`, 'assigner6', meetings);
    for (const as of ['scheduler', 'approver', 'assigner6', 'faculty']) {
      await expectRefused('DELETE', `/api/sections/${ours}`, as);
    }
    expect(refused).toEqual([]);
    expect([
      (await db.events(`section-${ours}`)).length,
      (await db.events(`section-${theirs}`)).length,
    ]).toEqual(before);
  });

  it('refuses a double booking with 422, writes nothing, and records an explicit override', async () => {
    const first = await createSection('020');
    const second = await createSection('021');
    const setMeetings = (id: string, meeting: object) =>
      send('PUT', `/api/sections/${id}/meetings`, 'ops', { meetings: [meeting] });
    expect((await setMeetings(first, mondays('m1', '09:00', '10:00'))).statusCode).toBe(200);
    expect((await setMeetings(second, mondays('m1', '09:30', '10:30'))).statusCode).toBe(200);
    expect(
      (await send('POST', `/api/sections/${first}/assignments`, 'ops', { UserId: 'grace' }))
        .statusCode,
    ).toBe(201);

    const before = (await db.events(`section-${second}`)).length;
    const refused = await send('POST', `/api/sections/${second}/assignments`, 'ops', {
      UserId: 'grace',
    });
    expect(refused.statusCode).toBe(422);
    // Named: who, with which section, and the first clashing date, in words (no ids).
    expect(refused.json().message).toBe(
      'grace Instructor already teaches MATH 101 020 at this time on Mon, Sep 7, 2026 and 27 more dates. You may go ahead anyway: the clash is then recorded as an override.',
    );
    // Marked as a conflict the caller may override (other refusals are not).
    expect(refused.json().overridable).toBe(true);
    expect(await db.events(`section-${second}`)).toHaveLength(before);

    const overridden = await send('POST', `/api/sections/${second}/assignments`, 'ops', {
      UserId: 'grace',
      override: true,
    });
    expect(overridden.statusCode).toBe(201);
    expect((await db.events(`section-${second}`)).at(-1)).toMatchObject({
      type: 'TeachingAssignmentCreated',
      data: {
        UserId: 'grace',
        overriddenConflicts: [
          expect.objectContaining({ kind: 'instructorDoubleBooked', otherSectionId: first }),
        ],
      },
    });

    // Moving the first section's meeting away is fine; moving it back onto grace's other class is not.
    const move = (startTime: string, endTime: string, override?: boolean) =>
      send('POST', `/api/sections/${first}/meetings/m1/move`, 'scheduler', {
        startTime,
        endTime,
        ...(override ? { override } : {}),
      });
    expect((await move('13:00', '14:00')).statusCode).toBe(200);
    expect((await move('09:15', '10:15')).statusCode).toBe(422);
    expect((await move('09:15', '10:15', true)).statusCode).toBe(200);
    expect(
      (await send('POST', `/api/sections/${first}/meetings/m1/move`, 'faculty', { days: ['FR'] }))
        .statusCode,
    ).toBe(403);
  });

  it('checks rooms against the locations kind: too small refuses, back-to-back across buildings is recorded', async () => {
    const room = async (code: string, capacity: number) => {
      const created = await send('POST', '/api/locations', 'ops', { code, capacity });
      expect(created.statusCode).toBe(201);
      return created.json().id as string;
    };
    const small = await room('SCI 101', 20);
    const large = await room('ART 5', 200);
    const id = await createSection('030');
    const inRoom = (LocationId: string, startTime: string, endTime: string) => ({
      ...mondays('m1', startTime, endTime),
      LocationId,
    });
    const tooSmall = await send('PUT', `/api/sections/${id}/meetings`, 'ops', {
      meetings: [inRoom(small, '15:00', '16:00')],
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().message).toMatch(/seats 20, fewer than the section's 30 students/);

    // Linus teaches in ART at 15:00–16:00, then this section at 16:10 in SCI: a warning only.
    const other = await createSection('031');
    expect(
      (
        await send('PUT', `/api/sections/${other}/meetings`, 'ops', {
          meetings: [inRoom(large, '15:00', '16:00')],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', `/api/sections/${other}/assignments`, 'ops', { UserId: 'linus' }))
        .statusCode,
    ).toBe(201);
    expect((await send('PUT', `/api/sections/${id}`, 'ops', { enrollment: 10 })).statusCode).toBe(
      200,
    );
    expect(
      (
        await send('PUT', `/api/sections/${id}/meetings`, 'ops', {
          meetings: [inRoom(small, '16:10', '17:00')],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', `/api/sections/${id}/assignments`, 'ops', { UserId: 'linus' }))
        .statusCode,
    ).toBe(201);
    expect((await db.events(`section-${id}`)).at(-1)).toMatchObject({
      data: {
        overriddenConflicts: [],
        warnings: [
          expect.objectContaining({
            kind: 'backToBack',
            message: expect.stringContaining('10 minutes to get from ART to SCI'),
          }),
        ],
      },
    });
  });
});
