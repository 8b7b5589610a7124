import ExcelJS from 'exceljs';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { positionToToken, resolveReportQuery, type RecordedEvent } from '@allot/shared-events';
import type { Knex } from 'knex';
import { knexFor, projectionHarness } from '../../testing/readModelDb.js';
import { planHistoryProjection } from '../../planHistory/projection.js';
import { createReportQuery } from '../query.js';
import { memoryFile, parseCsv, PERIOD, planEvents } from './testing/exportFixtures.js';
import { sheetName } from './sheetWriters.js';
import { writeReportExport, type ReportExportRequest } from './writeReportExport.js';

let db: TestDatabase;
let knex: Knex;
let reports: ReturnType<typeof createReportQuery>;
const events = planEvents(3);

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  const harness = projectionHarness(knex, db.schema, planHistoryProjection);
  await harness.migrate();
  await harness.apply(events);
  reports = createReportQuery(knex, harness.tables);
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

const request = (over: Partial<ReportExportRequest>): ReportExportRequest => ({
  type: 'Sections',
  query: {},
  format: 'xlsx',
  AcademicPeriodId: PERIOD,
  timeZone: 'UTC',
  title: 'Sections',
  ...over,
});

async function xlsx(over: Partial<ReportExportRequest>) {
  const file = memoryFile();
  const written = await writeReportExport(reports, request({ format: 'xlsx', ...over }), file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes() as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { written, sheet, rows };
}

async function csv(over: Partial<ReportExportRequest>) {
  const file = memoryFile();
  const written = await writeReportExport(reports, request({ format: 'csv', ...over }), file);
  const text = file.bytes().toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { written, records: parseCsv(text.slice(1)) };
}

test('XLSX: typed cells, the header frozen with an autofilter, the sheet named after the report', async () => {
  const { written, sheet, rows } = await xlsx({
    query: {
      columns: ['courseNumber', 'sectionNumber', 'enrollment', 'points', 'coverage'],
      sorts: [{ column: 'sectionNumber', direction: 'asc' }],
    },
    title: 'Sections: Fall [draft]',
  });
  expect(written).toMatchObject({ rowCount: 3, total: 3 });
  expect(sheet.name).toBe('Sections  Fall  draft');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.autoFilter).toEqual('A1:E1');
  expect(rows[0]).toEqual(['Course number', 'Section', 'Enrollment', 'Points', 'Coverage']);
  expect(rows.slice(1)).toEqual([
    ['BIO 101', '001', 20, 4.5, 'Covered'],
    ['BIO 101', '002', 21, 3, 'Uncovered'],
    ['BIO 101', '003', 22, 3, 'Uncovered'],
  ]);
  expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true });
  // As wide as the label or the widest value (ExcelJS leaves out a column of its default 9).
  expect(sheet.columns.map((c) => c.width ?? 9)).toEqual([15, 9, 12, 8, 11]);
});

test('XLSX: dates are dates with a date format, booleans are booleans, date-times in the zone asked', async () => {
  const schedules = await xlsx({
    type: 'SectionSchedules',
    query: { columns: ['sectionNumber', 'startDate', 'endDate', 'frequency'] },
  });
  expect(schedules.rows.slice(1)).toEqual([
    ['001', new Date(Date.UTC(2026, 8, 1)), new Date(Date.UTC(2026, 11, 15)), 'Weekly'],
    ['002', new Date(Date.UTC(2026, 8, 1)), new Date(Date.UTC(2026, 11, 15)), 'Every other week'],
  ]);
  expect(schedules.sheet.getRow(2).getCell(2).numFmt).toBe('yyyy-mm-dd');

  const users = await xlsx({
    type: 'Users',
    AcademicPeriodId: null,
    timeZone: 'Europe/Berlin',
    title: 'Users',
    query: {
      columns: ['name', 'isFaculty', 'lastLoginAt'],
      sorts: [{ column: 'email', direction: 'asc' }],
    },
  });
  expect(users.rows.slice(1)).toEqual([
    // 22:30 UTC is half past midnight the next day in Berlin (summer time).
    ['Ada Lovelace', true, new Date(Date.UTC(2026, 6, 2, 0, 30))],
    // A text starting with = stays a text in a workbook (a string cell, never a formula).
    ['=cmd Müller', false],
  ]);
  expect(users.sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
});

test('CSV: labels as header, choices as labels, Yes/No, numbers as numbers, quotes and formulas made safe', async () => {
  const sections = await csv({
    query: {
      columns: ['courseName', 'sectionNumber', 'points', 'coverage'],
      sorts: [{ column: 'sectionNumber', direction: 'asc' }],
    },
  });
  expect(sections.records).toEqual([
    ['Course name', 'Section', 'Points', 'Coverage'],
    ['Cells, "genes" and you', '001', '4.5', 'Covered'],
    ['Cells, "genes" and you', '002', '3', 'Uncovered'],
    ['Cells, "genes" and you', '003', '3', 'Uncovered'],
  ]);
  const users = await csv({
    type: 'Users',
    AcademicPeriodId: null,
    timeZone: 'America/New_York',
    query: {
      columns: ['name', 'isFaculty', 'lastLoginAt'],
      sorts: [{ column: 'email', direction: 'asc' }],
    },
  });
  expect(users.records).toEqual([
    ['Name', 'Faculty', 'Last signed in'],
    ['Ada Lovelace', 'Yes', '2026-07-01 18:30:00'],
    ["'=cmd Müller", 'No', ''],
  ]);
});

test('a grouped report is written flat, its grouping column first and rows in group order', async () => {
  const { records } = await csv({
    type: 'TeachingAssignments',
    query: { columns: ['sectionNumber', 'instructor'], groupBy: 'status' },
  });
  expect(records).toEqual([
    ['Status', 'Section', 'Instructor'],
    ['Proposed', '001', 'Ada Lovelace'],
  ]);
});

test('as of a position: the plan then, whatever came after', async () => {
  const beforeThird = events.findIndex(
    (e) => e.type === 'SectionCreated' && (e.data as { id: string }).id === 's2',
  );
  const position = positionToToken((events[beforeThird - 1] as RecordedEvent).position);
  const { written, records } = await csv({
    query: { columns: ['sectionNumber'], asOf: { position } },
  });
  expect(records.slice(1)).toEqual([['001'], ['002']]);
  expect(written.asOf.position).toBe(position);
});

test('progress after each batch with the total; an aborted signal ends the export', async () => {
  const progress: [number, number][] = [];
  const file = memoryFile();
  await writeReportExport(reports, request({ format: 'csv' }), file, {
    batchSize: 2,
    onProgress: (written, total) => {
      progress.push([written, total]);
    },
  });
  expect(progress).toEqual([
    [0, 3],
    [2, 3],
    [3, 3],
  ]);

  const controller = new AbortController();
  const stopped = writeReportExport(reports, request({ format: 'xlsx' }), memoryFile(), {
    batchSize: 1,
    signal: controller.signal,
    onProgress: (written) => {
      if (written === 1) controller.abort(new Error('Stopped.'));
    },
  });
  await expect(stopped).rejects.toThrow('Stopped.');
});

test('an unknown column is refused before anything is read', async () => {
  await expect(
    writeReportExport(reports, request({ query: { columns: ['nope'] } }), memoryFile()),
  ).rejects.toThrow('Sections has no column "nope".');
  expect(resolveReportQuery('Sections', {}).ok).toBe(true);
});

test('sheet names follow Excel’s rules', () => {
  expect(sheetName('Teaching assignments of the whole 2026–27 period')).toHaveLength(31);
  expect(sheetName("'[]'")).toBe('Report');
});
