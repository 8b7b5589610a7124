import { bitsText, movedMemberships } from './mergePreview.js';

const workgroups = [
  { id: 'w1', name: 'Biology', members: [{ UserId: 'dup', permission: 1 }] },
  {
    id: 'w2',
    name: 'Chemistry',
    members: [
      { UserId: 'dup', permission: 2 },
      { UserId: 'master', permission: 1 },
    ],
  },
  { id: 'w3', name: 'Physics', members: [{ UserId: 'master', permission: 3 }] },
];

test('the duplicate’s memberships move to the master with the bits combined', () => {
  expect(movedMemberships(workgroups, 'master', 'dup')).toEqual([
    { workgroup: 'Biology', permission: 1, masterWasMember: false },
    { workgroup: 'Chemistry', permission: 3, masterWasMember: true },
  ]);
});

test('bits read as words', () => {
  expect(bitsText(3)).toBe('approve and assign');
  expect(bitsText(2)).toBe('assign');
  expect(bitsText(0)).toBe('member only');
});
