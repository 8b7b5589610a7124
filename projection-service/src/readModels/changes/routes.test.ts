import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  administrativeAssignments,
  canonical,
  courses,
  progressSteps,
  users,
  workgroups,
  AlignmentMetricsAnswer,
  ChangeCountAnswer,
  ChangedSinceAnswer,
  ChangeFeedAnswer,
  CompareAnswer,
  positionToToken,
  type AbilityContext,
  type ChangeFeedEntry,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { alignmentMetricsRoutes } from '../alignment/routes.js';
import { apiKeysProjection } from '../auth/apiKeysProjection.js';
import { history } from '../planHistory/testing/history.js';
import { planHistoryProjection } from '../planHistory/projection.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { preferencesProjection } from '../preferences/projection.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionReadRoutes } from '../sections/routes.js';
import { sectionsProjection } from '../sections/projection.js';
import { changeFeedRoutes } from './routes.js';

/**
 * The change feed over the plan's history: the changes in words, who may see which, "since my
 * last approval", paging and the count of new ones — on an embedded PostgreSQL fed the events.
 */
const PERIOD = 'p1';
let harness: RouteHarness;

const contexts: Record<string, AbilityContext> = {
  admin: { ...demoContextFor('admin'), userId: 'admin' },
  ops: { ...demoContextFor('academicOpsAdmin'), userId: 'ops' },
  // An approver of Biology: a member with the approve bit, and the approver's role.
  appr: {
    ...demoContextFor('academicAffairsApprover'),
    userId: 'appr',
    workgroupPermissions: [{ id: 'wg-bio', permission: 1 }],
  },
  // A chair who reads only Chemistry's sections (member, no role).
  chem: {
    ...demoContextFor('faculty'),
    userId: 'chem',
    roles: [] as RoleSlug[],
    workgroupPermissions: [{ id: 'wg-chem', permission: 0 }],
  },
  u2: { ...demoContextFor('faculty'), userId: 'u2' },
  // Signed in with no role and no workgroup: reads no assignment.
  nobody: { ...demoContextFor('faculty'), userId: 'nobody', roles: [] as RoleSlug[] },
  u4: { ...demoContextFor('faculty'), userId: 'u4' },
};

let minute = 0;
function stream(streamId: string, metadata: RecordedEvent['metadata'] = { actorId: 'admin' }) {
  let revision = 0n;
  return (type: string, data: unknown, meta = metadata): RecordedEvent => {
    minute += 1;
    const at = new Date(Date.UTC(2026, 2, 3, 9, minute));
    return recorded(type, data, {
      streamId,
      revision: revision++,
      createdAt: at,
      metadata: { ...meta, occurredAt: at.toISOString() },
    });
  };
}

const person = (id: string, firstName: string, lastName: string) =>
  stream(`user-${id}`)('UserCreated', {
    id,
    firstName,
    lastName,
    email: `${id}@example.edu`,
    username: id,
    isFaculty: true,
    FinancialData: { pointsRequired: 12 },
  });

const s1 = stream('section-s1');
const s2 = stream('section-s2');
const meeting = (days: string[], start: string, end: string) => ({
  id: `m-${start}`,
  days,
  startTime: start,
  endTime: end,
  startDate: '2026-09-01',
  until: '2026-12-15',
  frequency: 'weekly',
  exceptions: [],
  LocationId: 'r1',
});

/** A workgroup's progress step 6 approved by `actorId`. */
const stepApproved = (id: string, workgroupId: string, actorId: string) =>
  stream(`workgroupApproval-${workgroupId}-step6`, { actorId })('ProgressActionRecorded', {
    id,
    WorkgroupId: workgroupId,
    ProgressStepId: 'step6',
    AcademicPeriodId: PERIOD,
    stepId: 6,
    action: 'approve',
    from: 'submitted',
    status: 'approved',
    comment: null,
  });

