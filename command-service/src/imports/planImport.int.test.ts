import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { guessMapping, IMPORT_KINDS, type ImportKindName } from '@allot/shared-events';
import { abilityFromRules, systemAbility } from '../authorization/ability.js';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { rulesOf } from '../testing/rules.js';
import { planImport, sourceRowsOf, type ValueMappings } from './planImport.js';
import { readTable } from './readTable.js';
import { runImport } from './runImport.js';
import { loadImportWorld } from './world.js';

/**
 * The import engine end to end on a real event store: a file read, mapped, planned (nothing
 * written), run through the command bus as an academic operations administrator, and run again
 * (nothing new) — per kind, with the refusals a person would need to fix their file.
 */
let db: TestStore;
let bus: CommandBus;
const ops = abilityFromRules(rulesOf('academicOpsAdmin', 'ops'));
const faculty = abilityFromRules(rulesOf('faculty', 'u-faculty'));

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

async function preview(
  kind: ImportKindName,
  file: Buffer,
  values: ValueMappings = {},
  ability = ops,
  options: { removeMissing?: boolean } = {},
) {
  const table = await readTable(file);
  const mapping = guessMapping(IMPORT_KINDS[kind], table.headings);
  const source = sourceRowsOf(kind, table, mapping, values);
  return planImport(kind, source, await loadImportWorld(db.store), ability, options);
}

async function run(kind: ImportKindName, file: Buffer, ability = ops) {
  const plan = await preview(kind, file, {}, ability);
  const correlationId = randomUUID();
  const outcome = await runImport(plan.records, { bus, ability, actorId: 'ops', correlationId });
  return { plan, outcome, correlationId };
}

const system = { ability: systemAbility(), actorId: 'setup' };

