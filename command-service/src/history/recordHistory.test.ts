import { describe, expect, it } from '@jest/globals';
import { diffRecords } from '@allot/shared-events';

describe('diffRecords', () => {
  it('lists created fields from null, skipping the id', () => {
    expect(diffRecords(null, { id: 'r1', name: 'Rank', isActive: true })).toEqual([
      { field: 'name', from: null, to: 'Rank' },
      { field: 'isActive', from: null, to: true },
    ]);
  });

  it('answers only what changed, one level into plain objects, lists whole', () => {
    const before = {
      id: 'u1',
      lastName: 'Lovelace',
      Roles: [{ slug: 'faculty' }],
      FacultyProfile: { RankId: 'r1', TrackId: 't1' },
    };
    const after = {
      id: 'u1',
      lastName: 'King',
      Roles: [{ slug: 'faculty' }, { slug: 'admin' }],
      FacultyProfile: { RankId: 'r2', TrackId: 't1' },
    };
    expect(diffRecords(before, after)).toEqual([
      { field: 'lastName', from: 'Lovelace', to: 'King' },
      { field: 'Roles', from: [{ slug: 'faculty' }], to: [{ slug: 'faculty' }, { slug: 'admin' }] },
      { field: 'FacultyProfile.RankId', from: 'r1', to: 'r2' },
    ]);
  });

  it('an object appearing where null was shows its fields', () => {
    expect(
      diffRecords(
        { id: 'u', FinancialData: null },
        { id: 'u', FinancialData: { pointsRequired: 6 } },
      ),
    ).toEqual([{ field: 'FinancialData.pointsRequired', from: null, to: 6 }]);
  });
});
