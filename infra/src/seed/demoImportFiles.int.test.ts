import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { abilityFromRules, createCommandBus, type CommandBus } from '@allot/command-service';
import {
  IMPORT_KINDS,
  createPostgresEventStore,
  guessMapping,
  type EventStore,
  type ImportKindName,
} from '@allot/shared-events';
import { openPgliteTestDatabase } from '@allot/shared-events/testing';
import {
  planImport,
  sourceRowsOf,
  type ImportPlan,
} from '../../../command-service/src/imports/planImport.js';
import { readTable } from '../../../command-service/src/imports/readTable.js';
import {
  runImport,
  type ImportRunOutcome,
} from '../../../command-service/src/imports/runImport.js';
import { loadImportSpec } from '../../../command-service/src/imports/specs/importSpecCommands.js';
import { loadImportWorld, type ImportWorld } from '../../../command-service/src/imports/world.js';
import { rulesOf } from '../../../command-service/src/testing/rules.js';
import { openConnections, type Connections } from '../embedded/connections.js';
import { seededDemoDataDir } from '../testing/demoTemplate.js';
import { demoImportFiles, type DemoImportFile } from './demoImportFiles.js';
import { demoPeriodsStep } from './demoPeriods.js';
import { demoPlan } from './demoPlan.js';
import { demoSeedSteps } from './demoSeeds.js';
import { demoCoursesStep } from './demoTeaching.js';
import { demoUserId } from './demoUsers.js';
import { runSeeds } from './runSeeds.js';

/*
 * The demo's own files (demoImportFiles.ts) re-imported through saved imports give the plan the
 * seed writes. A is the run's seeded demo (testing/demoTemplate.ts); B is a fresh store seeded
 * with everything but the teaching plan — settings, people, periods, workgroups, configuration,
 * rooms, faculty, departments, courses — into which the academic operations administrator imports
 * every file, each through a saved import of its kind (CreateImportSpec) with its columns and
 * options, as Data Services does. The plan of A and of B, read from each event store with the
 * names people know records by, must then be the same.
 *
 * The operations administrator, not the admin: the admin role may only read courses, course
 * offerings and teaching assignments (shared-events' permissions/defineAbilityFor.test.ts). Neither may set
 * financial data, so the faculty file leaves points required out (B's come from the seed).
 *
 * What an import does not carry, and so what the comparison leaves out: the approval states of
 * teaching assignments (approvers' work, not source data: imported ones are proposed), an
 * assignment's notes, a section's notes, a meeting's description and its holiday exceptions (the
 * seed closes holidays; no column says them), Allot's meeting ids, which double bookings were
 * accepted (the saved imports accept those the files hold, as the seed did its two), and a
 * section's default points apart from its points: a file has one Points column, so its points are
 * compared as the workload counts them (its points, else its default points, else the course's
 * credit hours).
 */

const OPS_ID = demoUserId('academicOpsAdmin');
const ops = abilityFromRules(rulesOf('academicOpsAdmin', OPS_ID));
/** The kinds whose files hold the demo's intended double bookings (a room, an instructor). */
const WITH_DOUBLE_BOOKINGS = new Set<ImportKindName>(['sections', 'teachingAssignments']);
const REFERENCE_KINDS: readonly ImportKindName[] = ['locations', 'users', 'courses'];

interface FreshStore {
  store: EventStore;
  close(): Promise<void>;
}

let dataDir: string;
let seeded: Connections;
/** A as read once (nothing writes to it). */
let seed: ImportWorld;
let fresh: FreshStore;
let bus: CommandBus;
let files: DemoImportFile[];
const imported = new Map<ImportKindName, { plan: ImportPlan; outcome: ImportRunOutcome }>();

/** An in-memory PGlite of this file's own (nothing else writes to it). */
async function openFreshStore(): Promise<FreshStore> {
  const db = await openPgliteTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const store = await createPostgresEventStore({ pool, schema: db.schema });
  return {
    store,
    async close() {
      await store.close();
      await pool.end();
      await db.close();
    },
  };
}

