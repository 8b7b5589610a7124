/**
 * The effort import benchmark (issue 17), run by `npm run bench`, never by `npm test`: on a
 * PostgreSQL event store of its own it creates with commands 2,000 instructors, 25 pay periods,
 * categories, types, five classification rules and a position for all but 100 of them, then
 * generates a payroll CSV of 50,000 lines with 1 % bad rows (a person nobody is, a pay period
 * that does not exist, an effort above 100 %, an effort that is no number) and times, as the
 * import job runs it (`readTable`, then `executeEffortImport` as an effort manager):
 *   a. a dry run: every bad row listed, no line written;
 *   b. the import: every good line written (a line an event), the 100 missing positions created,
 *      every bad row listed.
 * Prints lines per second, the time of each part against its target (≤ 30 s) and the process's
 * memory growth (RSS sampled every 50 ms, target < 200 MB); timings are never asserted, the checks
 * are printed as ok or WRONG. The database is dropped at the end.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *        node --conditions=allot-source --import tsx command-service/bench/effortImportBench.ts
 * BENCH_EFFORT_LINES (default 50,000) for another size.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  DEFAULT_FEATURE_FLAGS,
  createPostgresEventStore,
  effortImportStream,
  type EffortImportFinished,
  type EventStore,
} from '@allot/shared-events';
import { abilityFromRules } from '../src/authorization/ability.js';
import { createCommandBus, type CommandBus } from '../src/commandHandling/commandBus.js';
import { executeEffortImport } from '../src/effort/imports/effortImportJob.js';
import { readTable } from '../src/imports/readTable.js';
import { rulesOf } from '../src/testing/rules.js';

const LINES = Number(process.env.BENCH_EFFORT_LINES ?? 50_000);
const PERIODS = 25;
const PEOPLE = Math.ceil(LINES / PERIODS);
const WITHOUT_POSITION = 100;
const BAD_EVERY = 100;
const TARGET_S = 30;
const TARGET_GROWTH_MB = 200;
const SCHEMA = 'event_store';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const manager = abilityFromRules(
  rulesOf('effortManager', 'bench-manager', {
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, aemEnabled: true },
  }),
);

async function inParallel<T>(items: readonly T[], each: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < items.length) await each(items[next++] as T);
    }),
  );
}

const periodCode = (p: number) => `PP-${String(p + 1).padStart(2, '0')}`;

async function createConfiguration(bus: CommandBus) {
  const run = (name: string, payload: Record<string, unknown>) =>
    bus.execute(name, payload, { actorId: 'bench-setup' });
  for (let p = 0; p < PERIODS; p += 1) {
    const start = new Date(Date.UTC(2026, 0, 1 + p * 14));
    const end = new Date(start.getTime() + 13 * 86_400_000);
    await run('CreateEffortPayPeriod', {
      id: `pp-${String(p)}`,
      code: periodCode(p),
      name: `Pay period ${String(p + 1)}`,
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
    });
  }
  for (const [id, name, area] of [
    ['inst', 'Instruction', 'teaching'],
    ['res', 'Research', 'research'],
    ['adm', 'Administration', 'administration'],
  ] as const) {
    await run('CreateEffortCategory', { id, name, code: id.toUpperCase(), area });
  }
  await run('CreateEffortType', { id: 'ins', name: 'Institutional', code: 'INS' });
  await run('CreateEffortType', { id: 'spn', name: 'Sponsored', code: 'SPN' });
  const rules = [
    ['grants', 10, { account: '52???' }, 'res', 'spn'],
    ['stipends', 20, { earnCode: 'ADM' }, 'adm', 'ins'],
    ['summer', 30, { earnCode: 'SUM' }, 'inst', 'ins'],
    ['teaching', 40, { costCenter: '10-*', earnCode: 'REG' }, 'inst', 'ins'],
    ['rest', 50, {}, 'inst', null],
  ] as const;
  for (const [id, order, criteria, category, type] of rules) {
    await run('CreateEffortRule', {
      id,
      name: id,
      order,
      ...criteria,
      EffortCategoryId: category,
      EffortTypeId: type,
    });
  }
  await inParallel(
    Array.from({ length: PEOPLE }, (_, i) => i),
    async (i) => {
      await run('CreateUser', {
        id: `u${String(i)}`,
        firstName: `First${String(i)}`,
        lastName: `Last${String(i)}`,
        email: `u${String(i)}@example.edu`,
        username: `u${String(i)}`,
        EmployeeId: `E${String(100_000 + i)}`,
        isFaculty: true,
      });
      if (i >= WITHOUT_POSITION) {
        await run('CreateEffortPosition', {
          id: `pos${String(i)}`,
          positionNumber: `P${String(i)}`,
          UserId: `u${String(i)}`,
          startDate: '2025-07-01',
          fte: 1,
        });
      }
    },
  );
}

/** The payroll file: a line per person and pay period, every 100th row bad in one of 4 ways. */
function payrollCsv(): { csv: Buffer; bad: number; toCreate: number } {
  const rows = ['Employee,Position,Pay Period,Effort %,Cost Centre,Earn Code,Account,Amount'];
  let bad = 0;
  /** People without a position who have a good line: their positions are created. */
  const toCreate = new Set<number>();
  for (let n = 0; n < LINES; n += 1) {
    const person = n % PEOPLE;
    const period = Math.floor(n / PEOPLE) % PERIODS;
    let employee = `E${String(100_000 + person)}`;
    let code = periodCode(period);
    let percent = String(50 + (n % 50));
    if (n % BAD_EVERY === BAD_EVERY - 1) {
      bad += 1;
      const kind = ((n / BAD_EVERY) % 4) | 0;
      if (kind === 0) employee = 'E999999999';
      else if (kind === 1) code = 'PP-99';
      else if (kind === 2) percent = '150';
      else percent = 'half';
    } else if (person < WITHOUT_POSITION) {
      toCreate.add(person);
    }
    const earn = ['REG', 'REG', 'ADM', 'SUM'][n % 4]!;
    const account = n % 7 === 0 ? '52100' : '51000';
    rows.push(
      `${employee},P${String(person)},${code},${percent},10-${String(4400 + (person % 40))},${earn},${account},${String(1000 + (n % 3000))}`,
    );
  }
  return { csv: Buffer.from(rows.join('\n')), bad, toCreate: toCreate.size };
}

