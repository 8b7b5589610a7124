import { bitsText, movedMemberships, teachingMoves } from './mergePreview.js';

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

test('teaching data: counts, none, uncounted, and the master’s started preferences kept', () => {
  const texts = (holdings: Parameters<typeof teachingMoves>[0]) =>
    teachingMoves(holdings, 'Ada').map((line) => `${line.what}: ${line.text}`);
  const counted = texts({
    assignments: 1,
    adminAssignments: 0,
    preferences: { periodName: 'Fall', duplicate: 2, masterStarted: false },
  });
  expect(counted[0]).toMatch(
    /^Teaching assignments: 1 assignment \(every period, withdrawn ones included\) moves to Ada/,
  );
  expect(counted[1]).toMatch(/^Teaching preferences: 2 preferences in Fall move to Ada\./);
  expect(counted[2]).toBe('Administrative assignments: None.');

  const kept = texts({
    assignments: null,
    adminAssignments: 'loading',
    preferences: { periodName: 'Fall', duplicate: 2, masterStarted: true },
  });
  expect(kept[0]).toMatch(
    /^Teaching assignments: All of the duplicate’s move to Ada \(not counted here\)/,
  );
  expect(kept[1]).toMatch(
    /^Teaching preferences: Ada has started their own for Fall: those are kept and the duplicate’s 2 preferences are not moved\./,
  );
  expect(kept[2]).toBe('Administrative assignments: Counting…');

  // The master's record unknown: the count and the rule, no promise either way.
  expect(
    texts({
      assignments: 0,
      adminAssignments: 3,
      preferences: { periodName: 'Fall', duplicate: 1, masterStarted: null },
    })[1],
  ).toMatch(
    /^Teaching preferences: 1 preference in Fall\. A record of any period moves to Ada unless/,
  );
  expect(texts({ assignments: 0, adminAssignments: 3, preferences: null })[1]).toBe(
    'Teaching preferences: A record of any period moves to Ada unless Ada has started their own for that period, which is then kept.',
  );
});
