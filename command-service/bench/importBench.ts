/**
 * The import benchmark (Data Services issue), run by `npm run bench`, never by `npm test`:
 * on a PostgreSQL event store of its own it creates, directly with commands, the configuration a
 * registrar's sections file names (two academic periods with a Fall and a Spring term each, two
 * teaching modes, workgroups, rooms, courses and their offerings), generates a CSV of 20,000
 * sections (one or two meetings each, in rooms chosen so no room is double booked: no conflict
 * is accepted), and times, as the import job runs it (`sourceRowsOf`, `loadImportWorld`,
 * `planImport`, then `runImport` as an academic operations administrator):
 *   a. the first import of the file;
 *   b. the same file again (nothing to do);
 *   c. the file with 1 % of its rows changed (a meeting moved to a free room and slot, or an
 *      enrollment changed);
 *   d. the same sections for the second period, with 1 % of the rows bad (an unknown room, a
 *      time that is none, an end before the start, days that are none, an enrollment that is no
 *      number): every bad row must be reported with its row and column, every section without a
 *      bad row imported;
 *   x. reading the file of (a) as an XLSX workbook instead.
 * Prints rows per second, the phases (reading, planning, running), the CPU time of this process
 * and of PostgreSQL while running, the event-store calls and SQL statements of the run, and the
 * process's memory peak (RSS, sampled every 50 ms). Timings are printed with their targets and
 * never asserted; the checks of (a)–(d) are printed as ok or WRONG. The database is dropped at
 * the end.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *        node --conditions=allot-source --import tsx command-service/bench/importBench.ts
 * BENCH_IMPORT_SECTIONS (default 20,000; a multiple of 20) for another size;
 * BENCH_IMPORT_POOL (default 10, the server's ALLOT_DB_POOL_SIZE default) for the pool;
 * BENCH_IMPORT_PARTS (default abcdx; a always runs) to run only some parts;
 * BENCH_KEEP_DATABASE=1 keeps the database (its name is printed) for EXPLAIN afterwards.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import {
  createPostgresEventStore,
  guessMapping,
  IMPORT_KINDS,
  type EventStore,
} from '@allot/shared-events';
import { abilityFromRules } from '../src/authorization/ability.js';
import { createCommandBus, type CommandBus } from '../src/commandHandling/commandBus.js';
import { planImport, sourceRowsOf, type ImportPlan } from '../src/imports/planImport.js';
import type { Problem } from '../src/imports/plan/rows.js';
import { readTable } from '../src/imports/readTable.js';
import { runImport, type ImportRunOutcome } from '../src/imports/runImport.js';
import { loadImportWorld } from '../src/imports/world.js';
import { rulesOf } from '../src/testing/rules.js';

const SECTIONS = Number(process.env.BENCH_IMPORT_SECTIONS ?? 20_000);
const POOL = Number(process.env.BENCH_IMPORT_POOL ?? 10);
/** Which parts run: a always, b–d and x (the file read as XLSX) as listed. */
const PARTS = process.env.BENCH_IMPORT_PARTS ?? 'abcdx';
const SCHEMA = 'event_store';
const TARGETS = { firstImport: 90, reimport: 20 };

/** Per course: 2 terms × 2 teaching modes × 5 section numbers. */
const PER_COURSE = 20;
const COURSES = Math.ceil(SECTIONS / PER_COURSE);
/** A room takes 10 Monday-Wednesday-Friday hours and 6 Tuesday-Thursday slots per term. */
const ROOMS = Math.max(20, Math.ceil(SECTIONS / 20));
const WORKGROUPS = 20;
const TERMS = ['Fall', 'Spring'] as const;
const MODES = ['In person', 'Hybrid'] as const;
const MWF = Array.from({ length: 10 }, (_, h) => {
  const hour = String(8 + h).padStart(2, '0');
  return { days: 'MWF', start: `${hour}:00`, end: `${hour}:50` };
});
const TTH = ['08:00', '09:30', '11:00', '12:30', '14:00', '15:30'].map((start) => {
  const [h, m] = start.split(':').map(Number) as [number, number];
  const end = h * 60 + m + 75;
  return {
    days: 'TTh',
    start,
    end: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
  };
});
const PERIODS = [
  {
    id: 'p-2026',
    name: '2026–2027',
    start: '2026-07-01',
    end: '2027-06-30',
    terms: [
      ['2026-08-24', '2026-12-11'],
      ['2027-01-11', '2027-05-07'],
    ],
  },
  {
    id: 'p-2027',
    name: '2027–2028',
    start: '2027-07-01',
    end: '2028-06-30',
    terms: [
      ['2027-08-23', '2027-12-10'],
      ['2028-01-10', '2028-05-05'],
    ],
  },
] as const;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const roomCode = (r: number) =>
  `R${String(Math.floor(r / 50)).padStart(2, '0')} ${String(100 + (r % 50))}`;
