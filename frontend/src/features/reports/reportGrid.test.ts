import {
  defaultGridState,
  defineAbilityFor,
  FEATURE_FLAG_NAMES,
  type FeatureFlags,
  type GridState,
  type ReportAnswer,
  type RoleSlug,
} from '@allot/shared-events/browser';
import {
  displayRows,
  formatCell,
  gridFromParams,
  hasGridParams,
  gridToParams,
  nextSorts,
  reportQueryOf,
  reportTypeOf,
  sameGrid,
  savedReportRights,
} from './reportGrid.js';

const flags = Object.fromEntries(FEATURE_FLAG_NAMES.map((n) => [n, true])) as FeatureFlags;
const abilityOf = (role: RoleSlug) =>
  defineAbilityFor({
    userId: 'me',
    roles: [role],
    workgroupPermissions: [],
    featureFlags: flags,
    mode: 'production',
    progressStepId: null,
    masquerading: false,
  });

const grid: GridState = {
  columns: [{ key: 'courseNumber' }, { key: 'points', width: 220 }, { key: 'coverage' }],
  filters: {
    courseName: 'calc',
    coverage: ['uncovered', 'partial'],
    points: { min: 2, max: 4 },
  },
  sorts: [
    { column: 'courseNumber', direction: 'asc' },
    { column: 'points', direction: 'desc' },
  ],
  groupBy: 'workgroup',
  pageSize: 100,
};

test('a grid goes to the address as readable parameters and comes back the same', () => {
  const params = new URLSearchParams(gridToParams('Sections', grid));
  expect(params.toString()).toBe(
    'columns=courseNumber%2Cpoints%3A220%2Ccoverage&sort=courseNumber%2C-points&group=workgroup&size=100&f.courseName=calc&f.coverage=uncovered%2Cpartial&f.points=2..4',
  );
  const back = gridFromParams('Sections', params, defaultGridState('Sections'));
  expect(back).toEqual(grid);
  expect(sameGrid('Sections', back, grid)).toBe(true);
});

test('an address without a grid opens the base; what the type lacks is left out', () => {
  const base = defaultGridState('Sections');
  expect(gridFromParams('Sections', new URLSearchParams('report=r1'), base)).toBe(base);
  const odd = gridFromParams(
    'Sections',
    new URLSearchParams(
      'columns=nope,points,points&sort=-nope,points&group=points&f.nope=x&f.isActive=yes',
    ),
    base,
  );
  expect(odd.columns).toEqual([{ key: 'points' }]);
  expect(odd.sorts).toEqual([{ column: 'points', direction: 'asc' }]);
  // Points cannot group; Sections has no isActive.
  expect(odd.groupBy).toBeNull();
  expect(odd.filters).toEqual({});
});

test('a link naming only some parts of the grid keeps the base grid for the others', () => {
  const base = { ...defaultGridState('Sections'), filters: { teachingMode: ['online'] } };
  const params = new URLSearchParams('f.coverage=uncovered&asOf=2026-03-03T12:00:00Z');
  expect(hasGridParams(params)).toBe(true);
  const linked = gridFromParams('Sections', params, base);
  expect(linked).toEqual({
    ...base,
    filters: { teachingMode: ['online'], coverage: ['uncovered'] },
  });
  expect(gridFromParams('Sections', new URLSearchParams('sort=-points'), base)).toEqual({
    ...base,
    sorts: [{ column: 'points', direction: 'desc' }],
  });
  expect(hasGridParams(new URLSearchParams('asOf=2026-03-03T12:00:00Z&period=p-1'))).toBe(false);
});

test('booleans and date ranges read back by their column type', () => {
  const users = gridFromParams(
    'Users',
    new URLSearchParams('columns=name&f.isActive=no&f.lastLoginAt=2026-01-01..'),
    defaultGridState('Users'),
  );
  expect(users.filters).toEqual({ isActive: false, lastLoginAt: { min: '2026-01-01' } });
});

test('the query sends only §5-clean filters, and asks for the group column', () => {
  const query = reportQueryOf('Sections', {
    grid: {
      ...grid,
      filters: {
        courseName: '',
        sectionName: 'any',
        coverage: [],
        points: { min: null, max: '' },
        'course.name': 'calc',
        workgroup: 'Math',
        enrollment: { min: 10 },
      },
    },
    page: 2,
    AcademicPeriodId: 'p-1',
    asOf: { at: '2026-10-01T12:00:00.000Z' },
  });
  expect(query).toEqual({
    columns: ['courseNumber', 'points', 'coverage', 'workgroup'],
    filters: { workgroup: 'Math', enrollment: { min: 10 } },
    sorts: grid.sorts,
    groupBy: 'workgroup',
    AcademicPeriodId: 'p-1',
    asOf: { at: '2026-10-01T12:00:00.000Z' },
    page: 2,
    pageSize: 100,
  });
  // A type that reads no period sends none.
  expect(
    reportQueryOf('Users', {
      grid: defaultGridState('Users'),
      page: 0,
      AcademicPeriodId: 'p-1',
      asOf: null,
    }),
  ).not.toHaveProperty('AcademicPeriodId');
});

