import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ClassificationAnswer,
  effortCategories,
  effortRules,
  effortTypes,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { classificationRoutes } from './classificationRoutes.js';

/** The rule tester over the rules as the read model holds them: active ones, in their order. */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('admin');
const aemOn = { ...featureFlags, aemEnabled: true };
const contexts: Record<string, AbilityContext> = {
  manager: { ...demoContextFor('effortManager'), userId: 'manager', featureFlags: aemOn },
  contributor: {
    ...demoContextFor('effortContributor'),
    userId: 'contributor',
    featureFlags: aemOn,
  },
  faculty: { ...demoContextFor('faculty'), userId: 'faculty', featureFlags: aemOn },
  managerFlagOff: { ...demoContextFor('effortManager'), userId: 'managerFlagOff' },
};

const created = (kind: string, id: string, data: Record<string, unknown>): RecordedEvent =>
  recorded(
    `${kind}Created`,
    { id, ...data },
    { streamId: `${kind.charAt(0).toLowerCase()}${kind.slice(1)}-${id}`, revision: 0n },
  );

const rule = (id: string, order: number, criteria: Record<string, string>, category: string) =>
  created('EffortRule', id, {
    name: id,
    order,
    costCenter: null,
    earnCode: null,
    account: null,
    positionPattern: null,
    EffortCategoryId: category,
    EffortTypeId: 'inst',
    description: null,
    isActive: true,
    ...criteria,
  });

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [effortRules, effortCategories, effortTypes].map((r) => resourceProjection(r)),
    events: [
      created('EffortCategory', 'instruction', {
        name: 'Instruction',
        code: 'INST',
        area: 'teaching',
        description: null,
        isActive: true,
      }),
      created('EffortCategory', 'other', {
        name: 'Other',
        code: 'OTH',
        area: 'other',
        description: null,
        isActive: true,
      }),
      created('EffortType', 'inst', {
        name: 'Institutional',
        code: 'INS',
        description: null,
        isActive: true,
      }),
      rule('Everything else', 99, {}, 'other'),
      rule('Biology teaching', 10, { costCenter: '10-44*', earnCode: 'REG' }, 'instruction'),
      recorded(
        'EffortRuleCreated',
        {
          id: 'old',
          name: 'Old',
          order: 1,
          costCenter: '*',
          EffortCategoryId: 'other',
          isActive: false,
        },
        { streamId: 'effortRule-old', revision: 0n },
      ),
    ],
    viewer: testViewers(contexts, null),
    routes: [classificationRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const classify = async (who: string, query: string) => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/effortClassification?${query}`,
    headers: { 'x-test-user': who },
  });
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? ClassificationAnswer.parse(response.json()) : null,
  };
};

describe('the rule tester', () => {
  it('names the rule a line meets, its category and type, and why earlier rules did not', async () => {
    const { status, body } = await classify('manager', 'costCenter=10-4410&earnCode=REG');
    expect(status).toBe(200);
    expect(body).toEqual({
      rule: { id: 'Biology teaching', name: 'Biology teaching' },
      category: { id: 'instruction', name: 'Instruction' },
      type: { id: 'inst', name: 'Institutional' },
      verdicts: [
        {
          ruleId: 'Biology teaching',
          ruleName: 'Biology teaching',
          matched: true,
          reasons: ['Cost centre 10-4410 matches 10-44*', 'Earn code REG matches REG'],
        },
      ],
    });
    const other = (await classify('contributor', 'costCenter=10-4410&earnCode=SUM')).body!;
    expect(other.rule?.name).toBe('Everything else');
    expect(other.verdicts.map((v) => [v.ruleName, v.matched, v.reasons])).toEqual([
      [
        'Biology teaching',
        false,
        ['Cost centre 10-4410 matches 10-44*', 'Earn code SUM does not match REG'],
      ],
      ['Everything else', true, ['The rule has no criteria: it takes every line']],
    ]);
  });

  it('refuses who may not read the rules, with the flag off too, a bad line and the signed-out', async () => {
    expect((await classify('faculty', 'costCenter=1')).status).toBe(403);
    expect((await classify('managerFlagOff', 'costCenter=1')).status).toBe(403);
    expect((await classify('manager', 'colour=red')).status).toBe(400);
    expect((await classify('manager', `costCenter=${'x'.repeat(101)}`)).status).toBe(400);
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/effortClassification' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
    expect([...harness.contract.checked]).toEqual(['GET /api/effortClassification']);
  });
});
