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
    assigner6: memberRules('assigner6', 2, 6),
    approver6: memberRules('approver6', 1, 6),
    approver5: memberRules('approver5', 1, 5),
    affairs: rulesOf('academicAffairsApprover', 'affairs'),
    reporting: rulesOf('reportingUser', 'reporting'),
  });
  const bus = createCommandBus({ store: db.store });
  await bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await bus.execute('CreateAcademicPeriod', {
    id: 'p',
    name: '2026-27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await bus.execute('CreateProgressStep', {
    id: 'step6',
    AcademicPeriodId: 'p',
    stepId: 6,
    name: 'Department review',
    isActive: true,
  });
  await bus.execute('CreateProgressStep', {
    id: 'step7',
    AcademicPeriodId: 'p',
    stepId: 7,
    name: 'Academic affairs approval',
    isActive: false,
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const act = (as: string | null, action: string, payload: object = {}, step = 'step6') =>
  t.request({
    method: 'POST',
    url: `/api/progressSteps/${step}/workgroups/wg-math/${action}`,
    payload,
    headers: as ? t.signedIn(as) : {},
  });

describe('workgroup progress actions', () => {
  it('an assigner submits at step 6; an approver approves; each action is an event', async () => {
    expect((await act('approver6', 'submit')).statusCode).toBe(403);
    const submitted = await act('assigner6', 'submit', { comment: 'All sections staffed.' });
    expect(submitted.statusCode).toBe(200);
    expect((await act('assigner6', 'approve')).statusCode).toBe(403);
    expect((await act('approver5', 'approve')).statusCode).toBe(403);
    expect((await act('reporting', 'approve')).statusCode).toBe(403);
    expect((await act(null, 'approve')).statusCode).toBe(401);
    expect((await act('approver6', 'return', { comment: 'MATH 101 is short.' })).statusCode).toBe(
      200,
    );
    expect((await act('assigner6', 'submit')).statusCode).toBe(200);
    expect((await act('affairs', 'approve')).statusCode).toBe(200);
    const events = await db.store.readStream('workgroupApproval-wg-math-step6');
    expect(events.map((e) => (e.data as { status: string }).status)).toEqual([
      'submitted',
      'returned',
      'submitted',
      'approved',
    ]);
    expect(events[1]?.metadata.actorId).toBe('approver6');
  });

  it('refuses what the lifecycle or the step does not allow, and bad input', async () => {
    expect((await act('affairs', 'approve')).statusCode).toBe(422);
    expect((await act('affairs', 'approve', {}, 'step7')).statusCode).toBe(422);
    expect((await act('affairs', 'approve', {}, 'no-step')).statusCode).toBe(422);
    expect((await act('affairs', 'dance')).statusCode).toBe(400);
    expect((await act('affairs', 'approve', { comment: 3 })).statusCode).toBe(400);
  });

  it('refuses a caller who may not act on the workgroup before looking at the body', async () => {
    // Reading sections passes the route's gate; acting on this workgroup is checked next.
    expect((await act('reporting', 'approve', { comment: 3 })).statusCode).toBe(403);
    expect((await act('approver5', 'approve', { unknown: true })).statusCode).toBe(403);
    expect((await act('approver6', 'submit', { comment: 3 })).statusCode).toBe(403);
  });
});
