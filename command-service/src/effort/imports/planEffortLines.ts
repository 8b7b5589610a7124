import {
  EFFORT_LINE_COLUMNS,
  classifyPayrollLine,
  type EffortImportMode,
  type EffortLine,
  type EffortMapping,
} from '@allot/shared-events';
import { RowReader, type Problem } from '../../imports/plan/rows.js';
import { sourceRowsOfColumns } from '../../imports/planImport.js';
import type { EffortWorld } from './effortWorld.js';

/** A position no record holds yet: the import creates it before writing its lines. */
export interface PositionToCreate {
  key: string;
  UserId: string;
  positionNumber: string;
  /** The first day of the earliest pay period it is paid in. */
  startDate: string;
  /** The largest share of full time one of its lines pays for (1 when none says more). */
  fte: number;
  costCenter: string | null;
}

/** A line as planned: its position found (`EffortPositionId`) or to be created (`positionKey`). */
export type PlannedLine = Omit<EffortLine, 'EffortPositionId'> & {
  EffortPositionId: string | null;
  positionKey: string;
};

export interface EffortPlan {
  lines: PlannedLine[];
  /** The file's problems as a whole (a column not chosen) first, then every row's, by row. */
  problems: Problem[];
  /** Rows not imported because of their problems. */
  refused: number;
  unclassified: number;
  positionsToCreate: PositionToCreate[];
}

const KIND = { columns: EFFORT_LINE_COLUMNS };

/**
 * What an effort file holds, row by row, for a mode: each row's instructor, position and pay
 * period found, its numbers read, and its class from the classification rules; a row with any
 * problem is refused (in words, per cell) and the others are kept. Replacing a pay period takes
 * only that period's lines. Positions nobody holds yet are planned for creation, one per person
 * and position number, from the first pay period the file pays them in.
 */
export function planEffortLines(
  table: { headings: string[]; rows: { line: number; cells: string[] }[] },
  mapping: EffortMapping,
  mode: EffortImportMode,
  payPeriodId: string | null,
  world: EffortWorld,
): EffortPlan {
  const source = sourceRowsOfColumns(EFFORT_LINE_COLUMNS, table, mapping);
  const plan: EffortPlan = {
    lines: [],
    problems: [...source.problems],
    refused: 0,
    unclassified: 0,
    positionsToCreate: [],
  };
  if (source.problems.length > 0) return plan;
  const replaced = mode === 'replacePayPeriod' ? world.payPeriodById(payPeriodId ?? '') : null;
  const toCreate = new Map<string, PositionToCreate>();
  for (const row of source.rows) {
    const read = new RowReader(KIND, row);
    const person = read.ref(
      'instructor',
      (name) => world.person(name)?.id ?? null,
      'person (by employee id, username or e-mail)',
    );
    const positionNumber = read.text('positionNumber');
    if (positionNumber === null) read.refuse('positionNumber', 'Position is required.');
    const periodCode = read.text('payPeriod');
    const period = periodCode === null ? null : world.payPeriod(periodCode);
    if (periodCode === null) read.refuse('payPeriod', 'Pay period is required.');
    else if (period === null)
      read.refuse('payPeriod', `No pay period has the code "${periodCode}".`);
    else if (replaced && period.id !== replaced.id) {
      read.refuse(
        'payPeriod',
        `This import replaces pay period ${replaced.code}; the line is for ${period.code}.`,
      );
    }
    const percent = read.value('effortPercent') as number | null;
    if (percent !== null && (percent < 0 || percent > 100)) {
      read.refuse('effortPercent', 'Effort is a share of full time, from 0 to 100.');
    }
    const amount = read.value('amount') as number | null;
    const hours = read.value('hours') as number | null;
    if (hours !== null && hours < 0) read.refuse('hours', 'Hours cannot be negative.');
    const costCenter = read.text('costCenter');
    const earnCode = read.text('earnCode');
    const account = read.text('account');
    if (read.problems.length > 0 || !person || !period || !positionNumber || percent === null) {
      plan.problems.push(...read.problems);
      plan.refused += 1;
      continue;
    }
    const classified = classifyPayrollLine(world.rules, {
      costCenter: costCenter ?? undefined,
      earnCode: earnCode ?? undefined,
      account: account ?? undefined,
      positionId: positionNumber,
    });
    if (classified.ruleId === null) plan.unclassified += 1;
    const held = world.position(person, positionNumber, period);
    const positionKey = `${person}\u0000${positionNumber.toLowerCase()}`;
    if (!held) {
      const planned = toCreate.get(positionKey);
      if (!planned) {
        toCreate.set(positionKey, {
          key: positionKey,
          UserId: person,
          positionNumber,
          startDate: period.startDate,
          fte: Math.max(percent / 100, 0) || 1,
          costCenter,
        });
      } else {
        if (period.startDate < planned.startDate) planned.startDate = period.startDate;
        planned.fte = Math.min(1, Math.max(planned.fte, percent / 100));
      }
    }
    plan.lines.push({
      line: row.row,
      UserId: person,
      positionNumber,
      EffortPositionId: held?.id ?? null,
      positionKey,
      EffortPayPeriodId: period.id,
      effortPercent: percent,
      costCenter,
      earnCode,
      account,
      amount,
      hours,
      EffortCategoryId: classified.EffortCategoryId,
      EffortTypeId: classified.EffortTypeId,
      EffortRuleId: classified.ruleId,
    });
  }
  plan.positionsToCreate = [...toCreate.values()].map((p) => ({
    ...p,
    fte: Math.min(1, Math.max(p.fte, 0.01)),
  }));
  return plan;
}
