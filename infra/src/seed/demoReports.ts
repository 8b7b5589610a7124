import { DomainRuleError } from '@allot/command-service';
import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  defaultGridState,
  type QueryableReportType,
} from '@allot/shared-events';
import { deterministicId } from '@allot/shared-events';
import type { SeedStep } from './seedStep.js';

const STEP = 'demo-reports';

/** The id of the demo's system report of a type (the same on every start). */
export function demoSystemReportId(type: QueryableReportType): string {
  return deterministicId(`${STEP}/${type}`);
}

/**
 * A system report per queryable report type (docs/reports.md), named as the type and opening
 * with its default grid, so Reports lists something on a fresh demo. Ten commands; a re-run
 * finds each report there and goes on.
 */
export const demoReportsStep: SeedStep = {
  name: STEP,
  async run(ctx) {
    for (const type of QUERYABLE_REPORT_TYPES) {
      const definition = REPORT_DEFINITIONS[type];
      try {
        await ctx.execute('CreateSavedReport', {
          id: ctx.id(type),
          name: definition.title,
          description: definition.description,
          reportType: type,
          gridState: defaultGridState(type),
          type: 'system',
          sharedWithRoles: [],
          AcademicPeriodId: null,
        });
      } catch (err) {
        if (err instanceof DomainRuleError && err.message === 'This report already exists.') {
          continue;
        }
        throw err;
      }
    }
  },
};
