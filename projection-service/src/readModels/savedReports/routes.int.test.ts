import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  DEMO_FEATURE_FLAGS,
  defaultGridState,
  defineAbilityFor,
  isKnownEventType,
  reportSnapshotStream,
  savedReportStream,
  users,
  type RoleSlug,
} from '@allot/shared-events';
import { nativeDatabaseUrl } from '@allot/shared-events/testing';
import { createProjectionRunner, type ProjectionRunner } from '../../runner/runner.js';
import { silentProjectionLogger } from '../../runner/logger.js';
import { createTableResolver } from '../../runner/tableNames.js';
import { projectionTestEnvs, type ProjectionTestEnv } from '../../runner/testing/environment.js';
import { viewerPlugin, type ResourceViewer, type ViewerResolver } from '../../http/viewer.js';
import { answerContract, type AnswerContract } from '../../http/testing/answerContract.js';
import { resourceProjection } from '../resources/projection.js';
import { savedReportsProjection } from './projection.js';
import { savedReportReadRoutes } from './routes.js';

/*
 * The saved reports and snapshots read API over events appended to the store as they are (on
 * PostgreSQL when the run has it): who sees which report, and old builder grids read in today's
 * shape. The fixtures are written directly, as an import of the old system's reports would be.
 */
const envs = projectionTestEnvs(nativeDatabaseUrl() ? 'postgres' : 'pglite');
let env: ProjectionTestEnv;
let runner: ProjectionRunner;
let app: FastifyInstance;
let contract: AnswerContract;

/** Who signs in (`x-test-user`) and their roles: their abilities and their user record's. */
const people: Record<string, RoleSlug[]> = {
  admin: ['admin'],
  ops: ['academicOpsAdmin'],
  rep1: ['reportingUser'],
  rep2: ['reportingUser', 'faculty'],
  faculty: ['faculty'],
  business: ['businessOfficeAdmin'],
};

const testViewer: ViewerResolver = (request) => {
  const id = request.headers['x-test-user'];
  const roles = typeof id === 'string' ? people[id] : undefined;
  if (typeof id !== 'string' || !roles) return Promise.resolve(null);
  const viewer: ResourceViewer = {
    userId: id,
    workingAcademicPeriodId: null,
    ability: defineAbilityFor({
      userId: id,
      roles,
      workgroupPermissions: [],
      featureFlags: DEMO_FEATURE_FLAGS,
      mode: 'test',
      progressStepId: null,
      masquerading: false,
    }),
  };
  return Promise.resolve(viewer);
};

const metadata = (actorId: string) => ({ actorId, occurredAt: '2026-11-20T09:00:00.000Z' });

async function saved(
  id: string,
  fields: { UserId: string | null; reportType: string; gridState: unknown } & Record<
    string,
    unknown
  >,
) {
  await env.store.appendToStream(savedReportStream(id), [
    {
      type: 'SavedReportCreated',
      data: {
        id,
        name: `Report ${id}`,
        description: null,
        type: fields.UserId === null ? 'system' : 'custom',
        sharedWithRoles: [],
        AcademicPeriodId: null,
        ...fields,
      },
      metadata: metadata(fields.UserId ?? 'admin'),
    },
  ]);
}

/** What the old report builder saved: a data grid's state with the page it was on. */
const OLD_OFFERINGS_GRID = {
  page: 3,
  pageSize: 25,
  sortModel: [{ field: 'Course.courseNumber', sort: 'desc' }],
  filterModel: {
    items: [{ columnField: 'Workgroup.name', operatorValue: 'contains', value: 'Math' }],
  },
  columnVisibilityModel: { totalPoints: false },
  columnOrder: [
    'Course.courseNumber',
    'Course.name',
    'Workgroup.name',
    'totalPoints',
    'sectionCount',
    'retiredField',
  ],
  columnWidths: { 'Course.name': 240 },
};
const OLD_INSTRUCTORS_GRID = {
  page: 0,
  sortModel: [{ field: 'displayName', sort: 'asc' }],
  columnVisibilityModel: { email: false, EmployeeId: false },
};
/** Section schedules had no builder: an old grid of theirs cannot be read. */
const OLD_SCHEDULES_GRID = { page: 1, sortModel: [{ field: 'startTime', sort: 'asc' }] };

