import { describe, it } from '@jest/globals';
import { eventSchemas, type StartReportExport } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, ValidationError } from '../errors/errors.js';
import { reportExportDecider, type ReportExportEvent } from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(reportExportDecider, { validate });

const start = (overrides: Partial<StartReportExport> = {}) => ({
  type: 'StartReportExport' as const,
  data: {
    id: 'e1',
    name: 'Sections',
    reportType: 'Sections' as const,
    format: 'xlsx' as const,
    query: { columns: ['courseNumber', 'points'] },
    AcademicPeriodId: 'p1',
    timeZone: 'Europe/Berlin',
    ...overrides,
  },
});
const started: ReportExportEvent = {
  type: 'ReportExportStarted',
  data: {
    id: 'e1',
    name: 'Sections',
    reportType: 'Sections',
    format: 'xlsx',
    query: { columns: ['courseNumber', 'points'] },
    AcademicPeriodId: 'p1',
    timeZone: 'Europe/Berlin',
  },
};

describe('report exports', () => {
  it('record who started which export of what', () => {
    spec.given([]).when(start()).then([started]);
  });

  it('start once', () => {
    spec
      .given([started])
      .when(start())
      .thenThrows(DomainRuleError, 'This export was started already.');
  });

  it('refuse a query its report cannot answer', () => {
    spec
      .given([])
      .when(start({ query: { columns: ['nope'] } }))
      .thenThrows(ValidationError, 'Sections has no column "nope".');
  });
});
