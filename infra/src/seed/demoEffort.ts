import {
  EFFORT_LINES_PER_BATCH,
  effortImportStream,
  costCenterDescriptions,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  effortRules,
  effortTypes,
  type EffortLine,
} from '@allot/shared-events';
import { DomainRuleError } from '@allot/command-service';
import { DEMO_DEPARTMENTS } from './demoCatalog.js';
import { createOnce } from './demoCreate.js';
import { academicYearOf } from './demoPeriods.js';
import { demoPlan, type DemoInstructor } from './demoPlan.js';
import { SEED_CONCURRENCY, demoDepartmentId, demoInstructorId } from './demoTeaching.js';
import { deterministicId } from '@allot/shared-events';
import { runInLanes } from './seedConcurrency.js';
import type { SeedContext, SeedStep } from './seedStep.js';

const STEP = 'demo-effort';
const id = (key: string) => deterministicId(`${STEP}/${key}`);

const CATEGORIES = [
  ['instruction', 'Instruction', 'INST', 'teaching'],
  ['research', 'Sponsored research', 'RES', 'research'],
  ['administration', 'Administration', 'ADM', 'administration'],
  ['service', 'Service', 'SRV', 'service'],
  ['leave', 'Leave', 'LV', 'leave'],
] as const;
const TYPES = [
  ['institutional', 'Institutional', 'INS'],
  ['sponsored', 'Sponsored', 'SPN'],
  ['costShare', 'Cost share', 'CSH'],
] as const;
/** Tried in order: grants, leaves and stipends before the teaching catch-all of a department. */
const RULES = [
  ['grants', 'Grant accounts', 10, { account: '52???' }, 'research', 'sponsored'],
  ['leaves', 'Sabbaticals and leaves', 20, { earnCode: 'SAB' }, 'leave', 'institutional'],
  [
    'stipends',
    'Administrative stipends',
    30,
    { earnCode: 'ADM' },
    'administration',
    'institutional',
  ],
  [
    'teaching',
    'Departmental teaching',
    40,
    { costCenter: '10-*', earnCode: 'REG' },
    'instruction',
    'institutional',
  ],
] as const;

/** A department's cost centre, as payroll codes it. */
const costCentre = (index: number) => `10-${String(4400 + index * 10)}`;

/** A yearly salary by rank, for the lines' amounts. */
function salaryOf(instructor: DemoInstructor): number {
  switch (instructor.rank) {
    case 'full-professor':
      return 132_000;
    case 'associate-professor':
      return 104_000;
    case 'assistant-professor':
      return 88_000;
    case 'senior-lecturer':
      return 72_000;
    case 'lecturer':
      return 64_000;
    default:
      return instructor.type === 'graduate-student' ? 28_000 : 40_000;
  }
}

/** The months of the academic year starting in July `year`, as pay periods. */
function payPeriodsOf(year: number) {
  return Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(year, 6 + i, 1));
    const last = new Date(Date.UTC(year, 7 + i, 0));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const code = iso(first).slice(0, 7);
    return {
      id: id(`payPeriod/${code}`),
      code,
      name: first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      startDate: iso(first),
      endDate: iso(last),
      checkDate: iso(last),
    };
  });
}

/** Finishing an import again (a re-run after a crash) is refused as done: that counts as done. */
async function finishOnce(ctx: SeedContext, payload: Record<string, unknown>) {
  try {
    await ctx.execute('FinishEffortImport', payload);
  } catch (err) {
    if (err instanceof DomainRuleError && /finished already/.test(err.message)) return;
    throw err;
  }
}

/**
 * Effort management's demo (visible once aemEnabled is on): the academic year's monthly pay
 * periods, categories, types, the departments' cost centres, classification rules, a payroll
 * position per paid instructor, and one payroll import a month up to the month before the seed
 * ran — teaching on the department's cost centre, a grant share for some tenure-line faculty,
 * stipends for chairs — each line classified by the rules as an import would.
 */