beforeAll(async () => {
  env = await envs.open();
  for (const [id, roles] of Object.entries(people)) {
    await env.store.appendToStream(users.streamId(id), [
      {
        type: users.eventTypes.created,
        data: {
          id,
          firstName: id,
          lastName: 'Person',
          displayName: `${id} Person`,
          email: `${id}@example.edu`,
          username: id,
          Roles: roles.map((slug) => ({ slug })),
          isActive: true,
        },
        metadata: metadata('admin'),
      },
    ]);
  }
  await saved('sys1', {
    UserId: null,
    reportType: 'Sections',
    gridState: defaultGridState('Sections'),
  });
  await saved('offerings', {
    UserId: 'rep1',
    reportType: 'CourseOfferings',
    gridState: OLD_OFFERINGS_GRID,
  });
  await saved('instructors', {
    UserId: 'rep1',
    reportType: 'Instructors',
    gridState: OLD_INSTRUCTORS_GRID,
  });
  await saved('schedules', {
    UserId: 'rep1',
    reportType: 'SectionSchedules',
    gridState: OLD_SCHEDULES_GRID,
  });
  await saved('toReporting', {
    UserId: 'ops',
    reportType: 'Users',
    gridState: defaultGridState('Users'),
    sharedWithRoles: ['reportingUser'],
  });
  await saved('toFaculty', {
    UserId: 'ops',
    reportType: 'Users',
    gridState: defaultGridState('Users'),
    sharedWithRoles: ['faculty', 'sectionScheduler'],
  });
  await saved('opsOwn', {
    UserId: 'ops',
    reportType: 'Users',
    gridState: defaultGridState('Users'),
  });
  await saved('rep2Own', {
    UserId: 'rep2',
    reportType: 'Courses',
    gridState: defaultGridState('Courses'),
  });
  await saved('gone', {
    UserId: 'rep1',
    reportType: 'Courses',
    gridState: defaultGridState('Courses'),
  });
  await env.store.appendToStream(savedReportStream('gone'), [
    { type: 'SavedReportDeleted', data: { id: 'gone' }, metadata: metadata('rep1') },
  ]);
  for (const [id, takenBy, reportType] of [
    ['snap1', 'rep1', 'Sections'],
    ['snap2', 'rep2', 'Users'],
    ['snap3', 'rep1', 'Courses'],
  ] as const) {
    await env.store.appendToStream(reportSnapshotStream(id), [
      {
        type: 'ReportSnapshotTaken',
        data: {
          id,
          name: `Snapshot ${id}`,
          reportType,
          query: { columns: ['name'], filters: { isActive: true } },
          position: '7:7',
          takenAt: `2026-11-2${id.slice(-1)}T10:00:00.000Z`,
          takenBy,
          rowCount: null,
        },
        metadata: metadata(takenBy),
      },
    ]);
  }
  await env.store.appendToStream(reportSnapshotStream('snap3'), [
    { type: 'ReportSnapshotDeleted', data: { id: 'snap3' }, metadata: metadata('rep1') },
  ]);
  runner = createProjectionRunner({
    store: env.store,
    knex: env.knex,
    schema: env.schema,
    projections: [savedReportsProjection, resourceProjection(users)],
    knownEventTypes: isKnownEventType,
    logger: silentProjectionLogger,
    pollIntervalMs: 10,
  });
  await runner.start();
  await caughtUp();
  app = Fastify();
  contract = answerContract(app);
  await app.register(viewerPlugin, { resolve: testViewer });
  await app.register(savedReportReadRoutes, {
    knex: env.knex,
    tables: createTableResolver(env.knex, env.schema, 0),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await runner.stop();
  await env.close();
  await envs.closeAll();
});

async function caughtUp(): Promise<void> {
  const head = await env.store.committedHeadPosition();
  if (!head) throw new Error('empty store');
  if (!(await runner.waitFor(head, undefined, 20_000)))
    throw new Error('projections did not catch up');
}

async function get(as: string | null, url: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: as ? { 'x-test-user': as } : {},
  });
  return { status: response.statusCode, body: response.json<any>() }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
}

