import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_FEATURE_FLAGS,
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  defaultGridState,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { DEMO_ACCOUNTS } from '@allot/command-service';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from '../embedded/startAllot.js';
import { seededDemoDataDir } from '../testing/demoTemplate.js';
import { deterministicId } from '@allot/shared-events';
import { demoConfigurationStep, demoFacultyProfilesStep } from './demoConfiguration.js';
import { demoAcademicTermId, demoPeriodsStep, academicYearOf } from './demoPeriods.js';
import { demoSeedSteps } from './demoSeeds.js';
import { demoPlan } from './demoPlan.js';
import { DEMO_RETURN_COMMENT } from './demoProgressApprovals.js';
import { demoSystemReportId } from './demoReports.js';
import { demoUsersStep } from './demoUsers.js';
import { DEMO_WORKGROUPS, demoWorkgroupsStep } from './demoWorkgroups.js';
import { runSeeds } from './runSeeds.js';
import type { SeedContext } from './seedStep.js';

/*
 * What the demo seed wrote, read from the run's seeded demo institution (testing/demoTemplate.ts:
 * the embedded start seeded it through the same commands as people use, once for the whole run),
 * and that seeding again, or re-running a step after a crash, adds nothing. Seeding the institution
 * a second time for this file alone cost two minutes of the suite; the event store it goes through
 * is the port whose contract suite runs on PGlite and PostgreSQL alike.
 */
let dataDir: string;
let allot: RunningAllot;
let store: EventStore;

beforeAll(async () => {
  dataDir = await seededDemoDataDir('allot-demo-seeds-');
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir);
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
    }),
  );
  store = allot.store;
  // A hang guard (the whole run's timeout), not a speed check: it waits for the run's seeded template.
}, 600_000);

