import { describe, expect, it } from '@jest/globals';
import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  REPORT_TYPES,
  defaultGridState,
  readGridState,
  reportColumnWidth,
  reportFiltersToSend,
  resolveReportQuery,
  OLD_GRID_FIELDS,
} from './index.js';

describe('report definitions', () => {
  it('declare the eleven types of the spec, each with known default columns and sorts', () => {
    expect(REPORT_TYPES).toHaveLength(11);
    expect(QUERYABLE_REPORT_TYPES).not.toContain('Snapshot');
    for (const type of REPORT_TYPES) {
      const definition = REPORT_DEFINITIONS[type];
      const keys = new Set(definition.columns.map((c) => c.key));
      expect(keys.size).toBe(definition.columns.length);
      for (const key of definition.defaultColumns) expect(keys).toContain(key);
      for (const sort of definition.defaultSort) expect(keys).toContain(sort.column);
      if (definition.defaultGroupBy) expect(keys).toContain(definition.defaultGroupBy);
      expect(resolveReportQuery(type, {}).ok).toBe(true);
    }
  });

  it('map the old builder fields of exactly seven types onto existing columns', () => {
    const mapped = Object.keys(OLD_GRID_FIELDS);
    expect(mapped).toHaveLength(7);
    for (const [type, fields] of Object.entries(OLD_GRID_FIELDS)) {
      const keys = REPORT_DEFINITIONS[type as keyof typeof REPORT_DEFINITIONS].columns.map(
        (c) => c.key,
      );
      for (const column of Object.values(fields ?? {})) expect(keys).toContain(column);
    }
  });
});

describe('report filters (spec §5)', () => {
  it('ignore empty, any and empty-array values and never send nested-association filters', () => {
    expect(
      reportFiltersToSend({
        courseNumber: '',
        workgroup: 'any',
        coverage: [],
        'course.name': 'Biology',
        points: { min: null, max: '' },
        sectionName: 'Lab',
        status: ['approved'],
        enrollment: { min: 10 },
      }),
    ).toEqual({ sectionName: 'Lab', status: ['approved'], enrollment: { min: 10 } });
  });
});

describe('resolveReportQuery', () => {
  it('names each unknown column and refuses a group by a column that cannot group', () => {
    const result = resolveReportQuery('Sections', {
      columns: ['courseNumber', 'nope'],
      sorts: [{ column: 'alsoNope', direction: 'asc' }],
      groupBy: 'points',
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: 'columns', message: 'Sections has no column "nope".' },
        { field: 'sorts', message: 'Sections has no column "alsoNope".' },
        { field: 'groupBy', message: 'Rows cannot be grouped by Points.' },
      ],
    });
  });

  it('refuses a range on a text column', () => {
    const result = resolveReportQuery('Sections', { filters: { sectionName: { min: 'a' } } });
    expect(result.ok).toBe(false);
  });

  it('takes the defaults of the type when the query names none', () => {
    const result = resolveReportQuery('TeachingAssignments', {});
    expect(result.ok && result.value).toMatchObject({
      columns: [...REPORT_DEFINITIONS.TeachingAssignments.defaultColumns],
      groupBy: null,
      page: 0,
      pageSize: 50,
    });
  });
});

describe('saved grids', () => {
  it('read a current grid as it is', () => {
    const grid = defaultGridState('Sections');
    expect(readGridState('Sections', grid)).toEqual({ kind: 'current', gridState: grid });
  });

  it('convert an old grid with a page index and mark it as needing conversion', () => {
    const old = {
      page: 3,
      pageSize: 25,
      sortModel: [{ field: 'Course.courseNumber', sort: 'desc' }],
      filterModel: {
        items: [
          { columnField: 'Workgroup.name', operatorValue: 'contains', value: 'Bio' },
          { columnField: 'unknownField', operatorValue: 'equals', value: 'x' },
          { columnField: 'name', operatorValue: 'contains', value: '' },
        ],
      },
      columnVisibilityModel: { enrollment: false },
      columnOrder: ['Course.courseNumber', 'name', 'enrollment', 'points', 'retired'],
      columnWidths: { name: 240, points: 10 },
    };
    expect(readGridState('Sections', old)).toEqual({
      kind: 'converted',
      needsConversion: true,
      gridState: {
        columns: [
          { key: 'courseNumber' },
          { key: 'sectionName', width: 240 },
          { key: 'points', width: 20 },
        ],
        filters: { workgroup: 'Bio' },
        sorts: [{ column: 'courseNumber', direction: 'desc' }],
        groupBy: null,
        pageSize: 25,
      },
    });
  });

  it('open an old grid of a type the builder never made with the default grid, marked', () => {
    expect(readGridState('SectionSchedules', { page: 0, sortModel: [] })).toEqual({
      kind: 'unreadable',
      needsConversion: true,
      gridState: defaultGridState('SectionSchedules'),
    });
  });

  it('draw a column at least 160 wide (spec §9 read literally)', () => {
    expect(reportColumnWidth()).toBe(160);
    expect(reportColumnWidth(100)).toBe(160);
    expect(reportColumnWidth(300)).toBe(300);
  });
});
