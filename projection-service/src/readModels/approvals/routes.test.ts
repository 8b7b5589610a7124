import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  progressSteps,
  users,
  workgroups,
  type AbilityContext,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import type { RealtimeNotification } from '../../runner/projection.js';
import { resourceProjection } from '../resources/projection.js';
import { approvalReadRoutes } from './routes.js';
import { approvalsProjection } from './projection.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;
let notifications: RealtimeNotification[] = [];

const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  business: demoContextFor('businessOfficeAdmin'),
  reporting: demoContextFor('reportingUser'),
  member: {
    ...demoContextFor('faculty'),
    roles: [] as RoleSlug[],
    workgroupPermissions: [{ id: 'wg-math', permission: 1 }],
    progressStepId: 6,
  },
};
const at = (streamId: string, revision: bigint, type: string, data: unknown): RecordedEvent =>
  recorded(type, data, {
    streamId,
    revision,
    metadata: { actorId: 'ada', occurredAt: `2026-11-2${String(revision)}T10:00:00.000Z` },
  });
const action = (
  revision: bigint,
  act: string,
  from: string,
  status: string,
  comment: string | null = null,
) =>
  at('workgroupApproval-wg-math-s6', revision, 'ProgressActionRecorded', {
    id: `act-${String(revision)}`,
    WorkgroupId: 'wg-math',
    ProgressStepId: 's6',
    AcademicPeriodId: 'p',
    stepId: 6,
    action: act,
    from,
    status,
    comment,
  });

beforeAll(async () => {
  const events = [
    at('workgroup-wg-math', 0n, 'WorkgroupCreated', {
      id: 'wg-math',
      name: 'Mathematics',
      members: [],
    }),
    at('workgroup-wg-phys', 0n, 'WorkgroupCreated', {
      id: 'wg-phys',
      name: 'Physics',
      members: [],
    }),
    at('user-ada', 0n, 'UserCreated', {
      id: 'ada',
      firstName: 'Ada',
      lastName: 'L',
      displayName: 'Ada L',
      email: 'ada@example.edu',
      username: 'ada',
    }),
    at('progressStep-s6', 0n, 'ProgressStepCreated', {
      id: 's6',
      AcademicPeriodId: 'p',
      stepId: 6,
      name: 'Department review',
      isActive: true,
    }),
    action(0n, 'submit', 'pending', 'submitted'),
    action(1n, 'return', 'submitted', 'returned', 'Two labs have no instructor.'),
    action(2n, 'submit', 'returned', 'submitted', 'Both labs are covered now.'),
  ];
  harness = await openRouteHarness({
    projections: [
      approvalsProjection,
      resourceProjection(progressSteps),
      resourceProjection(workgroups),
      resourceProjection(users),
    ],
    events,
    viewer: testViewers(contexts, 'p'),
    routes: [approvalReadRoutes],
  });
  ({ app, contract } = harness);
  notifications = harness.notifications.get(approvalsProjection.name) ?? [];
  // A re-delivery changes nothing and announces nothing.
  const again = await harness.apply([action(1n, 'return', 'submitted', 'returned')]);
  notifications.push(...(again.get(approvalsProjection.name) ?? []));
});

afterAll(() => harness.close());

const get = async (url: string, who?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown> & { rows: Record<string, unknown>[] }>(),
  };
};

describe('workgroup approvals and progress actions', () => {
  it('announces approvalsChanged once per recorded action', () => {
    expect(notifications.map((n) => n.event)).toEqual([
      'approvalsChanged',
      'approvalsChanged',
      'approvalsChanged',
    ]);
  });

  it('answers each workgroup’s status at each step with its last comment, pending when nothing was recorded', async () => {
    const { status, body } = await get('/api/workgroupApprovals', 'business');
    expect(status).toBe(200);
    expect(body.steps).toEqual([
      { id: 's6', stepId: 6, name: 'Department review', isActive: true },
    ]);
    expect(body.rows).toEqual([
      {
        WorkgroupId: 'wg-math',
        name: 'Mathematics',
        steps: {
          s6: expect.objectContaining({
            status: 'submitted',
            comment: 'Both labs are covered now.',
          }),
        },
      },
      {
        WorkgroupId: 'wg-phys',
        name: 'Physics',
        steps: { s6: { status: 'pending', updatedAt: null, comment: null } },
      },
    ]);
  });

  it('workgroup permission holders read approvals (spec §6), filtered by workgroup on request', async () => {
    const { body } = await get('/api/workgroupApprovals?WorkgroupId=wg-math', 'member');
    expect(body.rows.map((r) => r.WorkgroupId)).toEqual(['wg-math']);
  });

  it('lists the actions newest first with who took them', async () => {
    const { status, body } = await get('/api/progressActions', 'ops');
    expect(status).toBe(200);
    expect(body.rows.map((r) => r.action)).toEqual(['submit', 'return', 'submit']);
    expect(body.rows[0]).toMatchObject({ by: { id: 'ada', name: 'Ada L' }, status: 'submitted' });
  });

  it('refuses readers without the abilities and bad queries', async () => {
    expect((await get('/api/workgroupApprovals', 'reporting')).status).toBe(403);
    expect((await get('/api/progressActions', 'business')).status).toBe(403);
    expect((await get('/api/progressActions', 'member')).status).toBe(403);
    expect((await get('/api/progressActions')).status).toBe(401);
    expect((await get('/api/workgroupApprovals?x=1', 'ops')).status).toBe(400);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/progressActions',
      'GET /api/workgroupApprovals',
    ]);
  });
});
