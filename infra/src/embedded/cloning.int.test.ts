import { ClonePreviewAnswer } from '@allot/shared-events';
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

  it('is refused to those who may not clone', async () => {
    for (const who of ['faculty', 'academicAffairsApprover', 'financialReportingUser']) {
      const refused = await demo.call('POST', '/api/cloning/preview', who, settings(fallAndSpring));
      expect([who, refused.status]).toEqual([who, 403]);
    }
  });
});