/** Before the approval: the plan as the approver approved it. */
const setup: RecordedEvent[] = [
  stream(`academicPeriod-${PERIOD}`)('AcademicPeriodCreated', { id: PERIOD, name: '2026–27' }),
  stream('workgroup-wg-bio')('WorkgroupCreated', { id: 'wg-bio', name: 'Biology', members: [] }),
  stream('workgroup-wg-chem')('WorkgroupCreated', {
    id: 'wg-chem',
    name: 'Chemistry',
    members: [],
  }),
  stream('location-r1')('LocationCreated', { id: 'r1', code: 'SSH 120', capacity: 40 }),
  person('admin', 'Ada', 'Admin'),
  person('ops', 'Oscar', 'Operations'),
  person('appr', 'Avery', 'Approver'),
  person('u2', 'Rafael', 'Novak'),
  person('u3', 'Maria', 'Garcia'),
  person('u4', 'Ken', 'Ito'),
  stream('course-c1')('CourseCreated', {
    id: 'c1',
    courseNumber: 'BIO 101',
    name: 'Cells',
    sectionCreditHours: 3,
    WorkgroupId: 'wg-bio',
  }),
  stream('courseOffering-o1')('CourseOfferingCreated', {
    id: 'o1',
    CourseId: 'c1',
    AcademicPeriodId: PERIOD,
    termModes: [],
  }),
  stream('course-c2')('CourseCreated', {
    id: 'c2',
    courseNumber: 'CHEM 200',
    name: 'Bonds',
    sectionCreditHours: 4,
    WorkgroupId: 'wg-chem',
  }),
  stream('courseOffering-o2')('CourseOfferingCreated', {
    id: 'o2',
    CourseId: 'c2',
    AcademicPeriodId: PERIOD,
    termModes: [],
  }),
  s1('SectionCreated', {
    id: 's1',
    CourseOfferingId: 'o1',
    WorkgroupId: 'wg-bio',
    name: 'Lecture',
    sectionNumber: '001',
    enrollment: 30,
    defaultPoints: null,
    points: null,
    notes: null,
    TermMode: null,
    allowOverlap: false,
  }),
  s1('SectionMeetingsSet', {
    id: 's1',
    meetings: [meeting(['TU', 'TH'], '09:30', '10:45')],
    overriddenConflicts: [],
    warnings: [],
  }),
  s2('SectionCreated', {
    id: 's2',
    CourseOfferingId: 'o2',
    WorkgroupId: 'wg-chem',
    name: 'Lab',
    sectionNumber: '010',
    enrollment: 12,
    defaultPoints: null,
    points: null,
    notes: null,
    TermMode: null,
    allowOverlap: false,
  }),
  s1('TeachingAssignmentCreated', {
    SectionId: 's1',
    id: 'a1',
    UserId: 'u2',
    share: null,
    notes: null,
    status: 'proposed',
    overriddenConflicts: [],
    warnings: [],
  }),
  s1('TeachingAssignmentCreated', {
    SectionId: 's1',
    id: 'a2',
    UserId: 'u4',
    share: null,
    notes: null,
    status: 'proposed',
    overriddenConflicts: [],
    warnings: [],
  }),
  s1('TeachingAssignmentChanged', {
    SectionId: 's1',
    id: 'a1',
    status: 'approved',
    previousStatus: 'proposed',
  }),
  s1('TeachingAssignmentChanged', {
    SectionId: 's1',
    id: 'a2',
    status: 'approved',
    previousStatus: 'proposed',
  }),
  stepApproved('pa1', 'wg-bio', 'appr'),
];

/** After it: another user changes two assignments and a meeting (and other things happen). */
const afterApproval: RecordedEvent[] = [
  s1(
    'TeachingAssignmentReassigned',
    { SectionId: 's1', id: 'a1', UserId: 'u3', previousUserId: 'u2' },
    { actorId: 'ops' },
  ),
  s1(
    'TeachingAssignmentChanged',
    { SectionId: 's1', id: 'a2', status: 'reopened', previousStatus: 'approved' },
    { actorId: 'ops' },
  ),
  s1(
    'SectionMeetingsSet',
    {
      id: 's1',
      meetings: [meeting(['TU', 'TH'], '11:00', '12:15')],
      overriddenConflicts: [],
      warnings: [],
    },
    { actorId: 'ops' },
  ),
  // Chemistry's section, through an API key; a user's financial data, while masquerading.
  stream('apiKey-k1')('ApiKeyCreated', {
    apiKeyId: 'k1',
    userId: 'ops',
    name: 'Nightly sync',
    secretSha256: 'a'.repeat(64),
  }),
  s2('SectionUpdated', { id: 's2', enrollment: 16 }, { actorId: 'ops', apiKeyId: 'k1' }),
  s2('SectionUpdated', { id: 's2', notes: 'Room swap' }, { actorId: 'u3', onBehalfOfId: 'admin' }),
  stream('user-u2', { actorId: 'u3', onBehalfOfId: 'admin' })('UserUpdated', {
    id: 'u2',
    FinancialData: { pointsRequired: 9 },
  }),
];

