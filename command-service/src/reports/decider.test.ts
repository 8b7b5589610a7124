import { describe, expect, it } from '@jest/globals';
import { defaultGridState, eventSchemas, type CreateSavedReport } from '@allot/shared-events';
import { DeciderSpecification, defaultTestMeta } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError, ValidationError } from '../errors/errors.js';
import {
  reportSnapshotDecider,
  savedReportDecider,
  type ReportSnapshotEvent,
  type SavedReportEvent,
} from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(savedReportDecider, { validate });
const snapshots = DeciderSpecification.for(reportSnapshotDecider, { validate });

const grid = defaultGridState('Sections');
const create = (overrides: Partial<CreateSavedReport> = {}): CreateSavedReport => ({
  id: 'r1',
  name: 'Uncovered sections',
  reportType: 'Sections',
  gridState: grid,
  type: 'custom',
  sharedWithRoles: [],
  AcademicPeriodId: null,
  ...overrides,
});
const created: SavedReportEvent = {
  type: 'SavedReportCreated',
  data: {
    id: 'r1',
    name: 'Uncovered sections',
    description: null,
    reportType: 'Sections',
    gridState: grid,
    type: 'custom',
    sharedWithRoles: [],
    AcademicPeriodId: null,
    UserId: defaultTestMeta.actorId,
  },
};
const deleted: SavedReportEvent = { type: 'SavedReportDeleted', data: { id: 'r1' } };
/** A grid the old report builder saved, as an event imported from it holds it. */
const oldGrid = {
  page: 2,
  pageSize: 25,
  sortModel: [{ field: 'Course.courseNumber', sort: 'desc' }],
  columnVisibilityModel: { name: false },
};

describe('the saved report decider', () => {
  it('creates a custom report owned by its maker, a system report owned by nobody', () => {
    spec.given([]).when({ type: 'CreateSavedReport', data: create() }).then([created]);
    spec
      .given([])
      .when({
        type: 'CreateSavedReport',
        data: create({ type: 'system', description: 'Every section of the period.' }),
      })
      .then([
        {
          type: 'SavedReportCreated',
          data: {
            ...created.data,
            type: 'system',
            description: 'Every section of the period.',
            UserId: null,
          },
        },
      ]);
  });

  it('creates a report once', () => {
    spec
      .given([created])
      .when({ type: 'CreateSavedReport', data: create() })
      .thenThrows(DomainRuleError, 'This report already exists.');
    spec
      .given([created, deleted])
      .when({ type: 'CreateSavedReport', data: create() })
      .thenThrows(DomainRuleError, 'This report already exists.');
  });

  it('refuses a grid naming what its report type lacks, field by field (400)', () => {
    const error = spec
      .given([])
      .when({
        type: 'CreateSavedReport',
        data: create({
          gridState: { ...grid, columns: [{ key: 'courseNumber' }, { key: 'salary' }] },
        }),
      })
      .thenThrows(ValidationError, 'Sections has no column "salary".');
    expect(error.fields).toEqual([
      { field: 'gridState.columns', message: 'Sections has no column "salary".' },
    ]);
    spec
      .given([])
      .when({
        type: 'CreateSavedReport',
        data: create({ reportType: 'Users', gridState: { ...grid, groupBy: 'name' } }),
      })
      .thenThrows(ValidationError);
  });

  it('refuses a custom report nobody would own', () => {
    const anonymous = DeciderSpecification.for(savedReportDecider, {
      meta: { ...defaultTestMeta, actorId: null },
    });
    anonymous
      .given([])
      .when({ type: 'CreateSavedReport', data: create() })
      .thenThrows(DomainRuleError, 'A custom report belongs to the person who saves it.');
  });

  it('records only the fields a change sets; an unchanged save records nothing', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateSavedReport',
        data: { id: 'r1', name: 'Uncovered sections', description: 'Short of points.' },
      })
      .then([{ type: 'SavedReportUpdated', data: { id: 'r1', description: 'Short of points.' } }]);
    spec
      .given([created])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', gridState: grid, sharedWithRoles: [] } })
      .thenNothingHappens();
    const shared: SavedReportEvent = {
      type: 'SavedReportUpdated',
      data: { id: 'r1', sharedWithRoles: ['reportingUser'] },
    };
    spec
      .given([created, shared])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', sharedWithRoles: ['reportingUser'] } })
      .thenNothingHappens();
    spec
      .given([created, shared])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', sharedWithRoles: [] } })
      .then([{ type: 'SavedReportUpdated', data: { id: 'r1', sharedWithRoles: [] } }]);
  });

  it('keeps the report type: a changed grid is checked against it', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateSavedReport',
        data: { id: 'r1', gridState: defaultGridState('Users') },
      })
      .thenThrows(ValidationError, 'Sections has no column "name".');
  });

  it('replaces an old builder grid when the report is saved with today’s', () => {
    const imported: SavedReportEvent = {
      type: 'SavedReportCreated',
      data: { ...created.data, reportType: 'CourseOfferings', gridState: oldGrid },
    };
    const current = defaultGridState('CourseOfferings');
    spec
      .given([imported])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', gridState: current } })
      .then([{ type: 'SavedReportUpdated', data: { id: 'r1', gridState: current } }]);
    spec
      .given([imported, { type: 'SavedReportUpdated', data: { id: 'r1', gridState: current } }])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', gridState: current } })
      .thenNothingHappens();
  });

  it('deletes a report once; an unknown or deleted one is not found', () => {
    spec
      .given([created])
      .when({ type: 'DeleteSavedReport', data: { id: 'r1' } })
      .then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteSavedReport', data: { id: 'r1' } })
      .thenThrows(NotFoundError, 'There is no such report.');
    spec
      .given([])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', name: 'Other' } })
      .thenThrows(NotFoundError, 'There is no such report.');
    spec
      .given([created, deleted])
      .when({ type: 'UpdateSavedReport', data: { id: 'r1', name: 'Other' } })
      .thenThrows(NotFoundError, 'There is no such report.');
  });

  it('folds a change into the report as it stands', () => {
    const { state } = spec.given([
      created,
      { type: 'SavedReportUpdated', data: { id: 'r1', name: 'Renamed', AcademicPeriodId: 'p1' } },
    ]);
    expect(state).toEqual({
      status: 'live',
      report: { ...created.data, name: 'Renamed', AcademicPeriodId: 'p1' },
    });
  });
});

