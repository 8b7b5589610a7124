import type { Knex } from 'knex';
import type { ProjectionContext } from '../../runner/projection.js';

export const SECTIONS_TABLE = 'sections';
/**
 * The list's filter and sort columns of each section, without its state: a row is a tenth of a
 * `sections` row, so counting and ordering a period's sections reads a tenth of the pages
 * (docs/benchmarks.md). Written with `sections`, from the same values.
 */
export const SECTION_LIST_TABLE = 'section_list';
export const SECTION_ASSIGNMENTS_TABLE = 'section_assignments';
/** What the sections read model keeps of other streams, so rows need no join at read time. */
export const SECTION_COURSES_TABLE = 'section_courses';
export const SECTION_OFFERINGS_TABLE = 'section_offerings';
export const SECTION_PEOPLE_TABLE = 'section_people';

/**
 * The schema of the pg_trgm extension, created if it can be (it is a trusted extension: a
 * database owner may), else null: the search then tests each row, as it must without it.
 */
async function trigramSchema(trx: Knex.Transaction): Promise<string | null> {
  try {
    // A savepoint: a refusal must not abort the migration's transaction. In `public`, not the
    // read model's schema: dropping that schema must not take the extension from others.
    await trx.transaction((sp) => sp.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public'));
  } catch {
    // Not installed on this server, or not ours to create.
  }
  const found = await trx.raw<{ rows: { schema: string }[] }>(
    `SELECT n.nspname AS schema FROM pg_extension e
       JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  return found.rows[0]?.schema ?? null;
}

/** Creates the sections read model's tables and indexes (idempotent). */
export async function migrateSections(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
): Promise<void> {
  const index = async (logical: string, suffix: string, columns: string): Promise<void> => {
    await trx.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? ${columns}`, [
      `${ctx.physicalName(logical)}_${suffix}`,
      ctx.table(logical),
    ]);
  };
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       id text PRIMARY KEY,
       revision bigint NOT NULL,
       workgroup_id text NOT NULL,
       course_offering_id text NOT NULL,
       academic_period_id text,
       course_id text,
       course_number text,
       course_name text,
       section_number text NOT NULL,
       name text NOT NULL,
       enrollment integer,
       points double precision NOT NULL,
       coverage_status text NOT NULL,
       coverage_variance double precision NOT NULL,
       search text NOT NULL,
       deleted boolean NOT NULL DEFAULT false,
       state jsonb NOT NULL,
       coverage jsonb,
       created_at timestamptz NOT NULL,
       updated_at timestamptz NOT NULL,
       view text NOT NULL
     )`,
    [ctx.table(SECTIONS_TABLE)],
  );
  await index(SECTIONS_TABLE, 'workgroup', '(workgroup_id)');
  await index(SECTIONS_TABLE, 'offering', '(course_offering_id)');
  await index(
    SECTIONS_TABLE,
    'period',
    '(academic_period_id, course_number, section_number, id) WHERE NOT deleted',
  );
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       id text PRIMARY KEY,
       workgroup_id text NOT NULL,
       course_offering_id text NOT NULL,
       academic_period_id text,
       course_number text,
       course_name text,
       section_number text NOT NULL,
       name text NOT NULL,
       enrollment integer,
       points double precision NOT NULL,
       coverage_status text NOT NULL,
       coverage_variance double precision NOT NULL,
       search text NOT NULL,
       deleted boolean NOT NULL DEFAULT false,
       updated_at timestamptz NOT NULL
     ) WITH (fillfactor = 70)`,
    [ctx.table(SECTION_LIST_TABLE)],
  );
  await index(SECTION_LIST_TABLE, 'workgroup', '(workgroup_id)');
  await index(
    SECTION_LIST_TABLE,
    'period',
    '(academic_period_id, course_number, section_number, id) WHERE NOT deleted',
  );
  // Counting a period's sections under the list's coverage, workgroup and instructor filters
  // reads this index alone, not the rows. The search text is left out: with it the planner
  // tests every row of the period here rather than ask the trigram index below.
  await index(
    SECTION_LIST_TABLE,
    'period_filters',
    '(academic_period_id, coverage_status) INCLUDE (workgroup_id, id) WHERE NOT deleted',
  );
  // A search matches anywhere in the text (LIKE '%…%'): a trigram index finds the few rows
  // that match instead of testing every row of the period, where pg_trgm can be had.
  const trigrams = await trigramSchema(trx);
  if (trigrams) {
    await index(
      SECTION_LIST_TABLE,
      'search',
      `USING gin (search "${trigrams.replaceAll(`"`, `""`)}".gin_trgm_ops)`,
    );
  }
  // The list's other sorts within a period: a page walks the index (then an incremental sort
  // by id) instead of sorting every section of the period (docs/benchmarks.md). Enrollment and
  // updated_at are left out: nearly every section event changes them, and an index on them
  // would turn each of those row updates from HOT into one that writes every index.
  for (const column of ['course_name', 'section_number', 'name', 'points', 'coverage_variance']) {
    await index(
      SECTION_LIST_TABLE,
      `period_${column}`,
      `(academic_period_id, ${column}) WHERE NOT deleted`,
    );
  }
  await trx.raw(
    `CREATE TABLE IF NOT EXISTS ?? (
       id text PRIMARY KEY,
       section_id text NOT NULL,
       workgroup_id text NOT NULL,
       user_id text NOT NULL,
       status text NOT NULL,
       share double precision,
       notes text,
       deleted boolean NOT NULL DEFAULT false,
       course_offering_id text NOT NULL,
       academic_period_id text,
       course_number text,
       course_name text,
       section_number text NOT NULL,
       section_name text NOT NULL,
       user_name text,
       share_percent double precision NOT NULL,
       points double precision NOT NULL,
       created_at timestamptz NOT NULL,
       updated_at timestamptz NOT NULL
     )`,
    [ctx.table(SECTION_ASSIGNMENTS_TABLE)],
  );
  await index(SECTION_ASSIGNMENTS_TABLE, 'user', '(user_id)');
  await index(SECTION_ASSIGNMENTS_TABLE, 'section', '(section_id)');
  await index(
    SECTION_ASSIGNMENTS_TABLE,
    'period',
    '(academic_period_id, course_number, section_number) WHERE NOT deleted',
  );
  for (const logical of [SECTION_COURSES_TABLE, SECTION_OFFERINGS_TABLE, SECTION_PEOPLE_TABLE]) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         revision bigint NOT NULL,
         data jsonb NOT NULL,
         deleted boolean NOT NULL DEFAULT false
       )`,
      [ctx.table(logical)],
    );
  }
  // Generated columns name what the lookups read, so their queries stay plain.
  await trx.raw(
    `ALTER TABLE ?? ADD COLUMN IF NOT EXISTS course_number text GENERATED ALWAYS AS (data->>'courseNumber') STORED,
       ADD COLUMN IF NOT EXISTS name text GENERATED ALWAYS AS (data->>'name') STORED,
       ADD COLUMN IF NOT EXISTS credit_hours double precision GENERATED ALWAYS AS ((data->>'sectionCreditHours')::double precision) STORED`,
    [ctx.table(SECTION_COURSES_TABLE)],
  );
  await trx.raw(
    `ALTER TABLE ?? ADD COLUMN IF NOT EXISTS course_id text GENERATED ALWAYS AS (data->>'CourseId') STORED,
       ADD COLUMN IF NOT EXISTS academic_period_id text GENERATED ALWAYS AS (data->>'AcademicPeriodId') STORED`,
    [ctx.table(SECTION_OFFERINGS_TABLE)],
  );
  await index(SECTION_OFFERINGS_TABLE, 'course', '(course_id)');
  await trx.raw(
    `ALTER TABLE ?? ADD COLUMN IF NOT EXISTS display_name text GENERATED ALWAYS AS (
         COALESCE(NULLIF(data->>'displayName', ''),
           btrim(COALESCE(data->>'firstName', '') || ' ' || COALESCE(data->>'lastName', '')))) STORED,
       ADD COLUMN IF NOT EXISTS sort_name text GENERATED ALWAYS AS (
         lower(COALESCE(data->>'lastName', '') || ' ' || COALESCE(data->>'firstName', ''))) STORED,
       ADD COLUMN IF NOT EXISTS is_faculty boolean GENERATED ALWAYS AS (COALESCE((data->>'isFaculty')::boolean, false)) STORED,
       ADD COLUMN IF NOT EXISTS is_active boolean GENERATED ALWAYS AS (COALESCE((data->>'isActive')::boolean, true)) STORED`,
    [ctx.table(SECTION_PEOPLE_TABLE)],
  );
}