beforeAll(async () => {
  harness = await openRouteHarness({
    // Section Assignments' list too (its rows carry their alignment, read from these models).
    projections: [
      planHistoryProjection,
      apiKeysProjection,
      sectionsProjection,
      preferencesProjection,
      ...[users, courses, administrativeAssignments, progressSteps].map(resourceProjection),
    ],
    events: [...setup, ...afterApproval],
    viewer: testViewers(contexts, PERIOD),
    routes: [changeFeedRoutes, sectionReadRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

async function feed(who: string | null, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/changes?${params.toString()}`,
    headers: who ? { 'x-test-user': who } : {},
  });
  return response;
}

async function rows(who: string, query: Record<string, string | number> = {}) {
  const response = await feed(who, query);
  expect(response.statusCode).toBe(200);
  return ChangeFeedAnswer.parse(response.json());
}

const words = (entry: ChangeFeedEntry) =>
  entry.changes.map((c) =>
    c.display.kind === 'text'
      ? `${c.label}: ${c.display.from} → ${c.display.to}`
      : c.display.kind === 'list'
        ? `${c.label}: +${c.display.added.join('|')} -${c.display.removed.join('|')}`
        : c.label,
  );

describe('the change feed', () => {
  it('says since my last approval exactly what changed, in words, newest first, and by whom', async () => {
    const answer = await rows('appr', { WorkgroupId: 'wg-bio', since: 'myLastApproval' });
    expect(answer.since).not.toBeNull();
    expect(answer.rows.map((r) => [r.record.kindLabel, r.record.name, r.summary])).toEqual([
      ['Section', 'BIO 101 – 001 Lecture', 'Meetings changed'],
      ['Teaching assignment', 'Ken Ito · BIO 101 – 001 Lecture', 'Assignment reopened'],
      ['Teaching assignment', 'Maria Garcia · BIO 101 – 001 Lecture', 'Instructor changed'],
    ]);
    const [meetings, reopened, reassigned] = answer.rows as [
      ChangeFeedEntry,
      ChangeFeedEntry,
      ChangeFeedEntry,
    ];
    expect(words(reassigned)).toEqual(['Instructor: Rafael Novak → Maria Garcia']);
    expect(words(reopened)).toEqual(['Status: Approved → Reopened']);
    expect(words(meetings)).toEqual([
      'Meetings: +Tue Thu 11:00–12:15 weekly, 2026-09-01 to 2026-12-15 · SSH 120 -Tue Thu 09:30–10:45 weekly, 2026-09-01 to 2026-12-15 · SSH 120',
    ]);
    expect(answer.rows.map((r) => r.by?.displayName)).toEqual([
      'Oscar Operations',
      'Oscar Operations',
      'Oscar Operations',
    ]);
    expect(reassigned.record.link).toBe('/sections?section=s1');
  });

  it('counts an assignment one approved as one’s last approval too', async () => {
    // The admin approved both assignments before Biology's approver approved the workgroup.
    const answer = await rows('admin', { WorkgroupId: 'wg-bio', since: 'myLastApproval' });
    expect(answer.rows.map((r) => r.summary)).toEqual([
      'Meetings changed',
      'Assignment reopened',
      'Instructor changed',
      'Workgroup approved',
    ]);
  });

  it('shows everything a viewer may read, newest first, with the API key and the masquerade', async () => {
    const answer = await rows('admin', { take: 100 });
    const kinds = answer.rows.map((r) => r.record.kind);
    expect(kinds).toContain('approval');
    expect(kinds).toContain('course');
    const apiKeyed = answer.rows.find((r) => r.through !== null);
    expect(apiKeyed?.through?.name).toBe('Nightly sync');
    expect(words(apiKeyed as ChangeFeedEntry)).toEqual(['Enrollment: 12 → 16']);
    const masqueraded = answer.rows.find((r) => words(r).includes('Notes: (empty) → Room swap'));
    expect([masqueraded?.by?.displayName, masqueraded?.onBehalfOf?.displayName]).toEqual([
      'Ada Admin',
      'Maria Garcia',
    ]);
    const ats = answer.rows.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });

  it('never shows a field a rule hides: a user’s financial data without the FinancialData subject', async () => {
    const admin = await rows('admin', { take: 100 });
    // Only FinancialData changed in the masquerade's event: for the admin, nothing did.
    expect(admin.rows.some((r) => r.record.kind === 'user' && r.change === 'changed')).toBe(false);
    expect(JSON.stringify(admin.rows)).not.toContain('Points required');
  });

  it('shows a faculty member only changes to their own records, a moved assignment included', async () => {
    const mine = await rows('u2', { take: 100 });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.record.kind === 'assignment')).toBe(true);
    // Their assignment given to Maria Garcia: still theirs to hear about.
    expect(mine.rows.map((r) => r.summary)).toContain('Instructor changed');
    const other = await rows('u4', { take: 100 });
    expect(other.rows.every((r) => r.record.name.startsWith('Ken Ito'))).toBe(true);
  });

  it('shows a workgroup’s chair only the sections of their workgroup', async () => {
    const chem = await rows('chem', { take: 100, kind: 'section' });
    expect(chem.rows.length).toBeGreaterThan(0);
    expect(chem.rows.every((r) => r.record.name.startsWith('CHEM'))).toBe(true);
  });

  it('pages from the newest to the oldest without losing or repeating a change', async () => {
    const all = await rows('admin', { take: 100 });
    const paged: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: ChangeFeedAnswer = await rows('admin', {
        take: 3,
        ...(before ? { before } : {}),
      });
      paged.push(...page.rows.map((r) => r.cursor));
      before = page.next;
      if (!before) break;
    }
    expect(paged).toEqual(all.rows.map((r) => r.cursor));
  });

  it('compares the workgroup’s plan at the approver’s last approval with now, side by side', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/changes/compare?AcademicPeriodId=${PERIOD}&WorkgroupId=wg-bio&from=myLastApproval`,
      headers: { 'x-test-user': 'appr' },
    });
    expect(response.statusCode).toBe(200);
    const answer = CompareAnswer.parse(response.json());
    expect(answer.from.label).toBe('Your last approval');
    expect(answer.assignments.added).toEqual([]);
    expect(answer.assignments.removed).toEqual([]);
    expect(answer.assignments.changed.map((c) => [c.name, c.changes.map((x) => x.label)])).toEqual([
      ['Ken Ito · BIO 101 – 001 Lecture', ['Status']],
      ['Maria Garcia · BIO 101 – 001 Lecture', ['Instructor']],
    ]);
    expect(answer.sections.changed.map((c) => [c.name, c.changes.map((x) => x.label)])).toEqual([
      ['BIO 101 – 001 Lecture', ['Meetings']],
    ]);
    // Same workload on both sides (nothing added or removed), two instructors either way.
    expect(answer.totals.from).toEqual(answer.totals.to);
    expect(answer.totals.to).toMatchObject({ sections: 1, assignments: 2, instructors: 2 });
    expect(answer.totals.to.assignedPoints).toBe(3);
    // Both assignments scored at each instant (neither instructor stated a preference).
    expect(answer.totals.to.alignment).toMatchObject({ assignments: 2, blocked: 0 });

    const file = await harness.app.inject({
      method: 'GET',
      url: `/api/changes/compare/file?format=csv&AcademicPeriodId=${PERIOD}&WorkgroupId=wg-bio&from=myLastApproval`,
      headers: { 'x-test-user': 'appr' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain(
      'Changed,Maria Garcia · BIO 101 – 001 Lecture,Instructor,Rafael Novak,Maria Garcia',
    );
    const mean = String(answer.totals.to.alignment.meanScore);
    expect(file.body).toContain(`Total,,Mean alignment score,,${mean},${mean}`);
    const xlsx = await harness.app.inject({
      method: 'GET',
      url: `/api/changes/compare/file?format=xlsx&AcademicPeriodId=${PERIOD}&WorkgroupId=wg-bio&from=myLastApproval`,
      headers: { 'x-test-user': 'appr' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('marks the assignments changed since the approver’s last approval, and filters the list to them', async () => {
    const get = (who: string | null, url: string) =>
      harness.app.inject({
        method: 'GET',
        url,
        headers: who ? { 'x-test-user': who } : {},
      });
    // Without a workgroup: each of the few the viewer approves (Biology for its approver).
    const marked = await get('appr', `/api/changes/changed?AcademicPeriodId=${PERIOD}`);
    expect(marked.statusCode).toBe(200);
    const answer = ChangedSinceAnswer.parse(marked.json());
    expect(answer.workgroups).toEqual([
      { WorkgroupId: 'wg-bio', since: expect.objectContaining({ at: expect.any(String) }) },
    ]);
    // Neither assignment approved by them: compared with their approval of the workgroup.
    expect(answer.rows.map((r) => [r.id, r.SectionId, r.ownApproval])).toEqual([
      ['a1', 's1', false],
      ['a2', 's1', false],
    ]);
    expect(answer.rows[0]?.since).toEqual(answer.workgroups[0]?.since);
    // What the popover shows for one row: its assignment's changes and its section's.
    const a1 = answer.rows[0] as ChangedSinceAnswer['rows'][number];
    const row = await rows('appr', { WorkgroupId: 'wg-bio', records: 'a1,s1', after: a1.after });
    expect(row.rows.map((r) => r.summary)).toEqual(['Meetings changed', 'Instructor changed']);

    // Never approved Chemistry: nothing to compare with, nothing marked.
    const chem = ChangedSinceAnswer.parse(
      (await get('chem', `/api/changes/changed?WorkgroupId=wg-chem`)).json(),
    );
    expect(chem).toEqual({ workgroups: [{ WorkgroupId: 'wg-chem', since: null }], rows: [] });

    // The Section Assignments list filtered to them (what the approver approves again).
    const list = await get(
      'appr',
      `/api/sectionAssignments?AcademicPeriodId=${PERIOD}&WorkgroupId=wg-bio&changed=myLastApproval`,
    );
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ count: number; rows: { id: string }[] }>();
    expect(listed.rows.map((r) => r.id).sort()).toEqual(['a1', 'a2']);
    // No workgroup chosen: those the viewer approved in (the administrator approved both
    // assignments in Biology); someone who never approved sees nothing marked.
    const admins = await get('admin', `/api/sectionAssignments?changed=myLastApproval`);
    expect(
      admins
        .json<{ rows: { id: string }[] }>()
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual(['a1', 'a2']);
    const none = await get('ops', `/api/sectionAssignments?changed=myLastApproval`);
    expect(none.json<{ count: number }>().count).toBe(0);
    // Approvals in more workgroups than are marked at once: which one is theirs to say.
    await harness.apply(
      Array.from({ length: 11 }, (_, i) =>
        stepApproved(`pa-many-${String(i)}`, `wg-${String(i)}`, 'ops'),
      ),
    );
    const unchosen = await get('ops', '/api/sectionAssignments?changed=myLastApproval');
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json<{ message: string }>().message).toContain('Choose a workgroup');
    const many = ChangedSinceAnswer.parse((await get('ops', '/api/changes/changed')).json());
    expect(many.workgroups).toEqual([]);

    // Approving a marked row clears its mark and leaves the other's; a later change to the
    // section marks both again, each compared with the viewer's own approval of it.
    const markedFor = async (who: string) =>
      ChangedSinceAnswer.parse(
        (await get(who, '/api/changes/changed?WorkgroupId=wg-bio')).json(),
      ).rows.map((r) => [r.id, r.ownApproval]);
    const approve = (id: string, previousStatus: string) =>
      s1(
        'TeachingAssignmentChanged',
        { SectionId: 's1', id, status: 'approved', previousStatus },
        { actorId: 'appr' },
      );
    await harness.apply([approve('a2', 'reopened')]);
    expect(await markedFor('appr')).toEqual([['a1', false]]);
    const filtered = async () =>
      (
        await get(
          'appr',
          `/api/sectionAssignments?AcademicPeriodId=${PERIOD}&WorkgroupId=wg-bio&changed=myLastApproval`,
        )
      )
        .json<{ rows: { id: string }[] }>()
        .rows.map((r) => r.id);
    expect(await filtered()).toEqual(['a1']);
    // Reassigned while approved, a1 stays approved: a note reopens it, then it is approved.
    await harness.apply([
      s1(
        'TeachingAssignmentChanged',
        {
          SectionId: 's1',
          id: 'a1',
          notes: 'Agreed',
          status: 'reopened',
          previousStatus: 'approved',
        },
        { actorId: 'ops' },
      ),
    ]);
    expect(await markedFor('appr')).toEqual([['a1', false]]);
    await harness.apply([approve('a1', 'reopened')]);
    expect(await markedFor('appr')).toEqual([]);
    expect(await filtered()).toEqual([]);
    await harness.apply([
      s1(
        'SectionMeetingsSet',
        {
          id: 's1',
          meetings: [meeting(['MO', 'WE'], '08:00', '09:15')],
          overriddenConflicts: [],
          warnings: [],
        },
        { actorId: 'ops' },
      ),
    ]);
    expect(await markedFor('appr')).toEqual([
      ['a1', true],
      ['a2', true],
    ]);

    expect((await get(null, '/api/changes/changed')).statusCode).toBe(401);
    expect((await get('nobody', '/api/changes/changed')).statusCode).toBe(403);
    expect((await get('appr', '/api/changes/changed?WorkgroupId=')).statusCode).toBe(400);
    expect((await get('appr', '/api/changes/changed?other=1')).statusCode).toBe(400);
  });

  it('refuses a comparison of a workgroup one may not read, or of instants it cannot find', async () => {
    const ask = (who: string, query: string) =>
      harness.app.inject({
        method: 'GET',
        url: `/api/changes/compare?${query}`,
        headers: { 'x-test-user': who },
      });
    const base = `AcademicPeriodId=${PERIOD}`;
    expect((await ask('chem', `${base}&WorkgroupId=wg-bio&from=now`)).statusCode).toBe(403);
    expect((await ask('u2', `${base}&WorkgroupId=wg-bio&from=now`)).statusCode).toBe(403);
    expect((await ask('chem', `${base}&WorkgroupId=wg-chem&from=myLastApproval`)).statusCode).toBe(
      400,
    );
    expect((await ask('ops', `${base}&WorkgroupId=wg-bio&from=yesterday`)).statusCode).toBe(400);
    expect((await ask('ops', `${base}&from=now`)).statusCode).toBe(400);
  });

  it('counts the changes that came after a cursor, with the same filters and rights', async () => {
    const first = await rows('appr', { WorkgroupId: 'wg-bio' });
    const top = first.rows[0]?.cursor as string;
    const count = async () => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/changes/count?WorkgroupId=wg-bio&after=${top}`,
        headers: { 'x-test-user': 'appr' },
      });
      expect(response.statusCode).toBe(200);
      return ChangeCountAnswer.parse(response.json()).count;
    };
    expect(await count()).toBe(0);
    const notified = await harness.apply([
      s1('SectionUpdated', { id: 's1', name: 'Lecture A' }, { actorId: 'ops' }),
      s2('SectionUpdated', { id: 's2', name: 'Lab B' }, { actorId: 'ops' }),
    ]);
    expect(await count()).toBe(1);
    expect(notified.get(planHistoryProjection.name)).toEqual([
      expect.objectContaining({ event: 'changesRecorded', rooms: ['all'] }),
    ]);
  });

  it('refuses what is not valid (400) and the signed-out (401)', async () => {
    expect((await feed(null)).statusCode).toBe(401);
    const invalid: Record<string, string | number>[] = [
      { take: 0 },
      { take: 1000 },
      { since: 'myLastApproval' },
      { before: 'not-a-cursor' },
      { from: 'yesterday' },
      { from: '2026-03-04T00:00:00Z', to: '2026-03-01T00:00:00Z' },
      { unknown: 'x' },
      { records: 'a1,,s1' },
      { records: Array.from({ length: 21 }, (_, i) => `a${String(i)}`).join(',') },
    ];
    for (const query of invalid) {
      const response = await feed('admin', query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    const count = await harness.app.inject({
      method: 'GET',
      url: '/api/changes/count?after=nope',
      headers: { 'x-test-user': 'admin' },
    });
    expect(count.statusCode).toBe(400);
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
    expect(harness.contract.checked).toContain('GET /api/changes');
  });
});

describe('the change rows of the plan’s history', () => {
  it('are the same whatever the batches the events came in, one per event and record', async () => {
    const events = history(11, 300);
    const run = async (size: number) => {
      const h = await openRouteHarness({
        projections: [planHistoryProjection],
        routes: [],
      });
      try {
        for (let i = 0; i < events.length; i += size) await h.apply(events.slice(i, i + size));
        const table = await h.tables.table(planHistoryProjection.name, 'plan_changes');
        const found = await h.knex.raw<{ rows: unknown[] }>(
          'SELECT seq, kind, id, change, period_id, workgroup_id, user_id, label FROM ?? ORDER BY seq, kind, id',
          [table],
        );
        return found.rows;
      } finally {
        await h.close();
      }
    };
    const whole = await run(500);
    expect(whole.length).toBeGreaterThan(events.length / 2);
    expect(await run(7)).toEqual(whole);
  }, 120_000);
});

describe('comparing two instants', () => {
  it('equals the difference of two replays of the log up to each', async () => {
    const events = history(23, 220);
    const full = await openRouteHarness({
      projections: [planHistoryProjection],
      events,
      viewer: testViewers({ admin: contexts.admin as AbilityContext }, 'period-1'),
      routes: [changeFeedRoutes],
    });
    /** The workgroup's current sections and assignments after replaying `upTo` events. */
    const replayed = async (upTo: number) => {
      const oracle = await openRouteHarness({
        projections: [planHistoryProjection],
        events: events.slice(0, upTo),
        routes: [],
      });
      try {
        const table = await oracle.tables.table(planHistoryProjection.name, 'plan_versions');
        const found = await oracle.knex.raw<{
          rows: { kind: string; id: string; state: unknown }[];
        }>(
          `SELECT kind, id, state FROM ?? WHERE valid_to IS NULL AND kind IN ('section', 'assignment')
           AND period_id = 'period-1' AND workgroup_id = 'wg-bio'`,
          [table],
        );
        return new Map(found.rows.map((r) => [`${r.kind}/${r.id}`, canonical(r.state)]));
      } finally {
        await oracle.close();
      }
    };
    let differences = 0;
    try {
      for (const [a, b] of [
        [40, 120],
        [90, events.length],
        [150, 151],
      ] as const) {
        const [was, is] = await Promise.all([replayed(a), replayed(b)]);
        const token = (n: number) => positionToToken((events[n - 1] as RecordedEvent).position);
        const response = await full.app.inject({
          method: 'GET',
          url: `/api/changes/compare?AcademicPeriodId=period-1&WorkgroupId=wg-bio&from=${token(a)}&to=${token(b)}`,
          headers: { 'x-test-user': 'admin' },
        });
        expect(response.statusCode).toBe(200);
        const answer = CompareAnswer.parse(response.json());
        differences +=
          answer.assignments.added.length +
          answer.assignments.changed.length +
          answer.sections.changed.length;
        const ids = (kind: string, rows: { id: string }[]) =>
          rows.map((r) => `${kind}/${r.id}`).sort();
        const expected = (test: (k: string) => boolean, kind: string) =>
          [...new Set([...was.keys(), ...is.keys()])]
            .filter((k) => k.startsWith(`${kind}/`) && test(k))
            .sort();
        const added = (k: string) => is.has(k) && !was.has(k);
        const removed = (k: string) => was.has(k) && !is.has(k);
        const changed = (k: string) => was.has(k) && is.has(k) && was.get(k) !== is.get(k);
        expect({
          cut: [a, b],
          assignmentsAdded: ids('assignment', answer.assignments.added),
          assignmentsRemoved: ids('assignment', answer.assignments.removed),
          assignmentsChanged: ids('assignment', answer.assignments.changed),
          sectionsCreated: ids('section', answer.sections.created),
          sectionsRemoved: ids('section', answer.sections.removed),
          sectionsChanged: ids('section', answer.sections.changed),
        }).toEqual({
          cut: [a, b],
          assignmentsAdded: expected(added, 'assignment'),
          assignmentsRemoved: expected(removed, 'assignment'),
          assignmentsChanged: expected(changed, 'assignment'),
          sectionsCreated: expected(added, 'section'),
          sectionsRemoved: expected(removed, 'section'),
          sectionsChanged: expected(changed, 'section'),
        });
      }
      // The cuts were far enough apart for the comparison to have something to say.
      expect(differences).toBeGreaterThan(5);
    } finally {
      await full.close();
    }
  }, 120_000);

  it('gives the alignment at each instant that a replay of the log up to it gives', async () => {
    // Preferences, unavailable times, administrative assignments and wanted attributes change
    // between the assignments' own changes: the alignment at an instant reads all of them then.
    const events = history(41, 240, { alignmentInputs: true });
    const full = await openRouteHarness({
      projections: [planHistoryProjection],
      events,
      viewer: testViewers({ admin: contexts.admin as AbilityContext }, 'period-1'),
      routes: [changeFeedRoutes],
    });
    /** Biology's alignment as the live read models show it after replaying `upTo` events. */
    const replayed = async (upTo: number) => {
      const oracle = await openRouteHarness({
        projections: [
          sectionsProjection,
          preferencesProjection,
          ...[users, courses, administrativeAssignments, progressSteps, workgroups].map(
            resourceProjection,
          ),
        ],
        events: events.slice(0, upTo),
        viewer: testViewers({ admin: contexts.admin as AbilityContext }, 'period-1'),
        routes: [alignmentMetricsRoutes],
      });
      try {
        const response = await oracle.app.inject({
          method: 'GET',
          url: '/api/preferenceAlignment/metrics?AcademicPeriodId=period-1',
          headers: { 'x-test-user': 'admin' },
        });
        expect(response.statusCode).toBe(200);
        const row = AlignmentMetricsAnswer.parse(response.json()).rows.find(
          (r) => r.WorkgroupId === 'wg-bio',
        );
        return row
          ? {
              assignments: row.assignments,
              meanScore: row.meanScore,
              aligned: row.aligned,
              blocked: row.blocked,
            }
          : { assignments: 0, meanScore: null, aligned: 0, blocked: 0 };
      } finally {
        await oracle.close();
      }
    };
    const seen = new Set<string>();
    try {
      for (const [a, b] of [
        [60, 140],
        [110, events.length],
        [200, 201],
      ] as const) {
        const [was, is] = await Promise.all([replayed(a), replayed(b)]);
        const token = (n: number) => positionToToken((events[n - 1] as RecordedEvent).position);
        const response = await full.app.inject({
          method: 'GET',
          url: `/api/changes/compare?AcademicPeriodId=period-1&WorkgroupId=wg-bio&from=${token(a)}&to=${token(b)}`,
          headers: { 'x-test-user': 'admin' },
        });
        expect(response.statusCode).toBe(200);
        const { totals } = CompareAnswer.parse(response.json());
        expect({ cut: [a, b], from: totals.from.alignment, to: totals.to.alignment }).toEqual({
          cut: [a, b],
          from: was,
          to: is,
        });
        for (const summary of [was, is]) seen.add(JSON.stringify(summary));
      }
      // The instants differ in alignment, with aligned and blocked assignments among them.
      expect(seen.size).toBeGreaterThan(2);
      const summaries = [...seen].map((s) => JSON.parse(s) as { aligned: number; blocked: number });
      expect(summaries.some((s) => s.aligned > 0)).toBe(true);
      expect(summaries.some((s) => s.blocked > 0)).toBe(true);
    } finally {
      await full.close();
    }
  }, 120_000);
});