/** The day A was seeded, as far as names go: its periods are named after that academic year. */
function seededOn(world: ImportWorld): Date {
  const active = world.records('academicPeriod').find((p) => p.isSystemActive === true);
  if (typeof active?.startDate !== 'string') {
    throw new Error('The seeded demo has no active period');
  }
  return new Date(`${active.startDate}T00:00:00Z`);
}

/** Every demo step up to the courses: what the files name, without the teaching plan. */
function stepsBeforeThePlan(now: Date) {
  const last = demoSeedSteps.indexOf(demoCoursesStep);
  if (last < 0) throw new Error('The demo seed no longer seeds courses');
  const periods = demoPeriodsStep(() => now);
  return demoSeedSteps.slice(0, last + 1).map((s) => (s.name === periods.name ? periods : s));
}

const specIdOf = (kind: ImportKindName) => `demo-${kind}`;

/** A saved import of the file's kind, as someone saves one from a preview. */
async function saveSpec(file: DemoImportFile, headings: string[]): Promise<void> {
  await bus.execute(
    'CreateImportSpec',
    {
      id: specIdOf(file.kind),
      name: `Demo ${IMPORT_KINDS[file.kind].label.toLowerCase()}`,
      description: `The demo institution's ${file.fileName}`,
      kind: file.kind,
      mapping: guessMapping(IMPORT_KINDS[file.kind], headings),
      acceptConflicts: WITH_DOUBLE_BOOKINGS.has(file.kind),
    },
    { ability: ops, actorId: OPS_ID },
  );
}

/**
 * Plans the file as its saved import (kept in B) says, against `store` as it stands: as a
 * preview or a run through the saved import plans it.
 */
async function planThroughSpec(store: EventStore, file: DemoImportFile) {
  const spec = await loadImportSpec(fresh.store, specIdOf(file.kind));
  if (spec.status !== 'live') throw new Error(`The saved import of ${file.kind} is ${spec.status}`);
  const { kind, mapping, valueMappings, removeMissing, acceptConflicts } = spec.definition;
  const table = await readTable(Buffer.from(file.csv));
  const source = sourceRowsOf(kind, table, mapping, valueMappings);
  return planImport(kind, source, await loadImportWorld(store), ops, {
    removeMissing,
    acceptConflicts,
  });
}

beforeAll(async () => {
  dataDir = await seededDemoDataDir('allot-demo-import-files-');
  seeded = await openConnections({
    dataDir,
    databaseUrl: null,
    dbPoolSize: 4,
    eventStoreConnectionString: null,
  });
  seed = await loadImportWorld(seeded.store);
  const now = seededOn(seed);
  files = demoImportFiles({ now });

  fresh = await openFreshStore();
  bus = createCommandBus({ store: fresh.store });
  await runSeeds({ store: fresh.store, bus, steps: stepsBeforeThePlan(now) });
  for (const file of files) {
    const table = await readTable(Buffer.from(file.csv));
    await saveSpec(file, table.headings);
    const plan = await planThroughSpec(fresh.store, file);
    const outcome = await runImport(plan.records, {
      bus,
      ability: ops,
      actorId: OPS_ID,
      correlationId: randomUUID(),
    });
    imported.set(file.kind, { plan, outcome });
  }
  // A hang guard (the whole run's timeout), not a speed check: it waits for the seeded template.
}, 600_000);