describe('the report snapshot decider', () => {
  const query = { columns: ['name', 'remaining'], filters: { load: ['over'] } };
  const take = {
    type: 'TakeReportSnapshot' as const,
    data: {
      id: 's1',
      name: 'Overloaded, January',
      reportType: 'InstructorWorkloads' as const,
      query,
    },
    context: { position: '41:41' },
  };
  const taken: ReportSnapshotEvent = {
    type: 'ReportSnapshotTaken',
    data: {
      id: 's1',
      name: 'Overloaded, January',
      reportType: 'InstructorWorkloads',
      query,
      position: '41:41',
      takenAt: '2026-01-15T10:00:00.000Z',
      takenBy: defaultTestMeta.actorId,
      rowCount: null,
    },
  };

  it('records the run, the log position it read, who took it and when', () => {
    snapshots.given([]).when(take).then([taken]);
    snapshots
      .given([taken])
      .when(take)
      .thenThrows(DomainRuleError, 'This snapshot already exists.');
  });

  it('refuses a query naming what the report type lacks', () => {
    const error = snapshots
      .given([])
      .when({
        ...take,
        data: { ...take.data, query: { sorts: [{ column: 'x', direction: 'asc' }] } },
      })
      .thenThrows(ValidationError);
    expect(error.fields).toEqual([
      { field: 'query.sorts', message: 'Instructor workloads has no column "x".' },
    ]);
  });

  it('deletes a snapshot once', () => {
    const gone: ReportSnapshotEvent = { type: 'ReportSnapshotDeleted', data: { id: 's1' } };
    snapshots
      .given([taken])
      .when({ type: 'DeleteReportSnapshot', data: { id: 's1' } })
      .then([gone]);
    snapshots
      .given([taken, gone])
      .when({ type: 'DeleteReportSnapshot', data: { id: 's1' } })
      .thenThrows(NotFoundError, 'There is no such snapshot.');
    snapshots
      .given([])
      .when({ type: 'DeleteReportSnapshot', data: { id: 's1' } })
      .thenThrows(NotFoundError, 'There is no such snapshot.');
    expect(snapshots.given([taken]).state).toEqual({ status: 'live', takenBy: 'user-1' });
  });
});
