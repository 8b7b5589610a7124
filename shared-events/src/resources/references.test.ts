import { describe, expect, it } from '@jest/globals';
import { allResources, ranks, referencesTo, referenceValues, users } from './index.js';

describe('referenceValues', () => {
  it('reads one id, a list of ids and a field of listed objects; skips empty values', () => {
    const record = {
      FacultyProfile: { RankId: 'r1', CampusIds: ['c1', 'c2', ''], TrackId: null },
      members: [{ UserId: 'u1' }, { UserId: 'u2' }, {}],
    };
    expect(referenceValues(record, 'FacultyProfile.RankId')).toEqual(['r1']);
    expect(referenceValues(record, 'FacultyProfile.CampusIds')).toEqual(['c1', 'c2']);
    expect(referenceValues(record, 'FacultyProfile.TrackId')).toEqual([]);
    expect(referenceValues(record, 'members.UserId')).toEqual(['u1', 'u2']);
    expect(referenceValues({ FacultyProfile: null }, 'FacultyProfile.RankId')).toEqual([]);
  });
});

describe('referencesTo', () => {
  it('finds the declared references to a kind', () => {
    expect(referencesTo(ranks, allResources)).toEqual([
      expect.objectContaining({ path: 'users', field: 'FacultyProfile.RankId' }),
    ]);
    expect(referencesTo(users, allResources).map((u) => u.path)).toContain('workgroups');
  });
});