afterAll(async () => {
  await fresh?.close();
  await seeded?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const importOf = (kind: ImportKindName) => {
  const found = imported.get(kind);
  if (!found) throw new Error(`The ${kind} file was not imported`);
  return found;
};

/** The first problems of a plan and its run, in words, so a failure says why. */
function problemsOf({ plan, outcome }: { plan: ImportPlan; outcome: ImportRunOutcome }) {
  return [...plan.problems, ...plan.records.flatMap((r) => r.problems), ...outcome.problems]
    .slice(0, 5)
    .map((p) => `row ${String(p.row)}${p.column ? `, ${p.column}` : ''}: ${p.message}`);
}

// ---------------------------------------------------------------------------------------------
// The plan in a canonical form: records by the names people know them by, sorted

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function teachingPlanOf(world: ImportWorld) {
  const name = (kind: Parameters<ImportWorld['byId']>[0], id: unknown, field = 'name') =>
    text(world.byId(kind, text(id))?.[field]);
  const offerings = world.records('courseOffering');
  const sections = offerings.flatMap((offering) =>
    world.sectionsOfOffering(offering.id).map(({ section, assignments }) => {
      const course = world.byId('course', text(offering.CourseId));
      const key = [
        text(course?.courseNumber),
        name('academicPeriod', offering.AcademicPeriodId),
        name('academicTerm', section.TermMode?.AcademicTermId),
        name('teachingMode', section.TermMode?.TeachingModeId),
        section.sectionNumber,
      ].join(' · ');
      return {
        key,
        name: section.name,
        enrollment: section.enrollment ?? null,
        // As the workload counts it: one Points column stands for points and default points.
        points: section.points ?? section.defaultPoints ?? course?.sectionCreditHours ?? null,
        workgroup: name('workgroup', section.WorkgroupId),
        meetings: section.meetings
          .map((m) =>
            [
              m.days.join(' '),
              `${m.startTime}–${m.endTime}`,
              m.frequency,
              `${m.startDate}..${m.until ?? ''}`,
              name('location', m.LocationId, 'code'),
            ].join(' '),
          )
          .sort(),
        assignments: Object.values(assignments).filter((a) => a.status !== 'withdrawn'),
      };
    }),
  );
  return {
    offerings: offerings.map((o) => ({
      course: name('course', o.CourseId, 'courseNumber'),
      period: name('academicPeriod', o.AcademicPeriodId),
      termModes: (o.termModes as { AcademicTermId: string; TeachingModeId: string }[])
        .map(
          (tm) =>
            `${name('academicTerm', tm.AcademicTermId)} · ${name('teachingMode', tm.TeachingModeId)}`,
        )
        .sort(),
    })),
    sections: sections.map(({ assignments: _, ...section }) => section),
    teachingAssignments: sections.flatMap((s) =>
      s.assignments.map((a) => ({
        section: s.key,
        instructor: name('user', a.UserId, 'username'),
        share: a.share,
      })),
    ),
    administrativeAssignments: world.records('administrativeAssignment').map((a) => ({
      instructor: name('user', a.UserId, 'username'),
      period: name('academicPeriod', a.AcademicPeriodId),
      type: name('administrativeAssignmentType', a.AdministrativeAssignmentTypeId),
      term: name('academicTerm', a.AcademicTermId),
      points: a.points,
      takesWholeTerm: a.takesWholeTerm === true,
      notes: text(a.notes),
    })),
  };
}

/** What only one side holds (the first ten each), compared as sorted lines. */
function differences(seed: readonly unknown[], viaImport: readonly unknown[]) {
  const lines = (list: readonly unknown[]) => list.map((x) => JSON.stringify(x)).sort();
  const counts = new Map<string, number>();
  for (const line of lines(seed)) counts.set(line, (counts.get(line) ?? 0) + 1);
  const onlyInImport: string[] = [];
  for (const line of lines(viaImport)) {
    const left = counts.get(line) ?? 0;
    if (left > 0) counts.set(line, left - 1);
    else onlyInImport.push(line);
  }
  const onlyInSeed = [...counts].flatMap(([line, n]) => Array<string>(n).fill(line));
  return { onlyInSeed: onlyInSeed.slice(0, 10), onlyInImport: onlyInImport.slice(0, 10) };
}

describe('the demo as import files', () => {
  it('imports every file through a saved import of its kind, refusing nothing and leaving nothing out', () => {
    expect(files.map((f) => f.kind)).toEqual([
      'locations',
      'users',
      'courses',
      'courseOfferings',
      'sections',
      'teachingAssignments',
      'administrativeAssignments',
    ]);
    for (const file of files) {
      const result = importOf(file.kind);
      expect({ kind: file.kind, problems: problemsOf(result) }).toEqual({
        kind: file.kind,
        problems: [],
      });
      expect(result.plan.counts).toMatchObject({ rows: file.rows, refused: 0, missing: 0 });
      expect(result.outcome).toMatchObject({ refused: 0, notRun: 0 });
    }
  });

  it('finds the rooms, the faculty and the catalog exactly as the seed wrote them', () => {
    for (const kind of REFERENCE_KINDS) {
      const { plan } = importOf(kind);
      const changed = plan.records
        .filter((r) => r.action !== 'unchanged')
        .slice(0, 5)
        .map((r) => ({ key: r.key, action: r.action, changes: r.changes }));
      expect({ kind, changed }).toEqual({ kind, changed: [] });
      expect(plan.counts.unchanged).toBe(plan.counts.rows);
    }
    expect(importOf('users').plan.counts.rows).toBe(demoPlan().instructors.length);
  });

  it('gives the teaching plan the seed writes', async () => {
    const seeded = teachingPlanOf(seed);
    const viaImport = teachingPlanOf(await loadImportWorld(fresh.store));
    const plan = demoPlan();
    // The comparison is of the whole plan, not of two empty lists.
    expect(seeded.offerings).toHaveLength(plan.offerings.length);
    expect(seeded.sections).toHaveLength(plan.sections.length);
    expect(seeded.teachingAssignments).toHaveLength(
      plan.sections.flatMap((s) => s.assignments).length,
    );
    expect(seeded.administrativeAssignments).toHaveLength(plan.administrativeAssignments.length);
    const parts = [
      'offerings',
      'sections',
      'teachingAssignments',
      'administrativeAssignments',
    ] as const;
    const none = { onlyInSeed: [], onlyInImport: [] };
    expect(
      Object.fromEntries(parts.map((part) => [part, differences(seeded[part], viaImport[part])])),
    ).toEqual(Object.fromEntries(parts.map((part) => [part, none])));
  });

  it('changes nothing when the files are imported again', async () => {
    for (const file of files) {
      const again = await planThroughSpec(fresh.store, file);
      const changed = again.records
        .filter((r) => r.action !== 'unchanged')
        .slice(0, 5)
        .map((r) => ({ key: r.key, action: r.action, changes: r.changes, problems: r.problems }));
      expect({ kind: file.kind, changed }).toEqual({ kind: file.kind, changed: [] });
    }
  });

  it('previews in the seeded demo as unchanged, but for the points of its laboratory sections', async () => {
    const updated: { key: string; changes: unknown }[] = [];
    for (const file of files) {
      const plan = await planThroughSpec(seeded.store, file);
      expect({ kind: file.kind, counts: plan.counts }).toEqual({
        kind: file.kind,
        counts: expect.objectContaining({ create: 0, refused: 0, missing: 0 }) as unknown,
      });
      for (const r of plan.records.filter((r) => r.action !== 'unchanged')) {
        updated.push({ key: r.key, changes: r.changes });
      }
    }
    // A lab counts its contact hours (default points 1.5, its course 1 credit hour): a file has
    // one Points column, so the files give them as the section's points.
    const labs = demoPlan().sections.filter((s) => s.course.isLab);
    expect(updated).toHaveLength(labs.length);
    for (const { changes } of updated) {
      expect(changes).toEqual([{ label: 'Points', from: '(empty)', to: '1.5' }]);
    }
  });

  it('leaves points required to whoever may set financial data', async () => {
    const world = await loadImportWorld(fresh.store);
    const faculty = demoImportFiles({ now: seededOn(world), pointsRequired: true }).find(
      (f) => f.kind === 'users',
    );
    if (!faculty) throw new Error('The demo has no faculty file');
    const table = await readTable(Buffer.from(faculty.csv));
    const source = sourceRowsOf('users', table, guessMapping(IMPORT_KINDS.users, table.headings));
    const asOps = await planImport('users', source, world, ops);
    expect(asOps.counts.refused).toBe(faculty.rows);
    expect(asOps.records[0]?.problems.map((p) => p.column)).toEqual(['Points required']);
    // Someone who may set it finds the seed's: the file's points required are the demo's.
    const finance = abilityFromRules(rulesOf('financialReportingUser', 'finance'));
    const asFinance = await planImport('users', source, world, finance);
    expect(asFinance.counts.unchanged).toBe(faculty.rows);
  });
});
