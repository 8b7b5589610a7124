import {
  reportExportQueryIssues,
  type ReportExportStarted,
  type StartReportExport,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, ValidationError } from '../errors/errors.js';

export type StartReportExportCommand = Command<'StartReportExport', StartReportExport>;
export type ReportExportCommand = StartReportExportCommand;
export type ReportExportEvent = DomainEvent<'ReportExportStarted', ReportExportStarted>;

/**
 * An export's stream records that it was started, by whom (the event's metadata) and what it
 * exports; how it went (rows, file, stop) is the job's and lives with the file, not in the log.
 */
export type ReportExportState = { status: 'none' } | { status: 'started' };

export const reportExportDecider: Decider<
  ReportExportCommand,
  ReportExportState,
  ReportExportEvent
> = {
  initialState: { status: 'none' },
  evolve(_state, event) {
    switch (event.type) {
      case 'ReportExportStarted':
        return { status: 'started' };
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unknown export event ${String(unexpected)}`);
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartReportExport': {
        if (state.status !== 'none') throw new DomainRuleError('This export was started already.');
        const { data } = command;
        const issues = reportExportQueryIssues(data.reportType, data.query);
        if (issues.length > 0) throw new ValidationError(issues, issues[0]?.message);
        return [
          {
            type: 'ReportExportStarted',
            data: {
              id: data.id,
              name: data.name,
              reportType: data.reportType,
              format: data.format,
              query: data.query,
              AcademicPeriodId: data.AcademicPeriodId,
              timeZone: data.timeZone,
            },
          },
        ];
      }
      default: {
        const unexpected: never = command.type;
        throw new Error(`Unknown export command ${String(unexpected)}`);
      }
    }
  },
};
