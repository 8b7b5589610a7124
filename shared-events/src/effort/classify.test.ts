import { describe, expect, it } from '@jest/globals';
import {
  classifyPayrollLine,
  criterionMatches,
  type ClassificationRule,
  type PayrollLine,
} from './classify.js';

const rule = (
  id: string,
  order: number,
  criteria: Partial<ClassificationRule>,
  EffortCategoryId: string,
  EffortTypeId: string | null = null,
): ClassificationRule => ({
  id,
  name: id,
  order,
  costCenter: null,
  earnCode: null,
  account: null,
  positionPattern: null,
  EffortCategoryId,
  EffortTypeId,
  isActive: true,
  ...criteria,
});

/** A department's rules, deliberately listed out of order. */
const RULES: ClassificationRule[] = [
  rule('catch-all', 999, {}, 'other'),
  rule('summer teaching', 10, { earnCode: 'SUM', costCenter: '10-44*' }, 'instruction', 'inst'),
  rule('grant', 5, { account: '5????' }, 'research', 'sponsored'),
  rule('biology teaching', 20, { costCenter: '10-44*' }, 'instruction', 'inst'),
  rule('chairs', 20, { positionPattern: 'A*' }, 'administration', 'inst'),
  rule('retired', 1, { costCenter: '*' }, 'never'),
];
RULES[5]!.isActive = false;

/** Payroll lines → the rule that decides, its category and type. */
const TABLE: [PayrollLine, string | null, string | null, string | null][] = [
  [
    { costCenter: '10-4410', earnCode: 'SUM', account: '61000' },
    'summer teaching',
    'instruction',
    'inst',
  ],
  [{ costCenter: '10-4410', earnCode: 'sum' }, 'summer teaching', 'instruction', 'inst'],
  [{ costCenter: '10-4410', earnCode: 'REG', account: '52001' }, 'grant', 'research', 'sponsored'],
  [
    { costCenter: '10-4410', earnCode: 'REG', account: '520011' },
    'biology teaching',
    'instruction',
    'inst',
  ],
  // Same order: "biology teaching" before "chairs" by name.
  [{ costCenter: '10-4410', positionId: 'A100' }, 'biology teaching', 'instruction', 'inst'],
  [{ costCenter: '20-1000', positionId: 'a100' }, 'chairs', 'administration', 'inst'],
  [{ costCenter: '20-1000', positionId: 'B100' }, 'catch-all', 'other', null],
  [{}, 'catch-all', 'other', null],
];

describe('classifying payroll lines', () => {
  it.each(TABLE)('%j → %s', (line, ruleId, category, type) => {
    const result = classifyPayrollLine(RULES, line);
    expect([result.ruleId, result.EffortCategoryId, result.EffortTypeId]).toEqual([
      ruleId,
      category,
      type,
    ]);
  });

  it('says which rules were tried and why each did not match, in order', () => {
    const result = classifyPayrollLine(RULES, {
      costCenter: '20-1000',
      earnCode: 'REG',
      positionId: 'A7',
    });
    expect(result.verdicts).toEqual([
      {
        ruleId: 'grant',
        ruleName: 'grant',
        matched: false,
        reasons: ['Account: the line has none, the rule wants 5????'],
      },
      {
        ruleId: 'summer teaching',
        ruleName: 'summer teaching',
        matched: false,
        reasons: ['Cost centre 20-1000 does not match 10-44*'],
      },
      {
        ruleId: 'biology teaching',
        ruleName: 'biology teaching',
        matched: false,
        reasons: ['Cost centre 20-1000 does not match 10-44*'],
      },
      { ruleId: 'chairs', ruleName: 'chairs', matched: true, reasons: ['Position A7 matches A*'] },
    ]);
  });

  it('leaves a line unclassified when no rule matches, and with no rules', () => {
    const strict = RULES.filter((r) => r.id !== 'catch-all');
    expect(classifyPayrollLine(strict, { costCenter: '99-0000' })).toMatchObject({
      ruleId: null,
      EffortCategoryId: null,
    });
    expect(classifyPayrollLine([], { costCenter: '99-0000' })).toEqual({
      ruleId: null,
      EffortCategoryId: null,
      EffortTypeId: null,
      verdicts: [],
    });
  });

  it('reads patterns literally but for * and ?, whole values only', () => {
    expect(criterionMatches('10.44', '10.44')).toBe(true);
    expect(criterionMatches('10.44', '10x44')).toBe(false);
    expect(criterionMatches('10-44', '10-4410')).toBe(false);
    expect(criterionMatches('(a)', '(a)')).toBe(true);
    expect(criterionMatches('  ', undefined)).toBe(true);
    expect(criterionMatches('x', undefined)).toBe(false);
  });
});
