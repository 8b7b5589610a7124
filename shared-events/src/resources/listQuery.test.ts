import { describe, expect, it } from '@jest/globals';
import { parseListQuery, type ListSpec } from './listQuery.js';

const spec: ListSpec = {
  fields: { lastName: 'text', isFaculty: 'boolean', startDate: 'date', points: 'number' },
  defaultSort: [['lastName', 'ASC']],
  selectable: ['lastName', 'displayName'],
};

function ok(query: Record<string, string>) {
  const result = parseListQuery(query, spec);
  if (!result.success) throw new Error(JSON.stringify(result.issues));
  return result.data;
}

function issues(query: Record<string, string>) {
  const result = parseListQuery(query, spec);
  if (result.success) throw new Error('expected issues');
  return result.issues.map((i) => i.field);
}

describe('parseListQuery', () => {
  it('answers the defaults for an empty query', () => {
    expect(ok({})).toEqual({
      take: 100,
      skip: 0,
      include: false,
      filters: [],
      sort: [['lastName', 'ASC']],
      select: [],
    });
  });

  it('reads take, skip and include', () => {
    expect(ok({ take: '5', skip: '10', include: 'true' })).toMatchObject({
      take: 5,
      skip: 10,
      include: true,
    });
  });

  it('reads literal, list and operator filters and ignores empty, any and [] values', () => {
    const { filters } = ok({
      filter: JSON.stringify({
        isFaculty: true,
        lastName: { op: 'startsWith', value: 'Mc' },
        id: ['a', 'b'],
        startDate: '',
        points: 'any',
        'meta.notes': { op: 'contains', value: 'lab' },
      }),
    });
    expect(filters).toEqual([
      { field: 'isFaculty', meta: false, op: 'eq', value: true },
      { field: 'lastName', meta: false, op: 'startsWith', value: 'Mc' },
      { field: 'id', meta: false, op: 'in', value: ['a', 'b'] },
      { field: 'notes', meta: true, op: 'contains', value: 'lab' },
    ]);
    expect(ok({ filter: JSON.stringify({ lastName: [] }) }).filters).toEqual([]);
  });

  it('reads a sort list in order and upper-cases directions', () => {
    expect(ok({ sort: '[["startDate","desc"],["lastName","ASC"]]' }).sort).toEqual([
      ['startDate', 'DESC'],
      ['lastName', 'ASC'],
    ]);
  });

  it('sorts any kind by its records’ creation and last-change times', () => {
    expect(ok({ sort: '[["createdAt","DESC"],["updatedAt","ASC"]]' }).sort).toEqual([
      ['createdAt', 'DESC'],
      ['updatedAt', 'ASC'],
    ]);
  });

  it('reads selections with renaming, as a list or JSON', () => {
    const expected = [
      { field: 'id', as: 'id' },
      { field: 'displayName', as: 'name' },
    ];
    expect(ok({ select: 'id, displayName as name' }).select).toEqual(expected);
    expect(ok({ select: '["id","displayName as name"]' }).select).toEqual(expected);
  });

  it.each([
    [{ take: '0' }, 'take'],
    [{ take: '1001' }, 'take'],
    [{ skip: '-1' }, 'skip'],
    [{ take: 'lots' }, 'take'],
    [{ include: 'yes' }, 'include'],
    [{ filter: '{not json' }, 'filter'],
    [{ filter: '[1,2]' }, 'filter'],
    [{ filter: '{"password":"x"}' }, 'filter.password'],
    [{ filter: '{"lastName":{"op":"like","value":"x"}}' }, 'filter'],
    [{ filter: '{"lastName":{"op":"in","value":"x"}}' }, 'filter.lastName'],
    [{ filter: '{"meta.notes":"x"}' }, 'filter.meta.notes'],
    [{ filter: '{"meta.a;drop":{"op":"contains","value":"x"}}' }, 'filter.meta.a;drop'],
    [{ sort: '[["email","ASC"]]' }, 'sort.email'],
    [{ sort: '[["lastName","UP"]]' }, 'sort'],
    // Times sort; they are not filters.
    [{ filter: '{"createdAt":"2026-01-01"}' }, 'filter.createdAt'],
    [{ select: 'id,email' }, 'select.email'],
    [{ select: 'id as' }, 'select.id as'],
  ])('refuses %j naming %s', (query, field) => {
    expect(issues(query)).toContain(field);
  });
});