const ids = (answer: { body: { rows: { id: string }[] } }) => answer.body.rows.map((r) => r.id);

describe('GET /api/reports', () => {
  it('shows report managers every live report, system reports first, then by name', async () => {
    for (const as of ['admin', 'ops']) {
      const answer = await get(as, '/api/reports');
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBe(8);
      expect(ids(answer)).toEqual([
        'sys1',
        'instructors',
        'offerings',
        'opsOwn',
        'rep2Own',
        'schedules',
        'toFaculty',
        'toReporting',
      ]);
    }
  });

  it('shows a reporting user the system reports, their own and those shared with a role of theirs', async () => {
    expect(ids(await get('rep1', '/api/reports'))).toEqual([
      'sys1',
      'instructors',
      'offerings',
      'schedules',
      'toReporting',
    ]);
    // rep2 is faculty too: the report shared with faculty is theirs to see.
    expect(ids(await get('rep2', '/api/reports'))).toEqual([
      'sys1',
      'rep2Own',
      'toFaculty',
      'toReporting',
    ]);
  });

  it('filters by report type, and refuses an unknown one', async () => {
    expect(ids(await get('rep1', '/api/reports?reportType=Sections'))).toEqual(['sys1']);
    expect(ids(await get('admin', '/api/reports?reportType=Users'))).toEqual([
      'opsOwn',
      'toFaculty',
      'toReporting',
    ]);
    const bad = await get('rep1', '/api/reports?reportType=Salaries');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('reportType');
    expect((await get('rep1', '/api/reports?page=2')).status).toBe(400);
  });

  it('refuses those who may not read reports (403) and the signed out (401)', async () => {
    for (const as of ['faculty', 'business']) {
      const answer = await get(as, '/api/reports');
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('You may not read reports.');
    }
    expect((await get(null, '/api/reports')).status).toBe(401);
  });
});

describe('GET /api/reports/:id', () => {
  it('answers a report its viewer may see, with its owner', async () => {
    const answer = await get('rep1', '/api/reports/toReporting');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: 'toReporting',
      name: 'Report toReporting',
      description: null,
      reportType: 'Users',
      gridState: defaultGridState('Users'),
      needsConversion: false,
      type: 'custom',
      sharedWithRoles: ['reportingUser'],
      AcademicPeriodId: null,
      UserId: 'ops',
      owner: { id: 'ops', name: 'ops Person' },
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:00:00.000Z',
      revision: 0,
    });
    expect((await get('rep1', '/api/reports/sys1')).body.owner).toBeNull();
  });

  it('does not find a report its viewer may not see, nor a deleted or unknown one (404)', async () => {
    for (const id of ['opsOwn', 'rep2Own', 'toFaculty', 'gone', 'nothing']) {
      const answer = await get('rep1', `/api/reports/${id}`);
      expect({ id, status: answer.status }).toEqual({ id, status: 404 });
    }
    expect((await get('admin', '/api/reports/opsOwn')).status).toBe(200);
    expect((await get('admin', '/api/reports/gone')).status).toBe(404);
    expect((await get('faculty', '/api/reports/sys1')).status).toBe(403);
    expect((await get('business', '/api/reports/sys1')).status).toBe(403);
  });
});

