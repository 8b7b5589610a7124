import { randomUUID } from 'node:crypto';
import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  defaultGridState,
  readGridState,
  savedReportStream,
  users,
  type RoleSlug,
} from '@allot/shared-events';
import {
  sessionHeaders,
  startConformanceApp,
  waitForProjections,
  type ConformanceApp,
} from '../apiConformance/conformanceApp.js';
import { demoReportsStep, demoSystemReportId } from '../seed/demoReports.js';
import { runSeeds } from '../seed/runSeeds.js';
import type { RunningAllot } from './startAllot.js';

/*
 * Saved reports and snapshots through the whole embedded app (identity, both services, the
 * projection runner, real HTTP) with the demo's report seed and people of each role: the
 * seeded system reports, a reporting user's own report and snapshot, a shared one, and an old
 * builder grid saved again in today's shape. Without the rest of the demo data, to stay quick.
 */

let app: ConformanceApp;
let allot: RunningAllot;
/** A user per role, by role. */
const people = new Map<RoleSlug, string>();
const idOf = (role: RoleSlug): string => {
  const id = people.get(role);
  if (!id) throw new Error(`no ${role} in this test`);
  return id;
};

async function call(method: string, url: string, as: RoleSlug, body?: unknown) {
  const response = await allot.app.inject({
    method: method as 'GET',
    url,
    headers: sessionHeaders(idOf(as)),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  // Tests read answers loosely.
  const answer: any = response.body ? JSON.parse(response.body) : null; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: answer };
}

const settled = () => waitForProjections(allot);

beforeAll(async () => {
  app = await startConformanceApp({ env: { ALLOT_DEMO_DATA: 'off' } });
  allot = app.allot;
  const roles: RoleSlug[] = [
    'admin',
    'academicOpsAdmin',
    'reportingUser',
    'faculty',
    'businessOfficeAdmin',
    'sectionScheduler',
  ];
  for (const role of roles) {
    const id = randomUUID();
    people.set(role, id);
    await allot.bus.execute(users.commandNames.create, {
      id,
      firstName: role,
      lastName: 'Tester',
      email: `${role}@reports.test`,
      username: role,
      Roles: [{ slug: role }],
    });
  }
  await runSeeds({ store: allot.store, bus: allot.bus, steps: [demoReportsStep] });
  await settled();
}, 300_000);

afterAll(async () => {
  await app.close();
});

describe('saved reports (embedded)', () => {
  it('lists the seeded system report of every queryable type to report readers only', async () => {
    const answer = await call('GET', '/api/reports', 'reportingUser');
    expect(answer.status).toBe(200);
    const rows = answer.body.rows as { id: string; name: string; type: string }[];
    const system = rows.filter((r) => r.type === 'system');
    expect(system.map((r) => [r.id, r.name]).sort()).toEqual(
      QUERYABLE_REPORT_TYPES.map((type) => [
        demoSystemReportId(type),
        REPORT_DEFINITIONS[type].title,
      ]).sort(),
    );
    const sections = await call(
      'GET',
      `/api/reports/${demoSystemReportId('Sections')}`,
      'academicOpsAdmin',
    );
    expect(sections.body).toMatchObject({
      name: REPORT_DEFINITIONS.Sections.title,
      gridState: defaultGridState('Sections'),
      needsConversion: false,
      UserId: null,
    });
    for (const role of ['faculty', 'businessOfficeAdmin', 'sectionScheduler'] as const) {
      expect((await call('GET', '/api/reports', role)).status).toBe(403);
      expect((await call('GET', '/api/reportSnapshots', role)).status).toBe(403);
    }
  });

  it('saves, shares and snapshots: each seen by those it is for', async () => {
    const own = await call('POST', '/api/reports', 'reportingUser', {
      name: 'My workloads',
      reportType: 'InstructorWorkloads',
      gridState: defaultGridState('InstructorWorkloads'),
    });
    expect(own.status).toBe(201);
    const shared = await call('POST', '/api/reports', 'admin', {
      name: 'Uncovered sections',
      reportType: 'Sections',
      gridState: { ...defaultGridState('Sections'), filters: { coverage: ['uncovered'] } },
      sharedWithRoles: ['reportingUser'],
    });
    expect(shared.status).toBe(201);
    const hidden = await call('POST', '/api/reports', 'admin', {
      name: 'Admin only',
      reportType: 'Users',
      gridState: defaultGridState('Users'),
    });
    expect(
      (
        await call('PUT', `/api/reports/${demoSystemReportId('Users')}`, 'reportingUser', {
          name: 'Mine now',
        })
      ).status,
    ).toBe(403);
    expect((await call('POST', '/api/reports', 'faculty', { name: 'x' })).status).toBe(403);
    const snapshot = await call('POST', '/api/reportSnapshots', 'reportingUser', {
      name: 'Workloads today',
      reportType: 'InstructorWorkloads',
      query: { columns: ['name', 'remaining'] },
    });
    expect(snapshot.status).toBe(201);
    await settled();
    const mine = await call('GET', '/api/reports?reportType=Sections', 'reportingUser');
    expect((mine.body.rows as { id: string }[]).map((r) => r.id)).toEqual([
      demoSystemReportId('Sections'),
      shared.body.id,
    ]);
    expect((await call('GET', `/api/reports/${own.body.id}`, 'reportingUser')).body.owner).toEqual({
      id: idOf('reportingUser'),
      name: expect.any(String),
    });
    expect((await call('GET', `/api/reports/${hidden.body.id}`, 'reportingUser')).status).toBe(404);
    expect((await call('GET', `/api/reports/${hidden.body.id}`, 'academicOpsAdmin')).status).toBe(
      200,
    );
    const snapshots = await call('GET', '/api/reportSnapshots', 'reportingUser');
    expect(snapshots.body.rows).toEqual([
      expect.objectContaining({
        id: snapshot.body.id,
        reportType: 'InstructorWorkloads',
        position: expect.stringMatching(/^\d+:\d+$/),
        takenBy: { id: idOf('reportingUser'), name: expect.any(String) },
      }),
    ]);
  });

  it('converts an old builder grid on reading, until its owner saves it again', async () => {
    const id = 'old-builder-report';
    const oldGrid = {
      page: 2,
      sortModel: [{ field: 'courseNumber', sort: 'desc' }],
      columnVisibilityModel: { unitsMax: false, sectionMaxStudents: false },
    };
    await allot.store.appendToStream(savedReportStream(id), [
      {
        type: 'SavedReportCreated',
        data: {
          id,
          name: 'Catalog, from the old builder',
          description: null,
          reportType: 'Courses',
          gridState: oldGrid,
          type: 'custom',
          sharedWithRoles: [],
          AcademicPeriodId: null,
          UserId: idOf('reportingUser'),
        },
        metadata: { actorId: idOf('reportingUser') },
      },
    ]);
    await settled();
    const before = await call('GET', `/api/reports/${id}`, 'reportingUser');
    expect(before.body.needsConversion).toBe(true);
    expect(before.body.gridState).toEqual(readGridState('Courses', oldGrid).gridState);
    const saved = await call('PUT', `/api/reports/${id}`, 'reportingUser', {
      gridState: before.body.gridState,
    });
    expect(saved.status).toBe(200);
    await settled();
    const after = await call('GET', `/api/reports/${id}`, 'reportingUser');
    expect(after.body).toMatchObject({
      needsConversion: false,
      gridState: before.body.gridState,
      revision: 1,
    });
  });
});
