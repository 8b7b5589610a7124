import {
  canonical,
  gridStateIssues,
  snapshotQueryIssues,
  type CreateSavedReport,
  type DeleteReportSnapshot,
  type DeleteSavedReport,
  type ReportSnapshotDeleted,
  type ReportSnapshotTaken,
  type ReportType,
  type SavedReportCreated,
  type SavedReportDeleted,
  type SavedReportKind,
  type SavedReportUpdated,
  type TakeReportSnapshot,
  type UpdateSavedReport,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import type { Planned } from '../resources/reservedNames.js';
import { DomainRuleError, NotFoundError, ValidationError } from '../errors/errors.js';

export type { NameReservation, NamePlan } from '../resources/reservedNames.js';

export type CreateSavedReportCommand = Planned<Command<'CreateSavedReport', CreateSavedReport>>;
export type UpdateSavedReportCommand = Planned<Command<'UpdateSavedReport', UpdateSavedReport>>;
export type DeleteSavedReportCommand = Planned<Command<'DeleteSavedReport', DeleteSavedReport>>;
export type SavedReportCommand =
  CreateSavedReportCommand | UpdateSavedReportCommand | DeleteSavedReportCommand;
export type SavedReportEvent =
  | DomainEvent<'SavedReportCreated', SavedReportCreated>
  | DomainEvent<'SavedReportUpdated', SavedReportUpdated>
  | DomainEvent<'SavedReportDeleted', SavedReportDeleted>;

/** A saved report as its stream leaves it; `gridState` as stored (possibly an old grid). */
export type SavedReportRecord = SavedReportCreated;

export type SavedReportState =
  { status: 'none' } | { status: 'live' | 'deleted'; report: SavedReportRecord };

/** The owner a new report gets: the maker of a custom report, nobody for a system report. */
export function ownerOf(type: SavedReportKind, actorId: string | null): string | null {
  return type === 'custom' ? actorId : null;
}

function refuseUnfitGrid(type: ReportType, grid: CreateSavedReport['gridState']): void {
  const issues = gridStateIssues(type, grid);
  if (issues.length > 0) throw new ValidationError(issues, issues[0]?.message);
}

export function evolveSavedReport(
  state: SavedReportState,
  event: SavedReportEvent,
): SavedReportState {
  switch (event.type) {
    case 'SavedReportCreated':
      return { status: 'live', report: event.data };
    case 'SavedReportUpdated': {
      if (state.status === 'none') return state;
      const { id: _id, ...changes } = event.data;
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as Partial<SavedReportRecord>;
      return { ...state, report: { ...state.report, ...defined } };
    }
    case 'SavedReportDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}

const UPDATABLE = [
  'name',
  'description',
  'gridState',
  'sharedWithRoles',
  'AcademicPeriodId',
] as const;

/**
 * A saved report (spec §3): created once with its report type and kind, which stay; its name,
 * description, grid, sharing and period change; deleted once. Who may do which is the command's
 * `authorize` (ownership and the Report abilities), the name's uniqueness its reservation.
 */
export const savedReportDecider: Decider<SavedReportCommand, SavedReportState, SavedReportEvent> = {
  initialState: { status: 'none' },
  evolve: evolveSavedReport,
  decide(command, state, meta) {
    switch (command.type) {
      case 'CreateSavedReport': {
        if (state.status !== 'none') throw new DomainRuleError('This report already exists.');
        const data = command.data;
        const UserId = ownerOf(data.type, meta.actorId);
        if (data.type === 'custom' && UserId === null) {
          throw new DomainRuleError('A custom report belongs to the person who saves it.');
        }
        refuseUnfitGrid(data.reportType, data.gridState);
        return [
          {
            type: 'SavedReportCreated',
            data: {
              id: data.id,
              name: data.name,
              description: data.description ?? null,
              reportType: data.reportType,
              gridState: data.gridState,
              type: data.type,
              sharedWithRoles: data.sharedWithRoles,
              AcademicPeriodId: data.AcademicPeriodId,
              UserId,
            },
          },
        ];
      }
      case 'UpdateSavedReport': {
        if (state.status !== 'live') throw new NotFoundError('There is no such report.');
        const data = command.data;
        if (data.gridState !== undefined) refuseUnfitGrid(state.report.reportType, data.gridState);
        const changed: Partial<Pick<SavedReportUpdated, (typeof UPDATABLE)[number]>> = {};
        for (const field of UPDATABLE) {
          const next = data[field];
          if (next === undefined) continue;
          if (canonical(next) === canonical(state.report[field])) continue;
          Object.assign(changed, { [field]: next });
        }
        if (Object.keys(changed).length === 0) return [];
        return [{ type: 'SavedReportUpdated', data: { id: data.id, ...changed } }];
      }
      case 'DeleteSavedReport':
        if (state.status !== 'live') throw new NotFoundError('There is no such report.');
        return [{ type: 'SavedReportDeleted', data: { id: command.data.id } }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown saved report command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};

/** What taking a snapshot needs beyond its payload: the head of the log, read just before. */
export interface SnapshotContext {
  readonly position: string;
}

export type TakeReportSnapshotCommand = Command<'TakeReportSnapshot', TakeReportSnapshot> & {
  readonly context?: SnapshotContext;
};
export type DeleteReportSnapshotCommand = Command<'DeleteReportSnapshot', DeleteReportSnapshot>;
export type ReportSnapshotCommand = TakeReportSnapshotCommand | DeleteReportSnapshotCommand;
export type ReportSnapshotEvent =
  | DomainEvent<'ReportSnapshotTaken', ReportSnapshotTaken>
  | DomainEvent<'ReportSnapshotDeleted', ReportSnapshotDeleted>;

export type ReportSnapshotState =
  { status: 'none' } | { status: 'live' | 'deleted'; takenBy: string | null };

export function evolveReportSnapshot(
  state: ReportSnapshotState,
  event: ReportSnapshotEvent,
): ReportSnapshotState {
  switch (event.type) {
    case 'ReportSnapshotTaken':
      return { status: 'live', takenBy: event.data.takenBy };
    case 'ReportSnapshotDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/**
 * A snapshot of a report run (spec report type "Snapshot"): the query and the log position it was
 * taken at, who took it and when. Taken once, deleted once; never changed.
 */
export const reportSnapshotDecider: Decider<
  ReportSnapshotCommand,
  ReportSnapshotState,
  ReportSnapshotEvent
> = {
  initialState: { status: 'none' },
  evolve: evolveReportSnapshot,
  decide(command, state, meta) {
    switch (command.type) {
      case 'TakeReportSnapshot': {
        if (state.status !== 'none') throw new DomainRuleError('This snapshot already exists.');
        const { data, context } = command;
        if (!context) throw new Error('TakeReportSnapshot runs with the log position it read');
        const issues = snapshotQueryIssues(data.reportType, data.query);
        if (issues.length > 0) throw new ValidationError(issues, issues[0]?.message);
        return [
          {
            type: 'ReportSnapshotTaken',
            data: {
              id: data.id,
              name: data.name,
              reportType: data.reportType,
              query: data.query,
              position: context.position,
              takenAt: meta.now.toISOString(),
              takenBy: meta.actorId,
              // Counting the rows means running the query; the snapshot is taken without it.
              rowCount: null,
            },
          },
        ];
      }
      case 'DeleteReportSnapshot':
        if (state.status !== 'live') throw new NotFoundError('There is no such snapshot.');
        return [{ type: 'ReportSnapshotDeleted', data: { id: command.data.id } }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown snapshot command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
