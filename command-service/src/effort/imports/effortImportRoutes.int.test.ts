import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import {
  EffortImportPreviewAnswer,
  effortImportStream,
  effortLineBatchStream,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { systemAbility } from '../../authorization/ability.js';
import { createCommandBus } from '../../commandHandling/commandBus.js';
import { createInProcessJobs } from '../../jobs/inProcessJobs.js';
import type { Jobs } from '../../jobs/port.js';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { openTestStore, type TestStore } from '../../testing/testStore.js';
import { rulesOf } from '../../testing/rules.js';
import { postForm, type FormFile } from '../../testing/postForm.js';

/**
 * Effort imports over HTTP with the in-process jobs runner and a real event store: every row's
 * problems in a preview (nothing written), an import as a job (positions created, a line an
 * event, the problem rows left out), a dry run, replacing a pay period, undo as a whole, and who
 * is refused (spec §6 EffortImport: effort managers, with aemEnabled on).
 */
let db: TestStore;
let t: TestApp;
let jobs: Jobs;
let base: string;

const { featureFlags } = demoContextFor('admin');
const aemOn = { featureFlags: { ...featureFlags, aemEnabled: true } };

beforeAll(async () => {
  db = await openTestStore();
  jobs = createInProcessJobs({ concurrency: 1 });
  t = await buildTestApp(
    db.store,
    {
      manager: rulesOf('effortManager', 'manager', aemOn),
      contributor: rulesOf('effortContributor', 'contributor', aemOn),
      admin: rulesOf('admin', 'admin', aemOn),
      managerFlagOff: rulesOf('effortManager', 'managerFlagOff'),
    },
    { jobs },
  );
  const { port } = t.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const bus = createCommandBus({ store: db.store });
  const setup = (name: string, payload: object) =>
    bus.execute(name, payload, { ability: systemAbility(), actorId: 'setup' });
  for (const [id, employee] of [
    ['ada', 'E1'],
    ['grace', 'E2'],
  ] as const) {
    await setup('CreateUser', {
      id,
      firstName: id,
      lastName: 'Instructor',
      email: `${id}@example.edu`,
      username: id,
      EmployeeId: employee,
      isFaculty: true,
    });
  }
  for (const [id, code, start, end] of [
    ['pp-a', '2026-11A', '2026-11-01', '2026-11-15'],
    ['pp-b', '2026-11B', '2026-11-16', '2026-11-30'],
  ] as const) {
    await setup('CreateEffortPayPeriod', {
      id,
      code,
      name: `November ${code.slice(-1)}`,
      startDate: start,
      endDate: end,
    });
  }
  await setup('CreateEffortCategory', {
    id: 'instruction',
    name: 'Instruction',
    code: 'INST',
    area: 'teaching',
  });
  await setup('CreateEffortRule', {
    id: 'rule-teaching',
    name: 'Teaching cost centres',
    order: 10,
    costCenter: '10-44*',
    EffortCategoryId: 'instruction',
  });
  await setup('CreateEffortPosition', {
    id: 'pos-ada',
    positionNumber: '00100',
    UserId: 'ada',
    startDate: '2026-07-01',
    fte: 1,
  });
});

afterAll(async () => {
  await jobs.close();
  await t.app.close();
  await db.close();
});

const FILE = [
  'Employee,Position,Pay Period,Effort %,Cost Centre,Earn Code,Amount',
  'E1,00100,2026-11A,60,10-4410,REG,3000',
  'grace,00200,2026-11A,100,20-1000,REG,5000',
  'nobody,00300,2026-11A,50,10-4410,REG,100',
  'E1,00100,2026-11Z,150,10-4410,REG,100',
  'E1,00100,2026-11B,40,10-4410,REG,2000',
].join('\n');
const MAPPING = JSON.stringify({
  instructor: 'Employee',
  positionNumber: 'Position',
  payPeriod: 'Pay Period',
  effortPercent: 'Effort %',
  costCenter: 'Cost Centre',
  earnCode: 'Earn Code',
  amount: 'Amount',
});

const post = (path: string, as: string, fields: Record<string, string>, file?: FormFile) =>
  postForm(`${base}${path}`, t.signedIn(as), fields, file);

async function finished(id: string): Promise<RecordedEvent> {
  for (let i = 0; i < 400; i += 1) {
    const end = (await db.events(effortImportStream(id))).find(
      (e) => e.type === 'EffortImportFinished',
    );
    if (end) return end;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The effort import has not finished.');
}

const file = { content: FILE, name: 'payroll.csv' };

describe('effort imports over HTTP', () => {
  it('preview every row’s problems in words and write nothing', async () => {
    const head = await db.store.committedHeadPosition();
    const answer = await post('/api/effort/imports/preview', 'manager', { mapping: MAPPING }, file);
    expect(answer.status).toBe(200);
    const preview = EffortImportPreviewAnswer.parse(answer.body);
    expect(preview.counts).toEqual({
      rows: 5,
      lines: 3,
      refused: 2,
      unclassified: 1,
      positionsToCreate: 1,
    });
    expect(preview.problems).toEqual([
      {
        row: 4,
        column: 'Instructor',
        message: 'No person (by employee id, username or e-mail) is called "nobody".',
      },
      { row: 5, column: 'Pay period', message: 'No pay period has the code "2026-11Z".' },
      {
        row: 5,
        column: 'Effort (%)',
        message: 'Effort is a share of full time, from 0 to 100.',
      },
    ]);
    expect(preview.sample[0]).toMatchObject({
      line: 2,
      positionNumber: '00100',
      payPeriod: '2026-11A',
      category: 'Instruction',
    });
    expect(preview.sample[1]).toMatchObject({ line: 3, category: null });
    expect(await db.store.committedHeadPosition()).toEqual(head);
  });

  it('guess the columns from the template’s headings', async () => {
    const template = await fetch(`${base}/api/effort/importTemplate?format=xlsx`, {
      headers: t.signedIn('manager'),
    });
    expect(template.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    sheet.getRow(2).values = ['ada', '00100', '2026-11B', 25, '10-4410'];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await post(
      '/api/effort/imports/preview',
      'manager',
      {},
      { content: filled, name: 'effort.xlsx' },
    );
    expect(answer.status).toBe(200);
    const preview = EffortImportPreviewAnswer.parse(answer.body);
    expect(preview.problems).toEqual([]);
    expect(preview.counts.lines).toBe(1);
    // Headings other payroll systems write ("Employee", "Effort %") are matched too.
    const guessed = await post('/api/effort/imports/preview', 'manager', {}, file);
    expect(EffortImportPreviewAnswer.parse(guessed.body).mapping).toEqual({
      ...(JSON.parse(MAPPING) as object),
      account: null,
      hours: null,
    });
  });

  it('a dry run checks every line and writes none', async () => {
    const started = await post(
      '/api/effort/imports',
      'manager',
      { mapping: MAPPING, mode: 'dryRun' },
      file,
    );
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const end = await finished(id);
    expect(end.data).toMatchObject({ status: 'done', imported: 3, refused: 2, problemCount: 3 });
    expect(await db.events(effortLineBatchStream(id, 0))).toEqual([]);
    const undo = await post(`/api/effort/imports/${id}/undo`, 'manager', {});
    expect(undo.status).toBe(422);
  });

  it('import the good lines a line an event, creating the positions nobody holds yet; undone whole', async () => {
    const started = await post('/api/effort/imports', 'manager', { mapping: MAPPING }, file);
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const end = await finished(id);
    expect(end.data).toMatchObject({
      status: 'done',
      imported: 3,
      refused: 2,
      positionsCreated: 1,
      problemCount: 3,
    });
    const lines = await db.events(effortLineBatchStream(id, 0));
    expect(lines.map((e) => e.type)).toEqual(Array(3).fill('EffortLineImported'));
    expect(lines.map((e) => e.metadata.correlationId)).toEqual([id, id, id]);
    expect(lines[0]!.data).toMatchObject({
      line: 2,
      UserId: 'ada',
      EffortPositionId: 'pos-ada',
      EffortPayPeriodId: 'pp-a',
      effortPercent: 60,
      EffortCategoryId: 'instruction',
      EffortRuleId: 'rule-teaching',
    });
    expect(lines[1]!.data).toMatchObject({ UserId: 'grace', EffortCategoryId: null });
    const created = (lines[1]!.data as { EffortPositionId: string }).EffortPositionId;
    const position = await db.events(`effortPosition-${created}`);
    expect(position[0]?.data).toMatchObject({
      positionNumber: '00200',
      UserId: 'grace',
      startDate: '2026-11-01',
      fte: 1,
      costCenter: '20-1000',
    });

    const undo = await post(`/api/effort/imports/${id}/undo`, 'manager', {});
    expect(undo.status).toBe(200);
    expect((await db.events(effortImportStream(id))).map((e) => e.type)).toEqual([
      'EffortImportStarted',
      'EffortImportFinished',
      'EffortImportUndone',
    ]);
    expect((await post(`/api/effort/imports/${id}/undo`, 'manager', {})).status).toBe(422);
  });

  it('classify every counting line again by today’s rules, writing only what changed', async () => {
    const started = await post('/api/effort/imports', 'manager', { mapping: MAPPING }, file);
    const id = started.body.id as string;
    await finished(id);
    const bus = createCommandBus({ store: db.store });
    const setup = { ability: systemAbility(), actorId: 'setup' };
    await bus.execute(
      'CreateEffortCategory',
      { id: 'teachingLoad', name: 'Teaching load', code: 'TL', area: 'teaching' },
      setup,
    );
    await bus.execute(
      'UpdateEffortRule',
      { id: 'rule-teaching', EffortCategoryId: 'teachingLoad' },
      setup,
    );
    const again = async () => {
      const job = await post('/api/effort/reclassify', 'manager', {});
      expect(job.status).toBe(202);
      for (let i = 0; i < 400; i += 1) {
        const status = await jobs.status(job.body.id as string);
        if (status?.state === 'completed') return status.result as { changed: number };
        if (status?.state === 'failed') throw new Error(status.error);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('The job did not end.');
    };
    expect(await again()).toMatchObject({ changed: 2 });
    const events = await db.events(effortImportStream(id));
    expect(events.at(-1)).toMatchObject({
      type: 'EffortLinesReclassified',
      data: {
        id,
        changes: [
          { line: 2, EffortCategoryId: 'teachingLoad', EffortRuleId: 'rule-teaching' },
          { line: 6, EffortCategoryId: 'teachingLoad', EffortRuleId: 'rule-teaching' },
        ],
      },
    });
    // Running it again finds nothing to change and writes nothing.
    expect(await again()).toMatchObject({ changed: 0 });
    expect(await db.events(effortImportStream(id))).toHaveLength(events.length);
  });

  it('replacing a pay period takes only its lines, and needs the period chosen', async () => {
    const missing = await post(
      '/api/effort/imports/preview',
      'manager',
      { mapping: MAPPING, mode: 'replacePayPeriod' },
      file,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Choose the pay period this import replaces.');
    const answer = await post(
      '/api/effort/imports/preview',
      'manager',
      { mapping: MAPPING, mode: 'replacePayPeriod', payPeriodId: 'pp-b' },
      file,
    );
    const preview = EffortImportPreviewAnswer.parse(answer.body);
    expect(preview.counts.lines).toBe(1);
    expect(preview.problems).toContainEqual({
      row: 2,
      column: 'Pay period',
      message: 'This import replaces pay period 2026-11B; the line is for 2026-11A.',
    });
  });

  it('refuse bad forms with a 400 in words, and write nothing', async () => {
    const head = await db.store.committedHeadPosition();
    const noFile = await post('/api/effort/imports', 'manager', { mapping: MAPPING });
    expect(noFile.status).toBe(400);
    const badMode = await post('/api/effort/imports', 'manager', { mode: 'merge' }, file);
    expect(badMode.status).toBe(400);
    const badMapping = await post('/api/effort/imports', 'manager', { mapping: '{' }, file);
    expect(badMapping.status).toBe(400);
    const empty = await post('/api/effort/imports', 'manager', {}, { content: '', name: 'x.csv' });
    expect(empty.status).toBe(400);
    expect(await db.store.committedHeadPosition()).toEqual(head);
  });

  it('are refused to contributors and administrators (read only) and with the flag off', async () => {
    const head = await db.store.committedHeadPosition();
    for (const who of ['contributor', 'admin', 'managerFlagOff']) {
      expect((await post('/api/effort/imports', who, { mapping: MAPPING }, file)).status).toBe(403);
      expect(
        (await post('/api/effort/imports/preview', who, { mapping: MAPPING }, file)).status,
      ).toBe(403);
      expect((await post('/api/effort/reclassify', who, {})).status).toBe(403);
    }
    expect(await db.store.committedHeadPosition()).toEqual(head);
  });
});