interface Part {
  label: string;
  ms: number;
  growthMb: number;
  end: EffortImportFinished;
  lineEvents: number;
}

async function lineEventsOf(pool: pg.Pool, importId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${SCHEMA}.es_events
      WHERE stream_id LIKE $1 AND event_type = 'EffortLineImported'`,
    [`effortLines-${importId}-%`],
  );
  return Number(rows[0]?.n ?? 0);
}

async function timedImport(
  store: EventStore,
  bus: CommandBus,
  pool: pg.Pool,
  csv: Buffer,
  mode: 'append' | 'dryRun',
  label: string,
): Promise<Part> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const table = await readTable(csv);
  const importId = randomUUID();
  await bus.execute(
    'StartEffortImport',
    {
      id: importId,
      fileName: 'payroll.csv',
      size: csv.length,
      sha256: '0'.repeat(64),
      mode,
      EffortPayPeriodId: null,
      rows: table.rows.length,
    },
    { ability: manager, actorId: 'bench-manager', correlationId: importId },
  );
  const mapping = {
    instructor: 'Employee',
    positionNumber: 'Position',
    payPeriod: 'Pay Period',
    effortPercent: 'Effort %',
    costCenter: 'Cost Centre',
    earnCode: 'Earn Code',
    account: 'Account',
    amount: 'Amount',
  };
  await executeEffortImport(
    { bus, store, abilityOf: () => Promise.resolve(manager) },
    { importId, mode, payPeriodId: null, mapping, table },
    {
      ownerId: 'bench-manager',
      reportProgress: () => Promise.resolve(),
      signal: new AbortController().signal,
    },
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const events = await store.readStream(effortImportStream(importId));
  const end = events.find((e) => e.type === 'EffortImportFinished')?.data as EffortImportFinished;
  return {
    label,
    ms,
    growthMb: (peak - before) / 2 ** 20,
    end,
    lineEvents: await lineEventsOf(pool, importId),
  };
}

export async function runEffortImportBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL (a server where it may create a database).');
  const name = `allot_bench_effort_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  pool.on('error', () => undefined);
  try {
    console.log(
      `Effort import benchmark: ${fmt(LINES)} lines, ${fmt(PEOPLE)} instructors, ${String(PERIODS)} pay periods, ${new Date().toISOString()}`,
    );
    const store = await createPostgresEventStore({ pool, schema: SCHEMA });
    const bus = createCommandBus({ store });
    const setup = performance.now();
    await createConfiguration(bus);
    console.log(`Configuration created with commands in ${seconds(performance.now() - setup)} s`);
    const { csv, bad, toCreate } = payrollCsv();
    console.log(
      `File: ${fmt(LINES)} rows, ${fmt(bad)} bad, ${(csv.length / 2 ** 20).toFixed(1)} MB`,
    );
    const good = LINES - bad;
    const checks: string[] = [];
    const check = (ok: boolean, what: string) => checks.push(`${ok ? 'ok' : 'WRONG'}: ${what}`);
    const parts: Part[] = [];
    const dry = await timedImport(store, bus, pool, csv, 'dryRun', 'a. dry run');
    parts.push(dry);
    check(dry.lineEvents === 0, `the dry run wrote no line (${fmt(dry.lineEvents)})`);
    check(dry.end.refused === bad, `the dry run refused every bad row (${fmt(dry.end.refused)})`);
    check(
      dry.end.problemCount === bad,
      `every bad row is listed with its row and column (${fmt(dry.end.problemCount)} problems)`,
    );
    const real = await timedImport(store, bus, pool, csv, 'append', 'b. import');
    parts.push(real);
    check(real.end.status === 'done', `the import ended done (${real.end.status})`);
    check(
      real.lineEvents === good,
      `every good line is an event (${fmt(real.lineEvents)} of ${fmt(good)})`,
    );
    check(
      real.end.positionsCreated === toCreate,
      `the missing positions were created (${fmt(real.end.positionsCreated)} of ${fmt(toCreate)})`,
    );
    check(real.end.problemCount === bad, `every bad row is listed (${fmt(real.end.problemCount)})`);
    console.log('\nSummary (targets on this machine; never asserted):');
    for (const part of parts) {
      const s = part.ms / 1000;
      console.log(
        `  ${part.label}: ${seconds(part.ms)} s (target ≤ ${String(TARGET_S)} s, ratio ${(s / TARGET_S).toFixed(2)}${s <= TARGET_S ? ', met' : ', MISSED'}), ${fmt(LINES / s)} lines/s; memory growth ${fmt(part.growthMb)} MB (target < ${String(TARGET_GROWTH_MB)} MB, ${part.growthMb < TARGET_GROWTH_MB ? 'met' : 'MISSED'})`,
      );
    }
    for (const line of checks) console.log(`  ${line}`);
    await store.close();
  } finally {
    await pool.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runEffortImportBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