export function demoEffortStep(now: () => Date = () => new Date()): SeedStep {
  return {
    name: STEP,
    async run(ctx) {
      const year = academicYearOf(now());
      const create = (
        kind: { commandNames: { create: string } },
        payload: { id: string } & Record<string, unknown>,
      ) => createOnce(ctx, kind.commandNames.create, payload);
      const periods = payPeriodsOf(year);
      for (const period of periods) await create(effortPayPeriods, period);
      for (const [key, name, code, area] of CATEGORIES) {
        await create(effortCategories, { id: id(`category/${key}`), name, code, area });
      }
      for (const [key, name, code] of TYPES) {
        await create(effortTypes, { id: id(`type/${key}`), name, code });
      }
      for (const [index, department] of DEMO_DEPARTMENTS.entries()) {
        await create(costCenterDescriptions, {
          id: id(`costCentre/${department.key}`),
          code: costCentre(index),
          description: `${department.name}, instruction`,
          WorkgroupId: demoDepartmentId(department.key),
        });
      }
      for (const [key, name, order, criteria, category, type] of RULES) {
        await create(effortRules, {
          id: id(`rule/${key}`),
          name,
          order,
          ...criteria,
          EffortCategoryId: id(`category/${category}`),
          EffortTypeId: id(`type/${type}`),
        });
      }
      const plan = demoPlan();
      const paid = plan.instructors.filter((i) => i.type !== 'adjunct');
      const chairs = new Set(plan.chairs.values());
      const positionOf = (i: DemoInstructor) => id(`position/${i.username}`);
      const numberOf = (n: number) => `P${String(100_000 + n)}`;
      await runInLanes([...paid.entries()], { concurrency: SEED_CONCURRENCY }, ([n, i]) =>
        create(effortPositions, {
          id: positionOf(i),
          positionNumber: numberOf(n),
          UserId: demoInstructorId(i),
          title:
            i.type === 'graduate-student'
              ? 'Graduate assistant'
              : (i.rank?.replace(/-/g, ' ') ?? 'Instructor'),
          startDate: `${String(year)}-07-01`,
          fte: i.type === 'graduate-student' ? 0.5 : 1,
          costCenter: costCentre(DEMO_DEPARTMENTS.indexOf(i.department)),
        }),
      );
      const category = (key: string) => id(`category/${key}`);
      const type = (key: string) => id(`type/${key}`);
      const today = now().toISOString().slice(0, 10);
      for (const period of periods.filter((p) => p.endDate < today)) {
        const importId = id(`import/${period.code}`);
        // A month imported before a crash is done; one started and not finished goes on.
        const written = await ctx.read(effortImportStream(importId));
        if (written.some((e) => e.type === 'EffortImportFinished')) continue;
        const lines: EffortLine[] = [];
        for (const [n, i] of paid.entries()) {
          const monthly = salaryOf(i) / 12;
          const base = {
            UserId: demoInstructorId(i),
            positionNumber: numberOf(n),
            EffortPositionId: positionOf(i),
            EffortPayPeriodId: period.id,
            hours: null,
          };
          const cc = costCentre(DEMO_DEPARTMENTS.indexOf(i.department));
          const grant = i.type === 'tenure-line' && n % 3 === 0 ? 20 : 0;
          const stipend = chairs.has(i.username) ? 30 : 0;
          const shares: [
            number,
            Omit<EffortLine, keyof typeof base | 'line' | 'effortPercent' | 'amount'>,
          ][] = [
            [
              100 - grant - stipend,
              {
                costCenter: cc,
                earnCode: 'REG',
                account: '51000',
                EffortCategoryId: category('instruction'),
                EffortTypeId: type('institutional'),
                EffortRuleId: id('rule/teaching'),
              },
            ],
            [
              grant,
              {
                costCenter: '20-7100',
                earnCode: 'REG',
                account: `5${String(2000 + (n % 50))}`,
                EffortCategoryId: category('research'),
                EffortTypeId: type('sponsored'),
                EffortRuleId: id('rule/grants'),
              },
            ],
            [
              stipend,
              {
                costCenter: cc,
                earnCode: 'ADM',
                account: '51500',
                EffortCategoryId: category('administration'),
                EffortTypeId: type('institutional'),
                EffortRuleId: id('rule/stipends'),
              },
            ],
          ];
          for (const [percent, rest] of shares) {
            if (percent <= 0) continue;
            lines.push({
              ...base,
              ...rest,
              line: lines.length + 2,
              effortPercent: percent * (i.type === 'graduate-student' ? 0.5 : 1),
              amount: Math.round((monthly * percent) / 100),
            });
          }
        }
        await ctx.execute('StartEffortImport', {
          id: importId,
          fileName: `payroll-${period.code}.csv`,
          size: lines.length * 80,
          sha256: deterministicId(`${STEP}/sha/${period.code}`)
            .replace(/-/g, '')
            .padEnd(64, '0')
            .slice(0, 64),
          mode: 'append',
          EffortPayPeriodId: null,
          rows: lines.length,
        });
        for (let at = 0, batch = 0; at < lines.length; at += EFFORT_LINES_PER_BATCH, batch += 1) {
          await ctx.execute('RecordEffortLines', {
            importId,
            batch,
            lines: lines.slice(at, at + EFFORT_LINES_PER_BATCH),
          });
        }
        await finishOnce(ctx, {
          id: importId,
          status: 'done',
          imported: lines.length,
          refused: 0,
          positionsCreated: 0,
          notRun: 0,
          problems: [],
          problemCount: 0,
          reason: null,
        });
      }
    },
  };
}
