/**
 * An XLSX (and a CSV) export of 100,000 report rows, as the export job makes it: the Sections
 * report read through one cursor in one transaction, written by the streaming writer to a staged
 * file, then stored in the exports table. Prints the time and how much the process's memory
 * (RSS) grew above what it held before, sampled every 50 ms.
 * Run: node --conditions=allot-source --import tsx projection-service/bench/exportBench.ts
 * Needs DATABASE_URL (a server where it may create and drop a database of its own).
 * BENCH_EXPORT_ROWS overrides the number of rows (sections; each with an instructor).
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { RecordedEvent, ReportExportFormat, ReportExportProgress } from '@allot/shared-events';
import { planHistoryProjection } from '../src/readModels/planHistory/projection.js';
import { projectionContext } from '../src/runner/tableNames.js';
import {
  migrateReportExports,
  reportExportTables,
} from '../src/readModels/reportExports/schema.js';
import { createReportExportStore } from '../src/readModels/reportExports/store.js';
import { createReportExportJob } from '../src/readModels/reportExports/job.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const PERIOD = 'p-2026';
const COURSES = 2000;
const INSTRUCTORS = 2000;
const APPLY_BATCH = 5000;

export interface ExportBenchRow {
  format: ReportExportFormat;
  rows: number;
  seconds: number;
  /** Peak RSS above the RSS before the export, in MB. */
  memoryGrowthMb: number;
  fileMb: number;
}

let position = 0n;
function event(streamId: string, revision: bigint, type: string, data: unknown): RecordedEvent {
  position += 1n;
  const at = new Date(Date.UTC(2026, 0, 1) + Number(position) * 1000);
  return {
    id: `00000000-0000-4000-8000-${position.toString(16).padStart(12, '0')}`,
    streamId,
    revision,
    position: { commit: position, prepare: position },
    type,
    data,
    metadata: { actorId: 'bench', occurredAt: at.toISOString() },
    createdAt: at,
  };
}

/** A period's plan: courses, offerings, instructors, and ROWS sections each with an instructor. */
function* plan(): Generator<RecordedEvent> {
  yield event(`academicPeriod-${PERIOD}`, 0n, 'AcademicPeriodCreated', {
    id: PERIOD,
    name: '2026–27',
  });
  for (let w = 0; w < 40; w++) {
    yield event(`workgroup-wg${String(w)}`, 0n, 'WorkgroupCreated', {
      id: `wg${String(w)}`,
      name: `Department ${String(w)}`,
      members: [],
    });
  }
  yield event('academicTerm-fall', 0n, 'AcademicTermCreated', {
    id: 'fall',
    name: 'Fall',
    AcademicPeriodId: PERIOD,
  });
  yield event('teachingMode-live', 0n, 'TeachingModeCreated', { id: 'live', name: 'In person' });
  for (let u = 0; u < INSTRUCTORS; u++) {
    yield event(`user-u${String(u)}`, 0n, 'UserCreated', {
      id: `u${String(u)}`,
      firstName: `Given${String(u)}`,
      lastName: `Family${String(u)}`,
      email: `u${String(u)}@example.edu`,
      username: `u${String(u)}`,
      isFaculty: true,
      FinancialData: { pointsRequired: 12 },
    });
  }
  for (let c = 0; c < COURSES; c++) {
    yield event(`course-c${String(c)}`, 0n, 'CourseCreated', {
      id: `c${String(c)}`,
      courseNumber: `SUBJ ${String(1000 + c)}`,
      name: `Course number ${String(c)}`,
      sectionCreditHours: 3 + (c % 3),
      WorkgroupId: `wg${String(c % 40)}`,
    });
    yield event(`courseOffering-o${String(c)}`, 0n, 'CourseOfferingCreated', {
      id: `o${String(c)}`,
      CourseId: `c${String(c)}`,
      AcademicPeriodId: PERIOD,
      termModes: [{ AcademicTermId: 'fall', TeachingModeId: 'live' }],
    });
  }
  for (let s = 0; s < ROWS; s++) {
    const course = s % COURSES;
    const id = `s${String(s)}`;
    yield event(`section-${id}`, 0n, 'SectionCreated', {
      id,
      CourseOfferingId: `o${String(course)}`,
      WorkgroupId: `wg${String(course % 40)}`,
      name: `Section ${String(s)}`,
      sectionNumber: String(1 + Math.floor(s / COURSES)).padStart(3, '0'),
      enrollment: 10 + (s % 90),
      defaultPoints: null,
      points: s % 4 === 0 ? 4.5 : null,
      notes: null,
      TermMode: { AcademicTermId: 'fall', TeachingModeId: 'live' },
      allowOverlap: false,
    });
    yield event(`section-${id}`, 1n, 'TeachingAssignmentCreated', {
      SectionId: id,
      id: `a${String(s)}`,
      UserId: `u${String(s % INSTRUCTORS)}`,
      share: s % 5 === 0 ? 50 : null,
      notes: null,
      status: s % 3 === 0 ? 'approved' : 'proposed',
      overriddenConflicts: [],
      warnings: [],
    });
  }
}

