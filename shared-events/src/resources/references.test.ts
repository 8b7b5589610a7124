import { describe, expect, it } from '@jest/globals';
import {
  allResources,
  courses,
  locations,
  ranks,
  referencesTo,
  referenceValues,
  registerReference,
  users,
} from '../index.js';

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
      expect.objectContaining({ path: 'instructorRates', field: 'RankId', singular: 'rate' }),
      expect.objectContaining({ path: 'instructorCosts', field: 'RankId', singular: 'cost' }),
    ]);
    expect(referencesTo(users, allResources).map((u) => u.path)).toContain('workgroups');
  });
});

describe('registered references (teaching/references.ts)', () => {
  it('adds what sections, their meetings, assignments and preferences name, with their storage', () => {
    const paths = (uses: ReturnType<typeof referencesTo>) => uses.map((u) => u.path);
    expect(paths(referencesTo(courses, allResources))).toEqual([
      'courseOfferings',
      'sections',
      'teachingPreferences',
    ]);
    expect(referencesTo(locations, allResources)).toEqual([
      expect.objectContaining({
        path: 'sectionMeetings',
        storage: { table: 'sections', column: 'state', json: true, deletedColumn: 'deleted' },
      }),
    ]);
    expect(paths(referencesTo(users, allResources))).toEqual(
      expect.arrayContaining(['administrativeAssignments', 'sectionAssignments']),
    );
  });

  it('keeps one of a use registered twice', () => {
    const before = referencesTo(locations, allResources).length;
    const [use] = referencesTo(locations, allResources);
    if (use) registerReference('location', use);
    expect(referencesTo(locations, allResources)).toHaveLength(before);
  });
});
