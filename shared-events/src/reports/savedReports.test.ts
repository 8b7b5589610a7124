import { describe, expect, it } from '@jest/globals';
import { eventSchemas } from '../events/registry.js';
import {
  CreateSavedReportBody,
  SavedReportCreated,
  SnapshotQuery,
  TakeReportSnapshotBody,
  defaultGridState,
  gridStateIssues,
  snapshotQueryIssues,
} from './index.js';

describe('saved report bodies and events', () => {
  it('default a new report to a custom one, shared with nobody, reading the working period', () => {
    const body = CreateSavedReportBody.parse({
      name: '  Uncovered  ',
      reportType: 'Sections',
      gridState: { columns: [{ key: 'courseNumber' }] },
    });
    expect(body).toEqual({
      name: 'Uncovered',
      reportType: 'Sections',
      gridState: {
        columns: [{ key: 'courseNumber' }],
        filters: {},
        sorts: [],
        groupBy: null,
        pageSize: 50,
      },
      type: 'custom',
      sharedWithRoles: [],
      AcademicPeriodId: null,
    });
  });

  it('take a snapshot of a queryable type only, its query without page, page size or as-of', () => {
    expect(TakeReportSnapshotBody.safeParse({ name: 'a', reportType: 'Snapshot' }).success).toBe(
      false,
    );
    expect(TakeReportSnapshotBody.parse({ name: 'a', reportType: 'Users' }).query).toEqual({});
    for (const extra of [{ page: 1 }, { pageSize: 10 }, { asOf: { position: '1:1' } }]) {
      expect(SnapshotQuery.safeParse(extra).success).toBe(false);
    }
  });

  it('read an event holding an old builder grid, or an older unknown one', () => {
    const event = {
      id: 'r1',
      name: 'Old',
      description: null,
      reportType: 'Courses',
      type: 'custom',
      sharedWithRoles: [],
      AcademicPeriodId: null,
      UserId: 'u1',
    };
    for (const gridState of [
      { page: 0, sortModel: [] },
      { rows: 3 },
      defaultGridState('Courses'),
    ]) {
      expect(SavedReportCreated.safeParse({ ...event, gridState }).success).toBe(true);
    }
    for (const type of [
      'SavedReportCreated',
      'SavedReportUpdated',
      'SavedReportDeleted',
      'ReportSnapshotTaken',
      'ReportSnapshotDeleted',
    ]) {
      expect(eventSchemas[type]).toBeDefined();
    }
  });

  it('name what a grid or a query asks of a type that lacks it', () => {
    expect(gridStateIssues('Courses', defaultGridState('Courses'))).toEqual([]);
    expect(gridStateIssues('Courses', { ...defaultGridState('Courses'), groupBy: 'name' })).toEqual(
      [{ field: 'gridState.groupBy', message: 'Rows cannot be grouped by Name.' }],
    );
    expect(snapshotQueryIssues('Users', { columns: ['points'] })).toEqual([
      { field: 'query.columns', message: 'Users has no column "points".' },
    ]);
  });
});
