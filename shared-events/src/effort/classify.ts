import { z } from 'zod';

/**
 * How a payroll line is classified into an effort category and type (docs/effort.md): the
 * active classification rules in their order (lower first, then by name); the first whose every
 * criterion matches wins. A criterion is a pattern: `*` stands for any characters, `?` for one,
 * letters match whatever their case, and an empty criterion matches every line. A rule with no
 * criteria at all is a catch-all, so it belongs last.
 */
export const PAYROLL_LINE_FIELDS = [
  { key: 'costCenter', label: 'Cost centre' },
  { key: 'earnCode', label: 'Earn code' },
  { key: 'account', label: 'Account' },
  { key: 'positionId', label: 'Position' },
] as const;
export type PayrollLineField = (typeof PAYROLL_LINE_FIELDS)[number]['key'];

/** The rule's criterion for each field of a line (`positionPattern` for the position). */
export const RULE_CRITERIA: Readonly<Record<PayrollLineField, string>> = {
  costCenter: 'costCenter',
  earnCode: 'earnCode',
  account: 'account',
  positionId: 'positionPattern',
};

const part = z.string().trim().max(100);
/** The line a rule tester is given, as payroll writes it (each part may be absent). */
export const PayrollLine = z.strictObject({
  costCenter: part.optional(),
  earnCode: part.optional(),
  account: part.optional(),
  positionId: part.optional(),
});
export type PayrollLine = z.infer<typeof PayrollLine>;

export interface ClassificationRule {
  id: string;
  name: string;
  order: number;
  costCenter: string | null;
  earnCode: string | null;
  account: string | null;
  positionPattern: string | null;
  EffortCategoryId: string;
  EffortTypeId: string | null;
  isActive: boolean;
}

/** One rule as the line met it: matched, or the first criterion that did not match and why. */
export interface RuleVerdict {
  ruleId: string;
  ruleName: string;
  matched: boolean;
  /** In words: "Cost centre 10-4410 matches 10-44*" / "Earn code SUM does not match REG". */
  reasons: string[];
}

export interface Classification {
  /** The rule that decided, or null when none matched (the line stays unclassified). */
  ruleId: string | null;
  EffortCategoryId: string | null;
  EffortTypeId: string | null;
  /** Each active rule in the order tried, up to and including the one that matched. */
  verdicts: RuleVerdict[];
}

const patternCache = new Map<string, RegExp>();

/** A criterion as a whole-value, case-blind regular expression (`*` any run, `?` one character). */
function patternOf(criterion: string): RegExp {
  let pattern = patternCache.get(criterion);
  if (!pattern) {
    const source = criterion
      .trim()
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}$`, 'i');
    if (patternCache.size > 10_000) patternCache.clear();
    patternCache.set(criterion, pattern);
  }
  return pattern;
}

/** Whether a line's value meets a criterion (an empty criterion is met by anything). */
export function criterionMatches(criterion: string | null, value: string | undefined): boolean {
  if (criterion === null || criterion.trim() === '') return true;
  return value !== undefined && patternOf(criterion).test(value.trim());
}

/** The active rules in the order they are tried: lower order first, then by name. */
export function ruleOrder(rules: readonly ClassificationRule[]): ClassificationRule[] {
  return rules
    .filter((r) => r.isActive)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

function verdictOf(rule: ClassificationRule, line: PayrollLine): RuleVerdict {
  const reasons: string[] = [];
  for (const { key, label } of PAYROLL_LINE_FIELDS) {
    const criterion = rule[RULE_CRITERIA[key] as keyof ClassificationRule] as string | null;
    if (criterion === null || criterion.trim() === '') continue;
    const value = line[key]?.trim();
    if (!value) {
      reasons.push(`${label}: the line has none, the rule wants ${criterion}`);
      return { ruleId: rule.id, ruleName: rule.name, matched: false, reasons };
    }
    if (!criterionMatches(criterion, value)) {
      reasons.push(`${label} ${value} does not match ${criterion}`);
      return { ruleId: rule.id, ruleName: rule.name, matched: false, reasons };
    }
    reasons.push(`${label} ${value} matches ${criterion}`);
  }
  if (reasons.length === 0) reasons.push('The rule has no criteria: it takes every line');
  return { ruleId: rule.id, ruleName: rule.name, matched: true, reasons };
}

/** Classifies one line by the rules; `verdicts` says which rules were tried and why each failed. */
export function classifyPayrollLine(
  rules: readonly ClassificationRule[],
  line: PayrollLine,
): Classification {
  const verdicts: RuleVerdict[] = [];
  for (const rule of ruleOrder(rules)) {
    const verdict = verdictOf(rule, line);
    verdicts.push(verdict);
    if (verdict.matched) {
      return {
        ruleId: rule.id,
        EffortCategoryId: rule.EffortCategoryId,
        EffortTypeId: rule.EffortTypeId,
        verdicts,
      };
    }
  }
  return { ruleId: null, EffortCategoryId: null, EffortTypeId: null, verdicts };
}

/** GET /api/effortClassification: a sample line's classification, the rule and names in words. */
export const ClassificationAnswer = z.object({
  rule: z.object({ id: z.string(), name: z.string() }).nullable(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  type: z.object({ id: z.string(), name: z.string() }).nullable(),
  verdicts: z.array(
    z.object({
      ruleId: z.string(),
      ruleName: z.string(),
      matched: z.boolean(),
      reasons: z.array(z.string()),
    }),
  ),
});
export type ClassificationAnswer = z.infer<typeof ClassificationAnswer>;
