import { ClonePreviewAnswer, CloneResult } from '@allot/shared-events';
import { demoAcademicPeriodId, demoAcademicTermId } from '../seed/demoPeriods.js';
import { demoPlan } from '../seed/demoPlan.js';
import { startDemoAllot } from '../testing/demoAllot.js';

/*
 * Clone Resources through the whole embedded app on the demo: the preview of copying the current
 * period into next year's — what would be created, what is there and what cannot be mapped —
 * writes nothing and is refused to those who may not clone.
 */
let demo: Awaited<ReturnType<typeof startDemoAllot>>;

beforeAll(async () => {
  demo = await startDemoAllot('allot-cloning-');
}, 300_000);

afterAll(async () => {
  await demo.close();
});

const active = demoAcademicPeriodId('active');
const next = demoAcademicPeriodId('next');
const settings = (termMapping: Record<string, string | null>) => ({
  SourcePeriodId: active,
  TargetPeriodId: next,
  kinds: ['offerings', 'sections', 'teachingAssignments', 'administrativeAssignments'],
  termMapping,
});
/** The runs copy fall alone: a third of the demo's period, every rule met all the same. */
const fallOnly = {
  [demoAcademicTermId('active', 'fall')]: demoAcademicTermId('next', 'fall'),
};
const fallAndSpring = {
  [demoAcademicTermId('active', 'fall')]: demoAcademicTermId('next', 'fall'),
  [demoAcademicTermId('active', 'spring')]: demoAcademicTermId('next', 'spring'),
};