beforeAll(async () => {
  db = await openTestStore();
  bus = createCommandBus({ store: db.store });
  await bus.execute(
    'CreateAcademicPeriod',
    { id: 'p1', name: '2026–2027', startDate: '2026-07-01', endDate: '2027-06-30' },
    system,
  );
  await bus.execute(
    'CreateAcademicTerm',
    {
      id: 't-fall',
      name: 'Fall',
      AcademicPeriodId: 'p1',
      startDate: '2026-08-24',
      endDate: '2026-12-11',
    },
    system,
  );
  await bus.execute(
    'CreateTeachingMode',
    { id: 'm-person', name: 'In person', slug: 'in-person' },
    system,
  );
  await bus.execute('CreateWorkgroup', { id: 'wg-bio', name: 'Biology', members: [] }, system);
  await bus.execute(
    'CreateRank',
    { id: 'r-assoc', name: 'Associate Professor', slug: 'assoc' },
    system,
  );
  await bus.execute(
    'CreateAdministrativeAssignmentType',
    { id: 'aat-chair', name: 'Department chair', slug: 'chair' },
    system,
  );
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe('importing an institution’s data', () => {
  it('reads rooms from CSV, creates them, and on a second run changes only what changed', async () => {
    const file = csv([
      'Code,Description,Capacity,Active',
      'SCI 101,Lecture hall,120,Y',
      'SCI 102,,30,yes',
    ]);
    const first = await run('locations', file);
    expect(first.plan.counts).toMatchObject({ rows: 2, create: 2, refused: 0 });
    expect(first.outcome).toMatchObject({ created: 2, refused: 0 });

    const again = await preview(
      'locations',
      csv(['Code,Description,Capacity,Active', 'SCI 101,Lecture hall,120,Y', 'SCI 102,,35,yes']),
    );
    expect(again.counts).toMatchObject({ create: 0, update: 1, unchanged: 1 });
    expect(again.records.find((r) => r.action === 'update')).toMatchObject({
      key: 'SCI 102',
      changes: [{ label: 'Capacity', from: '30', to: '35' }],
    });
  });

  it('refuses bad cells with their row and column, and writes nothing for them', async () => {
    const head = await db.store.committedHeadPosition();
    const plan = await preview(
      'locations',
      csv(['Code,Capacity', 'SCI 201,many', ',12', 'SCI 202,-4', 'SCI 203,20', 'SCI 203,25']),
    );
    expect(
      plan.records.map((r) => [r.action, r.problems.map((p) => [p.row, p.column, p.message])]),
    ).toEqual([
      ['refused', [[2, 'Capacity', '"many" is not a number.']]],
      ['refused', [[3, 'Code', 'Code is required.']]],
      ['refused', [[4, 'Capacity', expect.stringContaining('Capacity:')]]],
      ['create', []],
      ['refused', [[6, null, 'Row 5 already names SCI 203.']]],
      // The rooms of the first test are not in this file: reported, kept.
      ['missing', []],
      ['missing', []],
    ]);
    expect(plan.counts.missing).toBe(2);
    // A preview writes nothing.
    expect(await db.store.committedHeadPosition()).toEqual(head);
  });

  it('says which required column is missing from the file', async () => {
    const plan = await preview('locations', csv(['Room,Seats', 'X,1']));
    expect(plan.records).toEqual([]);
    expect(plan.problems.map((p) => p.column)).toEqual(['Code', 'Capacity']);
  });

  it('imports courses, people with faculty profiles, offerings, sections with meetings, and assignments', async () => {
    const courses = await run(
      'courses',
      csv([
        'Course number,Title,Workgroup,Credit hours',
        'BIO 101,Cells,Biology,3',
        'BIO 999,Nowhere,Physics,3',
      ]),
    );
    expect(
      courses.plan.records.map((r) => [r.key, r.action, r.problems.map((p) => p.message)]),
    ).toEqual([
      ['BIO 101', 'create', []],
      ['BIO 999', 'refused', ['No workgroup is called "Physics".']],
    ]);
    expect(courses.outcome.created).toBe(1);

    // Points required are financial data: an academic operations administrator may not set them.
    const withPoints = await preview(
      'users',
      csv([
        'Employee ID,Username,E-mail,First name,Last name,Points required',
        'E1,rnovak,rnovak@example.edu,Rafael,Novak,12',
      ]),
    );
    expect(withPoints.records[0]?.problems.map((p) => [p.column, p.message])).toEqual([
      ['Points required', 'You may not set points required: leave the column out.'],
    ]);
    const people = await run(
      'users',
      csv([
        'Employee ID,Username,E-mail,First name,Last name,Rank',
        'E1,rnovak,rnovak@example.edu,Rafael,Novak,Associate Professor',
        'E2,mgarcia,mgarcia@example.edu,Maria,Garcia,',
      ]),
    );
    expect(people.outcome.problems).toEqual([]);
    expect(people.outcome).toMatchObject({ created: 2, refused: 0 });
    const peopleAgain = await preview(
      'users',
      csv([
        'Employee ID,Username,E-mail,First name,Last name,Rank',
        'E1,rnovak,rnovak@example.edu,Rafael,Novak,Associate Professor',
        'E2,mgarcia,mgarcia@example.edu,Maria,Garcia,Associate Professor',
      ]),
    );
    expect(peopleAgain.records.map((r) => [r.key, r.action, r.changes])).toEqual([
      ['E1', 'unchanged', []],
      ['E2', 'update', [{ label: 'Rank', from: '(empty)', to: 'Associate Professor' }]],
    ]);

    // "ONL" in the source system stands for nothing Allot knows; "LEC" is mapped to a mode.
    const offerings = await run(
      'courseOfferings',
      csv(['Course number,Academic period,Term,Teaching mode', 'BIO 101,2026–2027,Fall,In person']),
    );
    expect(offerings.outcome).toMatchObject({ created: 1, refused: 0 });

    const sectionsFile = csv([
      'Course number,Academic period,Term,Teaching mode,Section number,Name,Enrollment,Days,Start time,End time,Room',
      'BIO 101,2026–2027,Fall,LEC,001,Lecture,30,TTh,9:30 AM,10:45 AM,SCI 101',
      'BIO 101,2026–2027,Fall,LEC,001,Lecture,30,F,13:00,14:00,SCI 102',
      'BIO 101,2026–2027,Fall,LEC,002,Lecture,30,,,,',
    ]);
    const values = { teachingMode: { LEC: 'In person' } };
    const sectionPlan = await preview('sections', sectionsFile, values);
    expect(sectionPlan.records.map((r) => [r.key, r.rows, r.action])).toEqual([
      ['BIO 101 · 2026–2027 · Fall · In person · 001', [2, 3], 'create'],
      ['BIO 101 · 2026–2027 · Fall · In person · 002', [4], 'create'],
    ]);
    const sectionRun = await runImport(sectionPlan.records, {
      bus,
      ability: ops,
      actorId: 'ops',
      correlationId: randomUUID(),
    });
    expect(sectionRun).toMatchObject({ created: 2, refused: 0 });
    const world = await loadImportWorld(db.store);
    const section = await world.section({
      CourseOfferingId: world.offering(world.find('course', 'courseNumber', 'BIO 101')!.id, 'p1')!
        .id,
      TermMode: { AcademicTermId: 't-fall', TeachingModeId: 'm-person' },
      sectionNumber: '001',
    });
    expect(
      section?.section.meetings.map((m) => [m.days, m.startTime, m.endTime, m.startDate, m.until]),
    ).toEqual([
      [['TU', 'TH'], '09:30', '10:45', '2026-08-24', '2026-12-11'],
      [['FR'], '13:00', '14:00', '2026-08-24', '2026-12-11'],
    ]);
    // The same file again: nothing to do. A moved meeting: only that section's meetings.
    expect((await preview('sections', sectionsFile, values)).counts).toMatchObject({
      unchanged: 2,
      create: 0,
      update: 0,
    });
    const moved = await preview(
      'sections',
      csv([
        'Course number,Academic period,Term,Teaching mode,Section number,Name,Days,Start time,End time,Room',
        'BIO 101,2026–2027,Fall,In person,001,Lecture,TTh,11:00,12:15,SCI 101',
        'BIO 101,2026–2027,Fall,In person,001,Lecture,F,13:00,14:00,SCI 102',
      ]),
    );
    expect(moved.records[0]).toMatchObject({ action: 'update', changes: [{ label: 'Meetings' }] });

    const assignments = await run(
      'teachingAssignments',
      csv([
        'Course number,Academic period,Term,Teaching mode,Section number,Instructor',
        'BIO 101,2026–2027,Fall,In person,001,E1',
        'BIO 101,2026–2027,Fall,In person,002,mgarcia@example.edu',
        'BIO 101,2026–2027,Fall,In person,003,E1',
      ]),
    );
    expect(
      assignments.plan.records.map((r) => [r.action, r.problems.map((p) => p.message)]),
    ).toEqual([
      ['create', []],
      ['create', []],
      [
        'refused',
        [
          'There is no section BIO 101 · 2026–2027 · Fall · In person · 003: import the sections first.',
        ],
      ],
    ]);
    expect(assignments.outcome).toMatchObject({ created: 2, refused: 1 });
    const events = await db.store.readAll({ fromPosition: 'start', maxCount: 100_000 });
    const ofRun = events.filter((e) => e.metadata.correlationId === assignments.correlationId);
    // Both assignments (and the instructor's calendar claims) carry the run's correlation id.
    expect(ofRun.filter((e) => e.type === 'TeachingAssignmentCreated')).toHaveLength(2);

    const admin = await run(
      'administrativeAssignments',
      csv(['Instructor,Academic period,Type,Term,Points', 'E1,2026–2027,Department chair,Fall,3']),
    );
    expect(admin.outcome).toMatchObject({ created: 1 });
    const adminAgain = await preview(
      'administrativeAssignments',
      csv(['Instructor,Academic period,Type,Term,Points', 'E1,2026–2027,Department chair,Fall,6']),
    );
    expect(adminAgain.records[0]).toMatchObject({
      action: 'update',
      changes: [{ label: 'Points', from: '3', to: '6' }],
    });
  }, 60_000);

  it('reports the records a file leaves out, and removes them only when the import says so', async () => {
    const heading = 'Course number,Academic period,Term,Teaching mode,Section number,Name';
    const only001 = csv([heading, 'BIO 101,2026–2027,Fall,In person,001,Lecture']);
    const kept = await preview('sections', only001);
    expect(kept.records.map((r) => [r.key, r.action, r.commands])).toEqual([
      ['BIO 101 · 2026–2027 · Fall · In person · 001', 'unchanged', []],
      ['BIO 101 · 2026–2027 · Fall · In person · 002', 'missing', []],
    ]);
    expect(kept.counts.missing).toBe(1);
    expect(kept.removalBlocked).toBeNull();

    // A row that does not say which section it is about may be the one missing: none removed.
    const unclear = await preview(
      'sections',
      csv([
        heading,
        'BIO 101,2026–2027,Fall,In person,001,Lecture',
        'BIO 101,2026–2027,Winter,In person,002,Lecture',
      ]),
      {},
      ops,
      { removeMissing: true },
    );
    expect(unclear.removalBlocked).toBe(
      'Nothing missing from the file is removed: row 3 does not say which record it is about.',
    );
    expect(unclear.records.filter((r) => r.action === 'missing')).toHaveLength(1);

    const removing = await preview('sections', only001, {}, ops, { removeMissing: true });
    expect(removing.records[1]).toMatchObject({
      key: 'BIO 101 · 2026–2027 · Fall · In person · 002',
      action: 'remove',
      commands: [{ name: 'DeleteSection' }],
    });
    const outcome = await runImport(removing.records, {
      bus,
      ability: ops,
      actorId: 'ops',
      correlationId: randomUUID(),
    });
    expect(outcome).toMatchObject({ removed: 1, refused: 0, unchanged: 1 });
    const world = await loadImportWorld(db.store);
    const offering = world.offering(world.find('course', 'courseNumber', 'BIO 101')!.id, 'p1')!;
    expect(world.sectionsOfOffering(offering.id).map((s) => s.section.sectionNumber)).toEqual([
      '001',
    ]);

    // People the HR file no longer lists are deactivated, not deleted; accounts it cannot know
    // (no employee id) are not its to touch.
    await bus.execute(
      'CreateUser',
      {
        id: 'u-operator',
        username: 'operator',
        email: 'op@example.edu',
        firstName: 'Op',
        lastName: 'Erator',
        isActive: true,
      },
      system,
    );
    const staff = await preview(
      'users',
      csv([
        'Employee ID,Username,E-mail,First name,Last name',
        'E1,rnovak,rnovak@example.edu,Rafael,Novak',
      ]),
      {},
      ops,
      { removeMissing: true },
    );
    expect(
      staff.records.filter((r) => r.action === 'remove').map((r) => [r.key, r.commands]),
    ).toEqual([
      [
        'Maria Garcia',
        [{ name: 'UpdateUser', payload: { id: expect.any(String), isActive: false } }],
      ],
    ]);
  });

  it('reads the same rows from an XLSX workbook, dates and times as Excel keeps them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rooms');
    sheet.addRow(['Code', 'Capacity', 'Description']);
    sheet.addRow(['LAB 1', 16, { richText: [{ text: 'Wet ' }, { text: 'lab' }] }]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const plan = await preview('locations', file);
    expect(
      plan.records.filter((r) => r.action !== 'missing').map((r) => [r.key, r.action, r.rows]),
    ).toEqual([['LAB 1', 'create', [2]]]);
    expect(plan.records[0]?.commands[0]?.payload).toMatchObject({
      code: 'LAB 1',
      capacity: 16,
      description: 'Wet lab',
    });
  });

  it('refuses in the preview what the person may not write, with the reason', async () => {
    const reporter = abilityFromRules(rulesOf('reportingUser', 'u-reporter'));
    const plan = await preview(
      'sections',
      csv([
        'Course number,Academic period,Term,Teaching mode,Section number,Name',
        'BIO 101,2026–2027,Fall,In person,009,Lecture',
      ]),
      {},
      reporter,
    );
    expect(plan.records[0]).toMatchObject({
      action: 'refused',
      commands: [],
      problems: [
        { row: 2, column: null, message: 'You may not create sections in this workgroup.' },
      ],
    });
    const rooms = await preview('locations', csv(['Code,Capacity', 'NEW 9,5']), {}, reporter);
    expect(rooms.records[0]?.problems.map((p) => p.message)).toEqual([
      'You may not create locations.',
    ]);
  });

  it('runs every row as the person who runs it: a faculty member creates nothing', async () => {
    const { outcome } = await run('locations', csv(['Code,Capacity', 'FAC 1,10']), faculty);
    expect(outcome).toMatchObject({ created: 0, refused: 1 });
    // Refused up front, as the preview said, not tried and refused record by record.
    expect(outcome.problems[0]).toEqual({
      row: 2,
      column: null,
      message: 'You may not create locations.',
    });
  });

  it('stops between records when asked, and says how many it did not reach', async () => {
    const plan = await preview(
      'locations',
      csv(['Code,Capacity', ...Array.from({ length: 30 }, (_, i) => `STOP ${i},10`)]),
    );
    const controller = new AbortController();
    const outcome = await runImport(plan.records, {
      bus,
      ability: ops,
      actorId: 'ops',
      correlationId: randomUUID(),
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 5) controller.abort();
      },
    });
    expect(outcome.created + outcome.notRun).toBe(30);
    expect(outcome.notRun).toBeGreaterThan(0);
  });
});