const courseNumber = (c: number) =>
  `D${String(c % WORKGROUPS).padStart(2, '0')} ${String(100 + Math.floor(c / WORKGROUPS))}`;

// ---------------------------------------------------------------------------------------------
// The configuration, created with commands

async function inParallel<T>(
  items: readonly T[],
  width: number,
  each: (item: T) => Promise<unknown>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await each(items[next++] as T);
    }),
  );
}

async function createConfiguration(bus: CommandBus): Promise<void> {
  const run = (name: string, payload: Record<string, unknown>) =>
    bus.execute(name, payload, { actorId: 'bench-setup' });
  for (const period of PERIODS) {
    await run('CreateAcademicPeriod', {
      id: period.id,
      name: period.name,
      startDate: period.start,
      endDate: period.end,
    });
    for (const [t, [startDate, endDate]] of period.terms.entries()) {
      await run('CreateAcademicTerm', {
        id: `${period.id}-t${String(t)}`,
        name: TERMS[t],
        AcademicPeriodId: period.id,
        startDate,
        endDate,
      });
    }
  }
  for (const [m, name] of MODES.entries()) {
    await run('CreateTeachingMode', { id: `mode-${String(m)}`, name, slug: `mode-${String(m)}` });
  }
  const indices = (n: number) => Array.from({ length: n }, (_, i) => i);
  await inParallel(indices(WORKGROUPS), 4, (w) =>
    run('CreateWorkgroup', {
      id: `wg-${String(w)}`,
      name: `Department ${String(w)}`,
      members: [],
    }),
  );
  await inParallel(indices(ROOMS), 8, (r) =>
    run('CreateLocation', { id: `room-${String(r)}`, code: roomCode(r), capacity: 60 }),
  );
  await inParallel(indices(COURSES), 8, (c) =>
    run('CreateCourse', {
      id: `course-${String(c)}`,
      courseNumber: courseNumber(c),
      name: `Course ${String(c)}`,
      WorkgroupId: `wg-${String(c % WORKGROUPS)}`,
      sectionCreditHours: 3,
    }),
  );
  const termModes = (periodId: string) =>
    TERMS.flatMap((_, t) =>
      MODES.map((__, m) => ({
        AcademicTermId: `${periodId}-t${String(t)}`,
        TeachingModeId: `mode-${String(m)}`,
      })),
    );
  await inParallel(
    PERIODS.flatMap((p) => indices(COURSES).map((c) => [p.id, c] as const)),
    8,
    ([periodId, c]) =>
      run('CreateCourseOffering', {
        id: `offering-${periodId}-${String(c)}`,
        CourseId: `course-${String(c)}`,
        AcademicPeriodId: periodId,
        termModes: termModes(periodId),
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// The file

const HEADINGS = [
  'Course number',
  'Academic period',
  'Term',
  'Teaching mode',
  'Section number',
  'Name',
  'Enrollment',
  'Days',
  'Start time',
  'End time',
  'Room',
];
type Cells = string[];
const AT = Object.fromEntries(HEADINGS.map((h, i) => [h, i])) as Record<string, number>;

interface GeneratedFile {
  rows: Cells[];
  /** Per row (0-based, without the heading): which section it belongs to. */
  sectionOf: number[];
  /** Per term: the room of each Tuesday-Thursday slot that no meeting takes, as [room, slot]. */
  free: [number, number][][];
}

/**
 * The sections of a period in the file's order (course, term, mode, number), a row per meeting:
 * every section a Monday-Wednesday-Friday hour, every other one also a Tuesday-Thursday slot.
 * The nth meeting of a kind in a term takes room n mod ROOMS at slot n div ROOMS, so no room is
 * double booked and sections next to each other meet in different rooms.
 */
function generate(periodName: string): GeneratedFile {
  const rows: Cells[] = [];
  const sectionOf: number[] = [];
  const counters = TERMS.map(() => ({ first: 0, second: 0 }));
  let section = 0;
  for (let c = 0; c < COURSES && section < SECTIONS; c++) {
    for (let t = 0; t < TERMS.length; t++) {
      for (let m = 0; m < MODES.length; m++) {
        for (let n = 1; n <= 5 && section < SECTIONS; n++, section++) {
          const counter = counters[t]!;
          const key = [
            courseNumber(c),
            periodName,
            TERMS[t]!,
            MODES[m]!,
            String(n).padStart(3, '0'),
          ];
          const fields = [`Section ${String(n)}`, String(20 + ((c + n) % 30))];
          const first = counter.first++;
          const slot = MWF[Math.floor(first / ROOMS)]!;
          rows.push([...key, ...fields, slot.days, slot.start, slot.end, roomCode(first % ROOMS)]);
          sectionOf.push(section);
          if (section % 2 === 0) {
            const second = counter.second++;
            const other = TTH[Math.floor(second / ROOMS)]!;
            rows.push([
              ...key,
              ...fields,
              other.days,
              other.start,
              other.end,
              roomCode(second % ROOMS),
            ]);
            sectionOf.push(section);
          }
        }
      }
    }
  }
  const free = counters.map(({ second }) => {
    const spots: [number, number][] = [];
    for (let k = second; k < TTH.length * ROOMS; k++)
      spots.push([k % ROOMS, Math.floor(k / ROOMS)]);
    return spots;
  });
  return { rows, sectionOf, free };
}

const csvOf = (rows: readonly Cells[]) =>
  Buffer.from(`${[HEADINGS, ...rows].map((r) => r.join(',')).join('\n')}\n`);

/** The same rows as a workbook, enrollments as numbers (as a spreadsheet holds them). */
async function xlsxOf(rows: readonly Cells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sections');
  sheet.addRow(HEADINGS);
  for (const row of rows) {
    sheet.addRow(row.map((cell, i) => (i === AT.Enrollment ? Number(cell) : cell)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 1 % of the rows changed: every other one a meeting moved to a free room and slot, else an enrollment. */
function changed(file: GeneratedFile): { rows: Cells[]; sections: Set<number> } {
  const rows = file.rows.map((r) => [...r]);
  const sections = new Set<number>();
  const step = 100;
  const free = file.free.map((spots) => [...spots]);
  for (let i = 0, k = 0; i < rows.length; i += step, k++) {
    const row = rows[i]!;
    if (k % 2 === 0) {
      const spot = free[TERMS.indexOf(row[AT.Term!] as (typeof TERMS)[number])]!.pop();
      if (!spot) continue;
      const slot = TTH[spot[1]]!;
      row[AT.Days!] = slot.days;
      row[AT['Start time']!] = slot.start;
      row[AT['End time']!] = slot.end;
      row[AT.Room!] = roomCode(spot[0]);
    } else {
      // A section's fields are read from its first row: change them on every row of it.
      for (let j = i; j < rows.length && file.sectionOf[j] === file.sectionOf[i]; j++) {
        rows[j]![AT.Enrollment!] = String(Number(rows[j]![AT.Enrollment!]) + 5);
      }
      for (let j = i - 1; j >= 0 && file.sectionOf[j] === file.sectionOf[i]; j--) {
        rows[j]![AT.Enrollment!] = String(Number(rows[j]![AT.Enrollment!]) + 5);
      }
    }
    sections.add(file.sectionOf[i]!);
  }
  return { rows, sections };
}

interface BadRow {
  /** The row's line in the file (the headings are line 1). */
  line: number;
  column: string;
  what: string;
}

/** 1 % of the rows made bad, in five ways; the sections holding one are refused whole. */
function spoiled(file: GeneratedFile): { rows: Cells[]; bad: BadRow[]; badSections: Set<number> } {
  const rows = file.rows.map((r) => [...r]);
  const bad: BadRow[] = [];
  const badSections = new Set<number>();
  const step = 100;
  for (let i = 50, k = 0; i < rows.length; i += step, k++) {
    const row = rows[i]!;
    const firstOfSection = i === 0 || file.sectionOf[i - 1] !== file.sectionOf[i];
    const way = k % 5 === 4 && !firstOfSection ? 0 : k % 5;
    if (way === 0) {
      row[AT.Room!] = `NOWHERE ${String(k)}`;
      bad.push({ line: i + 2, column: 'Room', what: 'an unknown room' });
    } else if (way === 1) {
      row[AT['Start time']!] = '9:75';
      bad.push({ line: i + 2, column: 'Start time', what: 'a time that is none' });
    } else if (way === 2) {
      row[AT['Start time']!] = row[AT['End time']!]!;
      row[AT['End time']!] = '07:00';
      bad.push({ line: i + 2, column: 'End time', what: 'an end before the start' });
    } else if (way === 3) {
      row[AT.Days!] = 'XZ';
      bad.push({ line: i + 2, column: 'Days', what: 'days that are none' });
    } else {
      // Only a section's first row gives its fields.
      row[AT.Enrollment!] = 'many';
      bad.push({ line: i + 2, column: 'Enrollment', what: 'an enrollment that is no number' });
    }
    badSections.add(file.sectionOf[i]!);
  }
  return { rows, bad, badSections };
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Counts and times the event store's calls (what a run costs per command). */
function counted(store: EventStore, pool: pg.Pool) {
  const calls = new Map<string, { n: number; ms: number }>();
  // Every SQL statement the store sends goes through pool.query.
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  let statements = 0;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    statements += 1;
    return query(...args);
  };
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const name = String(property);
      return (...args: unknown[]) => {
        const started = performance.now();
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.finally(() => {
          const entry = calls.get(name) ?? { n: 0, ms: 0 };
          entry.n += 1;
          entry.ms += performance.now() - started;
          calls.set(name, entry);
        });
      };
    },
  });
  return {
    store: wrapped,
    take() {
      const taken = [...calls.entries()].sort((a, b) => b[1].n - a[1].n);
      taken.push(['SQL statements', { n: statements, ms: 0 }]);
      calls.clear();
      statements = 0;
      return taken;
    },
  };
}

interface Measured {
  label: string;
  rows: number;
  readMs: number;
  planMs: number;
  runMs: number;
  /** What is kept of the plan and the run (not their records: they would weigh on the next). */
  plan: Pick<ImportPlan, 'counts' | 'problems'> & { commands: number };
  outcome: Omit<ImportRunOutcome, 'written'>;
  peakMb: number;
  /** CPU seconds of this process while running, and the machine's busy share then (Linux). */
  runCpu: number;
  postgresCpu: number;
  machineBusy: number | null;
  calls: [string, { n: number; ms: number }][];
}

/**
 * CPU seconds used by PostgreSQL's processes serving this database, and its background
 * processes (WAL writer, checkpointer; Linux), summed over samples taken every 500 ms so that
 * connections closed meanwhile still count up to their last sample. Other databases' sessions
 * (other people's tests on a shared server) are left out.
 */
function postgresCpu(database: string) {
  const seen = new Map<number, { first: number; last: number }>();
  // USER_HZ: 100 on every Linux this runs on.
  const tick = 100;
  const sample = () => {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(0, close).includes('(postgres')) continue;
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const session = /\d+\.\d+\.\d+\.\d+\(|\[local\]/.test(command);
        if (session && !command.includes(` ${database} `)) continue;
        const fields = stat.slice(close + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        const known = seen.get(Number(pid));
        if (known) known.last = ticks;
        else seen.set(Number(pid), { first: ticks, last: ticks });
      } catch {
        // Gone meanwhile.
      }
    }
  };
  sample();
  const started = new Set(seen.keys());
  const timer = setInterval(sample, 500);
  return () => {
    clearInterval(timer);
    sample();
    let ticks = 0;
    for (const [pid, { first, last }] of seen) ticks += started.has(pid) ? last - first : last;
    return ticks / tick;
  };
}

/** The machine's CPU ticks, busy and in all, from /proc/stat (null elsewhere). */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

const ops = abilityFromRules(rulesOf('academicOpsAdmin', 'bench-ops'));

/** What every import of the run shares: the bus, the counted store, the database's name. */
interface Setup {
  bus: CommandBus;
  counting: ReturnType<typeof counted>;
  database: string;
  /** Runs before each import: where the server's autovacuum is off, what it would have done. */
  analyze: () => Promise<void>;
}

async function importFile(
  label: string,
  file: Buffer,
  { bus, counting, database, analyze }: Setup,
): Promise<Measured> {
  await analyze();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    counting.take();
    const t0 = performance.now();
    const table = await readTable(file);
    const t1 = performance.now();
    const mapping = guessMapping(IMPORT_KINDS.sections, table.headings);
    const source = sourceRowsOf('sections', table, mapping);
    const world = await loadImportWorld(counting.store);
    const plan = await planImport('sections', source, world, ops);
    const t2 = performance.now();
    const cpu = process.cpuUsage();
    const machine = machineTicks();
    const postgres = postgresCpu(database);
    const outcome = await runImport(plan.records, {
      bus,
      ability: ops,
      actorId: 'bench-ops',
      correlationId: randomUUID(),
    });
    const t3 = performance.now();
    const used = process.cpuUsage(cpu);
    const machineAfter = machineTicks();
    const postgresSeconds = postgres();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      label,
      rows: table.rows.length,
      readMs: t1 - t0,
      planMs: t2 - t1,
      runMs: t3 - t2,
      plan: {
        counts: plan.counts,
        problems: plan.problems,
        commands: plan.records.reduce(
          (n, r) => n + (r.action === 'refused' ? 0 : r.commands.length),
          0,
        ),
      },
      outcome: (({ written: _written, ...kept }) => kept)(outcome),
      peakMb: peak / 2 ** 20,
      runCpu: (used.user + used.system) / 1e6,
      postgresCpu: postgresSeconds,
      machineBusy:
        machine && machineAfter
          ? (machineAfter.busy - machine.busy) / (machineAfter.total - machine.total)
          : null,
      calls: counting.take(),
    };
  } finally {
    clearInterval(timer);
  }
}

function describe(m: Measured): void {
  const total = m.readMs + m.planMs + m.runMs;
  const { counts } = m.plan;
  console.log(
    `\n${m.label}: ${fmt(m.rows)} rows in ${seconds(total)} s (${fmt((m.rows / total) * 1000)} rows/s)`,
  );
  console.log(
    `  reading ${seconds(m.readMs)} s, planning ${seconds(m.planMs)} s, running ${seconds(m.runMs)} s; RSS peak ${fmt(m.peakMb)} MB`,
  );
  console.log(
    `  while running: this process used ${m.runCpu.toFixed(1)} CPU s, PostgreSQL ${m.postgresCpu.toFixed(1)} CPU s${m.machineBusy === null ? '' : `; the machine's ${String(os.cpus().length)} cores were ${(m.machineBusy * 100).toFixed(0)} % busy (every process)`}`,
  );
  console.log(
    `  plan: ${fmt(counts.create)} to create, ${fmt(counts.update)} to update, ${fmt(counts.unchanged)} unchanged, ${fmt(counts.refused)} refused, ${fmt(counts.missing)} missing`,
  );
  const o = m.outcome;
  console.log(
    `  run: ${fmt(o.created)} created, ${fmt(o.updated)} updated, ${fmt(o.unchanged)} unchanged, ${fmt(o.refused)} refused (${fmt(o.problems.length)} problems)`,
  );
  const { commands } = m.plan;
  if (m.calls.length > 0) {
    console.log(
      `  event store (${fmt(commands)} commands): ${m.calls
        .map(([name, c]) =>
          name === 'SQL statements'
            ? `${fmt(c.n)} SQL statements${commands > 0 ? ` (${(c.n / commands).toFixed(1)} a command)` : ''}`
            : `${name} ${fmt(c.n)}× (${fmt(c.ms / 1000)} s summed)`,
        )
        .join(', ')}`,
    );
  }
}

function check(ok: boolean, what: string): boolean {
  console.log(`  ${ok ? 'ok' : 'WRONG'}: ${what}`);
  return ok;
}

function versus(label: string, value: number, target: number): string {
  const ratio = value / target;
  return `${label}: ${value.toFixed(1)} s (target ≤ ${String(target)} s, ratio ${ratio.toFixed(2)}${ratio <= 1 ? ', met' : ', MISSED'})`;
}

// ---------------------------------------------------------------------------------------------
// The run

export async function runImportBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL (a server where it may create a database).');
  const name = `allot_bench_import_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: POOL });
  // The database is dropped WITH (FORCE) at the end, possibly before ended sockets have closed.
  pool.on('error', () => undefined);
  let allMet = true;
  try {
    console.log(
      `Import benchmark: ${fmt(SECTIONS)} sections, ${fmt(COURSES)} courses, ${fmt(ROOMS)} rooms, pool of ${String(POOL)}, ${String(os.cpus().length)} cores, ${new Date().toISOString()}`,
    );
    const raw = await createPostgresEventStore({ pool, schema: SCHEMA });
    const counting = counted(raw, pool);
    const bus = createCommandBus({ store: counting.store });
    // Without statistics (never analyzed) the planner reads a page of the log with parallel
    // workers once the table is large (8 ms instead of 0.2 ms, every refresh of the schedule
    // index); a server's autovacuum analyzes the table as it grows.
    const autovacuum = await pool.query<{ autovacuum: string }>('SHOW autovacuum');
    const autovacuumOff = autovacuum.rows[0]?.autovacuum !== 'on';
    if (autovacuumOff) {
      console.log(
        "This server's autovacuum is off: the event store's tables are analyzed before each import, as autovacuum would.",
      );
    }
    const analyze = async () => {
      if (autovacuumOff) await pool.query(`ANALYZE ${SCHEMA}.es_events, ${SCHEMA}.es_streams`);
    };
    const setup: Setup = { bus, counting, database: name, analyze };
    const setupStarted = performance.now();
    await createConfiguration(bus);
    console.log(
      `Configuration created with commands in ${seconds(performance.now() - setupStarted)} s: 2 periods with 2 terms each, ${String(MODES.length)} teaching modes, ${String(WORKGROUPS)} workgroups, ${fmt(ROOMS)} rooms, ${fmt(COURSES)} courses, ${fmt(COURSES * PERIODS.length)} offerings`,
    );

    const file = generate(PERIODS[0].name);
    const first = csvOf(file.rows);
    console.log(
      `File: ${fmt(file.rows.length)} rows (${fmt(SECTIONS)} sections, ${(file.rows.length / SECTIONS).toFixed(2)} meetings each), ${(first.length / 2 ** 20).toFixed(1)} MB`,
    );

    const results: Measured[] = [];
    const summary: string[] = [];
    const total = (m: Measured) => (m.readMs + m.planMs + m.runMs) / 1000;

    // a. The first import (every later part needs it).
    const a = await importFile('a. first import', first, setup);
    results.push(a);
    describe(a);
    allMet &&= check(
      a.outcome.created === SECTIONS && a.outcome.refused === 0,
      `every section created (${fmt(a.outcome.created)} of ${fmt(SECTIONS)})`,
    );
    if (a.outcome.problems.length > 0) {
      console.log(`  first problems: ${JSON.stringify(a.outcome.problems.slice(0, 3))}`);
    }
    summary.push(
      versus(`a. first import of ${fmt(SECTIONS)} sections`, total(a), TARGETS.firstImport),
    );

    if (PARTS.includes('b')) {
      const b = await importFile('b. the same file again', first, setup);
      results.push(b);
      describe(b);
      allMet &&= check(
        b.plan.counts.unchanged === SECTIONS && b.outcome.created + b.outcome.updated === 0,
        'nothing to do',
      );
      summary.push(`b. the same file again: ${total(b).toFixed(1)} s`);
    }

    if (PARTS.includes('c')) {
      const edit = changed(file);
      const c = await importFile(
        `c. re-import with 1 % of the rows changed (${fmt(Math.ceil(file.rows.length / 100))} rows, ${fmt(edit.sections.size)} sections)`,
        csvOf(edit.rows),
        setup,
      );
      results.push(c);
      describe(c);
      allMet &&= check(
        c.plan.counts.update === edit.sections.size &&
          c.outcome.updated === edit.sections.size &&
          c.outcome.refused === 0,
        `the changed sections updated (${fmt(c.outcome.updated)} of ${fmt(edit.sections.size)}), nothing refused`,
      );
      summary.push(versus('c. re-import with 1 % of the rows changed', total(c), TARGETS.reimport));
    }

    if (PARTS.includes('d')) {
      const next = generate(PERIODS[1].name);
      const spoilt = spoiled(next);
      const d = await importFile(
        `d. ${fmt(next.rows.length)} rows for ${PERIODS[1].name} with ${fmt(spoilt.bad.length)} bad rows`,
        csvOf(spoilt.rows),
        setup,
      );
      results.push(d);
      describe(d);
      const problems: Problem[] = [...d.plan.problems, ...d.outcome.problems];
      const reported = spoilt.bad.filter((bad) =>
        problems.some((p) => p.row === bad.line && p.column === bad.column),
      );
      const badLines = new Set(spoilt.bad.map((b) => b.line));
      const stray = problems.filter((p) => !badLines.has(p.row));
      const goodSections = SECTIONS - spoilt.badSections.size;
      const heldBack = next.sectionOf.filter(
        (s, i) => spoilt.badSections.has(s) && !badLines.has(i + 2),
      ).length;
      allMet &&= check(
        reported.length === spoilt.bad.length,
        `every bad row reported with its row and column (${fmt(reported.length)} of ${fmt(spoilt.bad.length)})`,
      );
      allMet &&= check(
        stray.length === 0,
        `no problem named for a good row (${fmt(stray.length)})`,
      );
      const world = await loadImportWorld(raw);
      const live = world
        .records('courseOffering')
        .filter((o) => o.AcademicPeriodId === PERIODS[1].id)
        .reduce((n, o) => n + world.sectionsOfOffering(o.id).length, 0);
      allMet &&= check(
        d.outcome.created === goodSections && live === goodSections,
        `every section without a bad row imported (${fmt(d.outcome.created)} created, ${fmt(live)} in Allot, of ${fmt(goodSections)}); the ${fmt(spoilt.badSections.size)} sections with a bad row refused whole, holding back ${fmt(heldBack)} good meeting rows of theirs`,
      );
      for (const kind of new Set(spoilt.bad.map((b) => b.what))) {
        const sample = spoilt.bad.find((b) => b.what === kind)!;
        const said = problems.filter((p) => p.row === sample.line);
        console.log(
          `  ${kind}: row ${String(sample.line)}: ${said.map((p) => `${String(p.column)}: ${p.message}`).join(' / ') || '(not reported)'}`,
        );
      }
      summary.push(
        `d. 1 % bad rows: ${total(d).toFixed(1)} s; bad rows reported with row and column ${fmt(reported.length)} of ${fmt(spoilt.bad.length)}, sections imported ${fmt(d.outcome.created)} of ${fmt(goodSections)} without a bad row`,
      );
    }

    if (PARTS.includes('x')) {
      // Reading only: the same rows uploaded as a workbook instead (last: ExcelJS holds the
      // whole sheet, which would weigh on the memory figures of the imports).
      const workbook = await xlsxOf(file.rows);
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const table = await readTable(workbook);
      const ms = performance.now() - started;
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      console.log(
        `\nx. the same rows as XLSX (${(workbook.length / 2 ** 20).toFixed(1)} MB): ${fmt(table.rows.length)} rows read in ${seconds(ms)} s, RSS peak ${fmt(peak / 2 ** 20)} MB (${fmt(before / 2 ** 20)} MB before)`,
      );
      summary.push(`x. reading the file as XLSX instead: ${seconds(ms)} s`);
    }

    console.log('\nSummary (targets on this machine; never asserted):');
    for (const line of summary) console.log(`  ${line}`);
    console.log(
      `  process memory peak: ${fmt(Math.max(...results.map((m) => m.peakMb)))} MB RSS sampled, ${fmt(process.resourceUsage().maxRSS / 1024)} MB max RSS`,
    );
    console.log(`  checks: ${allMet ? 'all ok' : 'some WRONG (see above)'}`);
    await raw.close();
  } finally {
    await pool.end().catch(() => undefined);
    if (process.env.BENCH_KEEP_DATABASE) {
      console.log(`Database ${name} kept (BENCH_KEEP_DATABASE); drop it yourself.`);
    } else {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runImportBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