afterAll(async () => {
  await allot?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const created = (events: RecordedEvent[], type: string) =>
  events.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);

describe('demo seed', () => {
  it('seeds users per demo account, three periods with terms and steps, and workgroups; a second run adds nothing', async () => {
    const bus = allot.bus;
    // Every step was applied when the template was seeded, so this start skipped them all.
    expect(allot.seedReport.applied).toEqual([]);
    const first = { applied: allot.seedReport.skipped };
    expect(first.applied).toEqual([
      'demo-settings',
      'demo-users',
      'demo-academic-periods',
      'demo-workgroups',
      'demo-configuration',
      'demo-faculty-profiles',
      'demo-rooms',
      'demo-faculty',
      'demo-departments',
      'demo-courses',
      'demo-course-offerings',
      'demo-sections',
      'demo-teaching-preferences',
      'demo-teaching-assignments',
      'demo-administrative-assignments',
      'demo-progress-approvals',
      'demo-reports',
      'demo-effort',
      'demo-costs',
      'demo-time-zone',
    ]);
    const events = await store.readAll();

    const users = created(events, 'UserCreated');
    const accounts = users.slice(0, DEMO_ACCOUNTS.length);
    expect(accounts.map((u) => [u.username, u.email, u.Roles])).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.username, a.email, [{ slug: a.role }]]),
    );

    const periods = created(events, 'AcademicPeriodCreated');
    expect(periods).toHaveLength(3);
    expect(periods.filter((p) => p.isSystemActive === true)).toHaveLength(1);
    expect(created(events, 'AcademicTermCreated')).toHaveLength(9);
    const activePeriodId = periods.find((p) => p.isSystemActive === true)?.id;
    const activeSteps = created(events, 'ProgressStepCreated').filter(
      (s) => s.AcademicPeriodId === activePeriodId && s.isActive === true,
    );
    expect(Math.max(...activeSteps.map((s) => Number(s.stepId)))).toBe(6);
    expect(created(events, 'SystemActiveAcademicPeriodChanged').at(-1)).toMatchObject({
      id: activePeriodId,
    });

    const workgroups = created(events, 'WorkgroupCreated');
    expect(workgroups.slice(0, DEMO_WORKGROUPS.length).map((w) => w.name)).toEqual(
      DEMO_WORKGROUPS.map((w) => w.name),
    );
    const bits = workgroups.flatMap((w) =>
      (w.members as { permission: number }[]).map((m) => m.permission),
    );
    expect(new Set(bits)).toEqual(new Set([0, 1, 2, 3]));
    const accountIds = new Set(users.map((u) => u.id));
    for (const w of workgroups) {
      for (const m of w.members as { UserId: string }[])
        expect(accountIds.has(m.UserId)).toBe(true);
    }

    // Configuration lists and locations; cohorts all inactive, so that taxonomy stays hidden.
    const named = (type: string) => created(events, type).map((r) => r.name ?? r.code);
    expect(named('RankCreated')).toEqual(
      expect.arrayContaining(['Assistant Professor', 'Associate Professor', 'Full Professor']),
    );
    expect(named('TeachingModeCreated')).toEqual(['In Person', 'Online', 'Hybrid']);
    expect(named('TrackCreated')).toEqual(['Tenure', 'Non-tenure', 'Clinical']);
    expect(named('LocationCreated')).toContain('SCI 101');
    expect(created(events, 'CohortCreated').every((c) => c.isActive === false)).toBe(true);
    expect(created(events, 'CampusCreated').some((c) => c.isActive === true)).toBe(true);
    // Every faculty member's profile names records that exist.
    const profiled = created(events, 'UserUpdated').filter((u) => u.FacultyProfile);
    expect(profiled).toHaveLength(7);
    const ranks = new Set(created(events, 'RankCreated').map((r) => r.id));
    for (const u of profiled) {
      expect(ranks.has((u.FacultyProfile as { RankId: string }).RankId)).toBe(true);
    }

    // The institution at scale, all through commands.
    expect(workgroups.length).toBeGreaterThanOrEqual(8);
    expect(created(events, 'CourseCreated').length).toBeGreaterThanOrEqual(300);
    const faculty = users.filter((u) => u.isFaculty === true);
    expect(faculty.length).toBeGreaterThanOrEqual(150);
    expect(faculty.every((u) => (u.Roles as { slug: string }[])[0]?.slug === 'faculty')).toBe(true);
    const offerings = created(events, 'CourseOfferingCreated');
    expect(new Set(offerings.map((o) => o.AcademicPeriodId))).toEqual(new Set([activePeriodId]));
    const sections = created(events, 'SectionCreated');
    const plan = demoPlan();
    expect(sections).toHaveLength(plan.sections.length);
    expect(sections.length).toBeGreaterThanOrEqual(900);
    // Meetings as planned: only the intended double booking was overridden, nothing warned.
    const meetings = created(events, 'SectionMeetingsSet');
    expect(meetings).toHaveLength(plan.sections.filter((s) => s.meetings.length > 0).length);
    const overridden = (list: Record<string, unknown>[]) =>
      list.filter((e) => (e.overriddenConflicts as unknown[]).length > 0);
    expect(
      overridden(meetings).map((m) => (m.overriddenConflicts as { kind: string }[])[0]?.kind),
    ).toEqual(['locationDoubleBooked']);
    const assignments = created(events, 'TeachingAssignmentCreated');
    expect(assignments).toHaveLength(plan.sections.flatMap((s) => s.assignments).length);
    expect(
      overridden(assignments).map((a) => (a.overriddenConflicts as { kind: string }[])[0]?.kind),
    ).toEqual(['instructorDoubleBooked']);
    const warned = [...meetings, ...assignments].filter(
      (e) => (e.warnings as unknown[]).length > 0,
    );
    expect(warned).toEqual([]);
    // Approvals: each approved or final assignment was approved by its workgroup, the final ones
    // then by academic affairs.
    const statuses = created(events, 'TeachingAssignmentChanged').map((c) => c.status);
    const planned = plan.sections.flatMap((s) => s.assignments.map((a) => a.status));
    const finals = planned.filter((s) => s === 'final').length;
    expect(finals).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 'approved')).toHaveLength(
      planned.filter((s) => s !== 'proposed').length,
    );
    expect(statuses.filter((s) => s === 'final')).toHaveLength(finals);
    // Every section and assignment names records that exist.
    const offeringIds = new Set(offerings.map((o) => o.id));
    const workgroupIds = new Set(workgroups.map((w) => w.id));
    for (const section of sections) {
      expect(offeringIds.has(section.CourseOfferingId)).toBe(true);
      expect(workgroupIds.has(section.WorkgroupId)).toBe(true);
    }
    const userIds = new Set(users.map((u) => u.id));
    for (const a of assignments) expect(userIds.has(a.UserId)).toBe(true);

    // Administrative assignments in the active period: types that exist, each instructor a user,
    // a chair's for every department and a spring sabbatical and leave taking the whole term.
    const types = created(events, 'AdministrativeAssignmentTypeCreated');
    expect(types.map((t) => t.name)).toEqual([
      'Department Chair',
      'Program Director',
      'Committee Service',
      'Advising',
      'Sabbatical',
      'Leave',
    ]);
    const admin = created(events, 'AdministrativeAssignmentCreated');
    expect(admin).toHaveLength(plan.administrativeAssignments.length);
    const typeIds = new Map(types.map((t) => [t.id, t.slug]));
    for (const a of admin) {
      expect(userIds.has(a.UserId as string)).toBe(true);
      expect(typeIds.has(a.AdministrativeAssignmentTypeId as string)).toBe(true);
      expect(a.AcademicPeriodId).toBe(activePeriodId);
    }
    const ofType = (slug: string) =>
      admin.filter((a) => typeIds.get(a.AdministrativeAssignmentTypeId as string) === slug);
    expect(ofType('department-chair')).toHaveLength(workgroups.length);
    expect(ofType('department-chair').every((a) => a.points === 3)).toBe(true);
    const springTermId = demoAcademicTermId('active', 'spring');
    const away = admin.filter((a) => a.takesWholeTerm === true);
    expect(away.map((a) => typeIds.get(a.AdministrativeAssignmentTypeId as string))).toEqual(
      expect.arrayContaining(['sabbatical', 'leave']),
    );
    expect(away.every((a) => a.AcademicTermId === springTermId)).toBe(true);
    // Nobody away in spring was assigned a spring section.
    const springSections = new Set(
      sections
        .filter((s) => (s.TermMode as { AcademicTermId: string }).AcademicTermId === springTermId)
        .map((s) => s.id),
    );
    for (const a of away) {
      const theirs = assignments.filter((t) => t.UserId === a.UserId);
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.filter((t) => springSections.has(t.SectionId as string))).toEqual([]);
    }

    // Planning progress of the active period: steps 1–5 approved for every workgroup, department
    // review (step 6) under way: five submitted, one returned with its reason, the rest not yet.
    const progress = created(events, 'ProgressActionRecorded');
    expect(progress.every((a) => a.AcademicPeriodId === activePeriodId)).toBe(true);
    const statusAt = new Map(
      progress.map((a) => [`${String(a.WorkgroupId)}|${String(a.stepId)}`, a.status]),
    );
    for (const w of workgroups) {
      for (const step of [1, 2, 3, 4, 5])
        expect(statusAt.get(`${String(w.id)}|${String(step)}`)).toBe('approved');
    }
    const atReview = workgroups.map((w) => statusAt.get(`${String(w.id)}|6`) ?? 'pending');
    expect(atReview.filter((s) => s === 'submitted')).toHaveLength(5);
    expect(atReview.filter((s) => s === 'returned')).toHaveLength(1);
    expect(atReview.filter((s) => s === 'pending')).toHaveLength(workgroups.length - 6);
    expect(progress.filter((a) => a.action === 'return').map((a) => a.comment)).toEqual([
      DEMO_RETURN_COMMENT,
    ]);

    // A system report per queryable report type, named as the type, with its default grid.
    const reports = created(events, 'SavedReportCreated');
    expect(reports.map((r) => [r.id, r.name, r.type, r.UserId])).toEqual(
      QUERYABLE_REPORT_TYPES.map((type) => [
        demoSystemReportId(type),
        REPORT_DEFINITIONS[type].title,
        'system',
        null,
      ]),
    );
    expect(reports.map((r) => r.gridState)).toEqual(
      QUERYABLE_REPORT_TYPES.map((type) => defaultGridState(type)),
    );

    const second = await runSeeds({ store, bus, steps: demoSeedSteps });
    expect(second).toEqual({ applied: [], skipped: first.applied });
    expect(await store.readAll()).toHaveLength(events.length);
  }, 900_000);

  it('tolerates a step re-run after a crash halfway: existing records count as done', async () => {
    const bus = allot.bus;
    const before = (await store.readAll()).length;
    // The bodies of the steps the first test completed, run again as after a crash.
    for (const step of [
      demoUsersStep,
      demoPeriodsStep(),
      demoWorkgroupsStep,
      demoConfigurationStep,
      demoFacultyProfilesStep,
      ...demoSeedSteps.slice(6),
    ]) {
      const ctx: SeedContext = {
        execute: (name, payload) => bus.execute(name, payload, { actorId: 'seed' }),
        executeAs: (userId, name, payload) => bus.execute(name, payload, { actorId: userId }),
        id: (key) => deterministicId(`${step.name}/${key}`),
        read: (streamId) => store.readStream(streamId).catch(() => []),
      };
      await step.run(ctx);
    }
    expect(await store.readAll()).toHaveLength(before);
  }, 900_000);

  it('starts the academic year in August', () => {
    expect(academicYearOf(new Date('2026-11-22T00:00:00Z'))).toBe(2026);
    expect(academicYearOf(new Date('2026-03-01T00:00:00Z'))).toBe(2025);
    expect(DEMO_FEATURE_FLAGS.aemEnabled).toBe(false);
  });
});
