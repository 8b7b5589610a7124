import { describe, expect, it } from '@jest/globals';
import { initialPreferencesState } from '@allot/shared-events';
import { mergedMembers } from './mergeFollowUps.js';
import { preferenceOutcome } from './mergeTeaching.js';

describe('mergedMembers', () => {
  it('gives the master the duplicate’s bits on top of its own', () => {
    expect(
      mergedMembers(
        [
          { UserId: 'other', permission: 0 },
          { UserId: 'master', permission: 2 },
          { UserId: 'dupe', permission: 1 },
        ],
        'master',
        'dupe',
      ),
    ).toEqual([
      { UserId: 'other', permission: 0 },
      { UserId: 'master', permission: 3 },
    ]);
  });

  it('makes the master a member where only the duplicate was, and leaves other groups alone', () => {
    expect(mergedMembers([{ UserId: 'dupe', permission: 2 }], 'master', 'dupe')).toEqual([
      { UserId: 'master', permission: 2 },
    ]);
    const untouched = [{ UserId: 'other', permission: 1 }];
    expect(mergedMembers(untouched, 'master', 'dupe')).toEqual(untouched);
  });
});

describe('preferenceOutcome', () => {
  it('moves the duplicate’s preferences only to a master who has not started theirs', () => {
    expect(preferenceOutcome(initialPreferencesState)).toBe('moved');
    expect(preferenceOutcome({ ...initialPreferencesState, status: 'draft' })).toBe('masterKept');
    expect(preferenceOutcome({ ...initialPreferencesState, status: 'submitted' })).toBe(
      'masterKept',
    );
  });
});
