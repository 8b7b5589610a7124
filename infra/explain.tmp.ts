import knexFactory from 'knex';
import { resolveReportQuery } from '@allot/shared-events';
import { createTableResolver } from '@allot/projection-service';
import { createReportQuery } from '../projection-service/src/readModels/reports/query.js';

const url = 'postgres://postgres@127.0.0.1:5432/allot_bench_teaching_mwybsizf';
const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 1, max: 2 } });
const captured: { sql: string; bindings: unknown[] }[] = [];
knex.on('query', (q: { sql: string; bindings: unknown[] }) => captured.push(q));
const periods = await knex.raw(`SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_name LIKE 'plan_versions_v%' ORDER BY 1 DESC LIMIT 1`);
const versions = periods.rows[0].name as string;
const active = await knex.raw(`SELECT id FROM ${versions} WHERE kind='academicPeriod' AND valid_to IS NULL AND (state->>'isSystemActive')::boolean LIMIT 1`);
const period = active.rows[0]?.id as string;
const logT = versions.replace('plan_versions', 'plan_log');
const mid = await knex.raw(`SELECT commit_position, prepare_position FROM ${logT} WHERE seq = (SELECT (max(seq) * ${Number(process.env.FRACTION ?? 0.5)})::bigint FROM ${logT})`);
const position = `${mid.rows[0].commit_position}:${mid.rows[0].prepare_position}`;
const reports = createReportQuery(knex, createTableResolver(knex));
const q = resolveReportQuery('Sections', {
  columns: (process.env.COLS ?? 'courseNumber,sectionNumber,sectionName,workgroup,points,coverage,instructors').split(','),
  filters: JSON.parse(process.env.FILTERS ?? '{"coverage":["uncovered","partial"],"workgroup":"an"}'),
  sorts: [{ column: process.env.SORT ?? 'points', direction: 'desc' }, { column: 'sectionNumber', direction: 'asc' }],
  page: 1,
  pageSize: 50,
});
if (!q.ok) throw new Error('bad');
const mode = process.argv[2] ?? 'now';
const { positionToToken } = await import('@allot/shared-events');
const asOf = mode === 'asof' ? { position: positionToToken({ commit: BigInt(mid.rows[0].commit_position), prepare: BigInt(mid.rows[0].prepare_position) }) } : null;
void position;
for (let i = 0; i < 3; i++) {
  const t = Date.now();
  const a = await reports.run('Sections', q.value, { AcademicPeriodId: period, asOf });
  console.log(mode, 'run', Date.now() - t, 'ms', a.count);
}
const main = captured.filter((c) => c.sql.includes('WITH base')).at(-1);
if (main && process.argv[3] === 'explain') {
  await knex.transaction(async (trx) => {
    await trx.raw("SET LOCAL work_mem = '64MB'");
    const plan = await trx.raw(`EXPLAIN (ANALYZE, BUFFERS) ${main.sql.replace(/\$\d+/g, "?")}`, main.bindings as never);
    console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
  });
}
await knex.destroy();