async function buildPlan(knex: Knex) {
  const ctx = projectionContext('public', { version: planHistoryProjection.version, build: 0 });
  await knex.transaction((trx) => planHistoryProjection.migrate(trx, ctx));
  let batch: RecordedEvent[] = [];
  let applied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const events = batch;
    batch = [];
    await knex.transaction((trx) => planHistoryProjection.apply(trx, events, ctx));
    applied += events.length;
  };
  for (const e of plan()) {
    batch.push(e);
    if (batch.length >= APPLY_BATCH) await flush();
  }
  await flush();
  await knex.raw('VACUUM ANALYZE');
  return {
    applied,
    tables: {
      table: (_projection: string, logical: string) => Promise.resolve(ctx.table(logical)),
    },
  };
}

/** Peak RSS while `work` runs, sampled every 50 ms. */
async function measured<T>(work: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      growthMb: (peak - before) / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

export async function runExportBench(
  databaseUrl = process.env.DATABASE_URL,
): Promise<ExportBenchRow[]> {
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server for the benchmark.');
  const name = `allot_bench_export_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 4 } });
  const rows: ExportBenchRow[] = [];
  try {
    console.log(
      `Export benchmark: ${String(ROWS)} Sections rows, ${String(os.cpus().length)} cores, ${new Date().toISOString()}`,
    );
    const built = performance.now();
    const { applied, tables } = await buildPlan(knex);
    console.log(
      `plan history of ${String(applied)} events built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
    );
    const exportTables = reportExportTables('public');
    await migrateReportExports(knex, exportTables);
    const store = createReportExportStore({ knex, tables: exportTables });
    const job = createReportExportJob({ knex, tables, store });
    for (const format of ['xlsx', 'csv'] as const) {
      const id = `bench-${format}`;
      await store.create({
        id,
        ownerId: 'bench',
        name: `Sections ${format}`,
        reportType: 'Sections',
        format,
        query: {
          columns: [
            'courseNumber',
            'courseName',
            'sectionNumber',
            'sectionName',
            'workgroup',
            'term',
            'enrollment',
            'points',
            'coverage',
            'assignedPoints',
            'instructors',
          ],
        },
        AcademicPeriodId: PERIOD,
        timeZone: 'Europe/Berlin',
        createdAt: new Date(),
      });
      let reports = 0;
      const run = await measured(() =>
        job({
          data: { exportId: id },
          signal: new AbortController().signal,
          reportProgress: (_p: ReportExportProgress) => {
            reports += 1;
            return Promise.resolve();
          },
        }),
      );
      const stored = await store.find(id);
      const row: ExportBenchRow = {
        format,
        rows: stored?.rowCount ?? 0,
        seconds: Number(run.seconds.toFixed(1)),
        memoryGrowthMb: Math.round(run.growthMb),
        fileMb: Number(((stored?.size ?? 0) / 2 ** 20).toFixed(1)),
      };
      rows.push(row);
      console.log(
        `${format.toUpperCase().padEnd(4)} ${String(row.rows)} rows: ${row.seconds.toFixed(1)} s, ` +
          `memory +${String(row.memoryGrowthMb)} MB (peak RSS above the start), file ${row.fileMb.toFixed(1)} MB, ` +
          `${String(reports)} progress reports`,
      );
    }
  } finally {
    await knex.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runExportBench().then(
    (rows) => {
      const xlsx = rows.find((r) => r.format === 'xlsx');
      if (xlsx) {
        console.log(
          `XLSX: ${xlsx.seconds.toFixed(1)} s (target ≤ 20 s), memory +${String(xlsx.memoryGrowthMb)} MB (target < 200 MB)`,
        );
      }
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
