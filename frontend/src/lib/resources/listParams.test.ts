import type { ResolvedField } from './resourceUi.js';
import { filterJson, initialListState, listParams, nextSort, pageCount } from './listParams.js';

const field = (name: string, listType: ResolvedField['listType']): ResolvedField => ({
  name,
  label: name,
  widget: 'text',
  required: false,
  listType,
});
const fields = [
  field('name', 'text'),
  field('isActive', 'boolean'),
  field('capacity', 'number'),
  field('notes', null),
];

describe('filterJson', () => {
  it('uses contains for text and equality for booleans and numbers', () => {
    expect(
      JSON.parse(filterJson(fields, { name: ' sem ', isActive: 'false', capacity: '30' }) ?? ''),
    ).toEqual({ name: { op: 'contains', value: 'sem' }, isActive: false, capacity: 30 });
  });

  it('matches a picked reference exactly', () => {
    const reference: ResolvedField = {
      ...field('AcademicTermTypeId', 'text'),
      widget: 'reference',
    };
    expect(filterJson([reference], { AcademicTermTypeId: 'type-1' })).toBe(
      JSON.stringify({ AcademicTermTypeId: 'type-1' }),
    );
  });

  it('leaves out empty, any and non-list fields', () => {
    expect(filterJson(fields, { name: '  ', isActive: 'any', notes: 'x' })).toBeUndefined();
  });
});

describe('listParams', () => {
  it('pages with take/skip and sorts with the sort JSON', () => {
    const state = {
      ...initialListState(),
      page: 2,
      pageSize: 25,
      sort: { field: 'name', direction: 'DESC' as const },
    };
    expect(listParams(fields, state)).toEqual({ take: 25, skip: 50, sort: '[["name","DESC"]]' });
  });

  it('sends no sort when the kind default applies', () => {
    expect(listParams(fields, initialListState())).toEqual({ take: 25, skip: 0 });
  });
});

describe('nextSort cycles ascending, descending, default', () => {
  it('cycles on the same field and restarts on another', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ field: 'name', direction: 'ASC' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ field: 'name', direction: 'DESC' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'slug')).toEqual({ field: 'slug', direction: 'ASC' });
  });
});

test('pageCount is at least one', () => {
  expect(pageCount(0, 25)).toBe(1);
  expect(pageCount(51, 25)).toBe(3);
});
