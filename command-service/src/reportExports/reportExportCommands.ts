import { StartReportExport, reportExportStream } from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import {
  reportExportDecider,
  type ReportExportEvent,
  type ReportExportState,
  type StartReportExportCommand,
} from './decider.js';

/** Starting an export needs `create` on DataExport and, since it writes a report, `read` on Report. */
export const startReportExportCommand = defineCommand<
  StartReportExportCommand,
  ReportExportState,
  ReportExportEvent
>({
  name: 'StartReportExport',
  schema: StartReportExport,
  decider: reportExportDecider,
  streamId: (payload) => reportExportStream(payload.id),
  entityId: (payload) => payload.id,
  permit(ability) {
    assertCan(ability, 'create', 'DataExport');
    assertCan(ability, 'read', 'Report');
  },
});

export const reportExportCommands: readonly RunnableCommand[] = [startReportExportCommand];