const answer = (extra: Partial<ReportAnswer>): ReportAnswer => ({
  type: 'Sections',
  columns: [],
  rows: [],
  count: 0,
  page: 0,
  pageSize: 2,
  groups: null,
  totals: {},
  AcademicPeriodId: null,
  asOf: { position: null, at: null },
  ...extra,
});

test('group headers come before each group on the page, with counts over all pages', () => {
  const rows = displayRows(
    answer({
      page: 1,
      pageSize: 2,
      count: 5,
      rows: [
        { id: 's2', workgroup: 'Biology', points: 3 },
        { id: 's3', workgroup: 'Math', points: 4 },
      ],
      groups: [
        { value: 'Biology', label: 'Biology', count: 3, sums: { points: 9 } },
        { value: 'Math', label: 'Math', count: 2, sums: { points: 8 } },
      ],
      totals: { points: 17 },
    }),
    'workgroup',
  );
  expect(rows.map((r) => [r.kind, 'label' in r ? r.label : null])).toEqual([
    ['group', 'Biology'],
    ['row', null],
    ['group', 'Math'],
    ['row', null],
    ['total', null],
  ]);
  expect(rows[0]).toMatchObject({ count: 3, sums: { points: 9 }, continued: true });
  expect(rows[2]).toMatchObject({ continued: false });
  expect(rows[4]).toMatchObject({ count: 5, sums: { points: 17 } });
});

test('cells read by type: numbers, dates, date-times, Yes/No, choices by label', () => {
  expect(formatCell({ type: 'number' }, 1234.5)).toBe('1,234.5');
  expect(formatCell({ type: 'date' }, '2026-09-01')).toBe('Sep 1, 2026');
  expect(formatCell({ type: 'datetime' }, '2026-09-01T14:30:00.000Z')).toMatch(/^Sep 1, 2026, /);
  expect(formatCell({ type: 'boolean' }, true)).toBe('Yes');
  expect(formatCell({ type: 'boolean' }, false)).toBe('No');
  expect(
    formatCell(
      { type: 'choice', choices: [{ value: 'uncovered', label: 'Uncovered' }] },
      'uncovered',
    ),
  ).toBe('Uncovered');
  expect(formatCell({ type: 'text' }, null)).toBe('');
});

test('a header click sorts by the column; Shift adds it, turns it, then takes it out', () => {
  const one = nextSorts([], 'points', false);
  expect(one).toEqual([{ column: 'points', direction: 'asc' }]);
  expect(nextSorts(one, 'points', false)).toEqual([{ column: 'points', direction: 'desc' }]);
  const two = nextSorts(one, 'courseNumber', true);
  expect(two).toEqual([
    { column: 'points', direction: 'asc' },
    { column: 'courseNumber', direction: 'asc' },
  ]);
  const turned = nextSorts(two, 'courseNumber', true);
  expect(turned[1]).toEqual({ column: 'courseNumber', direction: 'desc' });
  expect(nextSorts(turned, 'courseNumber', true)).toEqual(one);
  expect(nextSorts(two, 'courseNumber', false)).toEqual([
    { column: 'courseNumber', direction: 'asc' },
  ]);
});

test('a reporting user changes their own reports only; administrators any', () => {
  const system = { type: 'system' as const, UserId: null };
  const mine = { type: 'custom' as const, UserId: 'me' };
  const theirs = { type: 'custom' as const, UserId: 'someone' };
  const reporting = abilityOf('reportingUser');
  expect(savedReportRights(reporting, 'me', system)).toEqual({ change: false, delete: false });
  expect(savedReportRights(reporting, 'me', mine)).toEqual({ change: true, delete: true });
  expect(savedReportRights(reporting, 'me', theirs)).toEqual({ change: false, delete: false });
  const admin = abilityOf('academicOpsAdmin');
  expect(savedReportRights(admin, 'me', system)).toEqual({ change: true, delete: true });
  expect(savedReportRights(admin, 'me', theirs)).toEqual({ change: true, delete: true });
  expect(savedReportRights(null, 'me', mine)).toEqual({ change: false, delete: false });
});

test('a type in the address is found whatever its case', () => {
  expect(reportTypeOf('sections')).toBe('Sections');
  expect(reportTypeOf('Snapshot')).toBeNull();
  expect(reportTypeOf('7')).toBeNull();
});