describe('previewing a clone of the demo’s current period into next year', () => {
  it('counts what would be created per kind and names what cannot be mapped, writing nothing', async () => {
    const head = await demo.allot.store.committedHeadPosition();
    const answer = await demo.call('POST', '/api/cloning/preview', 'academicOpsAdmin', {
      ...settings(fallAndSpring),
    });
    expect(answer.status).toBe(200);
    const preview = ClonePreviewAnswer.parse(answer.body);
    const plan = demoPlan();
    const byKind = Object.fromEntries(preview.kinds.map((k) => [k.kind, k]));
    const summer = plan.sections.filter((s) => s.term === 'summer').length;
    expect(byKind.offerings).toMatchObject({ create: plan.offerings.length, existing: 0 });
    // Summer is not mapped: its sections are listed, with the reason.
    expect(byKind.sections).toMatchObject({
      create: plan.sections.length - summer,
      existing: 0,
      notMappable: summer,
    });
    expect(byKind.sections?.problems[0]?.reason).toMatch(
      /^Summer \d{4} has no term of .+ mapped to it\.$/,
    );
    expect(byKind.teachingAssignments?.create).toBeGreaterThan(0);
    expect(byKind.administrativeAssignments?.create).toBeGreaterThan(0);
    expect(byKind.sections?.creates[0]).toMatch(/^[A-Z]+ \d+[A-Z]?-\S+$/);
    expect(await demo.allot.store.committedHeadPosition()).toEqual(head);
  });

  it('answers 400 for settings that copy nothing, 404 for a period that does not exist', async () => {
    const nothing = await demo.call('POST', '/api/cloning/preview', 'admin', {
      ...settings(fallAndSpring),
      kinds: [],
    });
    expect(nothing.status).toBe(400);
    const same = await demo.call('POST', '/api/cloning/preview', 'admin', {
      ...settings(fallAndSpring),
      TargetPeriodId: active,
    });
    expect([same.status, same.body.message]).toEqual([400, expect.any(String)]);
    const missing = await demo.call('POST', '/api/cloning/preview', 'admin', {
      ...settings(fallAndSpring),
      TargetPeriodId: 'no-such-period',
    });
    expect([missing.status, missing.body.message]).toEqual([
      404,
      'There is no such academic period.',
    ]);
  });

  it('stops between records when its starter asks, keeping what it created', async () => {
    // Before the whole clone below, which then creates what this one did not.
    const started = await demo.call('POST', '/api/cloning', 'academicOpsAdmin', settings(fallOnly));
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    // Only who started it stops it.
    expect((await demo.call('POST', `/api/cloning/${id}/stop`, 'admin')).status).toBe(403);
    expect((await demo.call('POST', `/api/cloning/${id}/stop`, 'academicOpsAdmin')).status).toBe(
      204,
    );
    // Stopped between records (its result says so), or before it began (it never ran).
    let stopped: boolean | null = null;
    for (let i = 0; i < 1200 && stopped === null; i += 1) {
      const status = await demo.allot.jobs.status(id);
      if (status?.state === 'completed') stopped = CloneResult.parse(status.result).stopped;
      if (status?.state === 'failed') stopped = status.error === 'Stopped.';
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(stopped).toBe(true);
    expect(
      (await demo.call('POST', '/api/cloning/no-such-job/stop', 'academicOpsAdmin')).status,
    ).toBe(404);
  }, 180_000);

  it('runs the clone as a job, then again creating nothing new', async () => {
    const previewed = ClonePreviewAnswer.parse(
      (await demo.call('POST', '/api/cloning/preview', 'academicOpsAdmin', settings(fallOnly)))
        .body,
    );
    const expected = Object.fromEntries(previewed.kinds.map((k) => [k.kind, k.create]));
    const run = async () => {
      const started = await demo.call('POST', '/api/cloning', 'academicOpsAdmin', {
        ...settings(fallOnly),
      });
      expect(started.status).toBe(202);
      const id = (started.body as { id: string }).id;
      // Up to four minutes: two cores shared with other test files' Allots.
      for (let i = 0; i < 1200; i++) {
        const status = await demo.allot.jobs.status(id);
        if (status?.state === 'completed') return CloneResult.parse(status.result);
        if (status?.state === 'failed') throw new Error(status.error);
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the clone did not end');
    };
    const first = await run();
    // Every offering and section the preview counted is created; an assignment or duty is
    // created or named with the command's refusal (the demo's deliberate overrides are not
    // copied: a double-booked room leaves a section without its meetings, said so).
    expect(first.created.offerings).toBe(expected.offerings);
    expect(first.created.sections).toBe(expected.sections);
    const meetingsLeft = first.failed.filter((f) =>
      f.reason.startsWith('Its meetings were not copied: '),
    ).length;
    expect(
      (first.created.teachingAssignments ?? 0) +
        (first.created.administrativeAssignments ?? 0) +
        first.failedCount -
        meetingsLeft,
    ).toBe((expected.teachingAssignments ?? 0) + (expected.administrativeAssignments ?? 0));
    expect(first.failed.length).toBe(first.failedCount);
    expect(first.stopped).toBe(false);
    await demo.settled();
    const sections = await demo.call(
      'GET',
      `/api/sections?AcademicPeriodId=${next}&take=1`,
      'academicOpsAdmin',
    );
    // Those the stopped clone above made, and these.
    const existing = previewed.kinds.find((k) => k.kind === 'sections')?.existing ?? 0;
    expect(sections.body.count).toBe((expected.sections ?? 0) + existing);
    // A cloned section's history: created and given its meetings by the clone, as one entry.
    const cloned = await demo.call(
      'GET',
      `/api/sections?AcademicPeriodId=${next}&take=50`,
      'academicOpsAdmin',
    );
    const withMeetings = (cloned.body.rows as { id: string; meetings?: unknown[] }[]).find(
      (r) => (r.meetings?.length ?? 0) > 0,
    );
    expect(withMeetings).toBeDefined();
    const history = await demo.call(
      'GET',
      `/api/history/sections/${withMeetings!.id}`,
      'academicOpsAdmin',
    );
    const sectionRows = (
      history.body.rows as {
        assignment: unknown;
        clone: unknown;
        type: string;
        changes: unknown[];
      }[]
    ).filter((r) => r.assignment === null);
    expect(sectionRows).toHaveLength(1);
    expect(sectionRows[0]).toMatchObject({
      type: 'SectionCreated',
      clone: { from: expect.any(String), into: expect.any(String) },
      changes: expect.arrayContaining([expect.objectContaining({ field: 'meetings' })]),
    });
    // Again: found there, nothing new.
    const second = await run();
    expect(Object.values(second.created).every((n) => n === 0)).toBe(true);
    expect(second.existing.sections).toBe((expected.sections ?? 0) + existing);
    const again = ClonePreviewAnswer.parse(
      (await demo.call('POST', '/api/cloning/preview', 'academicOpsAdmin', settings(fallOnly)))
        .body,
    );
    expect(again.kinds.find((k) => k.kind === 'sections')?.create).toBe(0);
  }, 600_000);

  it('is refused to those who may not clone', async () => {
    for (const who of ['faculty', 'academicAffairsApprover', 'financialReportingUser']) {
      const refused = await demo.call('POST', '/api/cloning/preview', who, settings(fallAndSpring));
      expect([who, refused.status]).toEqual([who, 403]);
      const run = await demo.call('POST', '/api/cloning', who, settings(fallAndSpring));
      expect([who, run.status]).toEqual([who, 403]);
      const stop = await demo.call('POST', '/api/cloning/some-job/stop', who);
      expect([who, stop.status]).toEqual([who, 403]);
    }
  });
});