describe('old builder grids', () => {
  it('reads an old course offerings grid as today’s: columns, widths, sorts and filters mapped', async () => {
    const answer = await get('rep1', '/api/reports/offerings');
    expect(answer.body.needsConversion).toBe(true);
    expect(answer.body.gridState).toEqual({
      columns: [
        { key: 'courseNumber' },
        { key: 'courseName', width: 240 },
        { key: 'workgroup' },
        { key: 'sections' },
      ],
      filters: { workgroup: 'Math' },
      sorts: [{ column: 'courseNumber', direction: 'desc' }],
      groupBy: null,
      pageSize: 25,
    });
  });

  it('reads an old instructors grid the same way, its hidden columns left out', async () => {
    const answer = await get('rep1', '/api/reports/instructors');
    expect(answer.body.needsConversion).toBe(true);
    const columns = (answer.body as { gridState: { columns: { key: string }[] } }).gridState
      .columns;
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'instructorType',
      'rank',
      'division',
      'track',
      'pointsRequired',
      'isActive',
    ]);
    expect(answer.body.gridState.sorts).toEqual([{ column: 'name', direction: 'asc' }]);
    expect(answer.body.gridState.pageSize).toBe(50);
  });

  it('opens an old grid of a type the builder never had with the type’s default grid', async () => {
    const answer = await get('rep1', '/api/reports/schedules');
    expect(answer.body.needsConversion).toBe(true);
    expect(answer.body.gridState).toEqual(defaultGridState('SectionSchedules'));
  });

  it('no longer marks a report once it is saved with today’s grid; the event kept the old one', async () => {
    const grid = { ...defaultGridState('Instructors'), pageSize: 100 };
    await env.store.appendToStream(savedReportStream('instructors'), [
      {
        type: 'SavedReportUpdated',
        data: { id: 'instructors', gridState: grid },
        metadata: metadata('rep1'),
      },
    ]);
    await caughtUp();
    const answer = await get('rep1', '/api/reports/instructors');
    expect(answer.body).toMatchObject({ needsConversion: false, gridState: grid, revision: 1 });
    const [created] = await env.store.readStream(savedReportStream('instructors'));
    expect((created?.data as { gridState: unknown }).gridState).toEqual(OLD_INSTRUCTORS_GRID);
  });
});

describe('GET /api/reportSnapshots[/:id]', () => {
  it('lists a reporting user’s own snapshots, and every one for report managers, newest first', async () => {
    expect(ids(await get('rep1', '/api/reportSnapshots'))).toEqual(['snap1']);
    expect(ids(await get('rep2', '/api/reportSnapshots'))).toEqual(['snap2']);
    expect(ids(await get('admin', '/api/reportSnapshots'))).toEqual(['snap2', 'snap1']);
    expect(ids(await get('ops', '/api/reportSnapshots?reportType=Sections'))).toEqual(['snap1']);
    expect((await get('ops', '/api/reportSnapshots?reportType=x')).status).toBe(400);
  });

  it('answers one snapshot with its query, position and taker', async () => {
    const answer = await get('rep1', '/api/reportSnapshots/snap1');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: 'snap1',
      name: 'Snapshot snap1',
      reportType: 'Sections',
      query: { columns: ['name'], filters: { isActive: true } },
      position: '7:7',
      takenAt: '2026-11-21T10:00:00.000Z',
      takenBy: { id: 'rep1', name: 'rep1 Person' },
      rowCount: null,
      revision: 0,
    });
    expect((await get('rep1', '/api/reportSnapshots/snap2')).status).toBe(404);
    expect((await get('rep1', '/api/reportSnapshots/snap3')).status).toBe(404);
    expect((await get('admin', '/api/reportSnapshots/snap2')).status).toBe(200);
  });

  it('refuses those who may not read reports', async () => {
    for (const url of ['/api/reportSnapshots', '/api/reportSnapshots/snap1']) {
      expect((await get('faculty', url)).status).toBe(403);
      expect((await get('business', url)).status).toBe(403);
      expect((await get(null, url)).status).toBe(401);
    }
  });
});

describe('the read API contract', () => {
  it('answers each route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/reportSnapshots',
      'GET /api/reportSnapshots/:id',
      'GET /api/reports',
      'GET /api/reports/:id',
    ]);
  });
});
