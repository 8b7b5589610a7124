import { oneEntryPerClone } from './oneEntryPerClone.js';

const clone = (cloneId: string) => ({ cloneId, from: '2026–2027', into: '2027–2028' });
const row = (revision: number, cloneId: string | null, subject = 'section') => ({
  revision,
  clone: cloneId ? clone(cloneId) : null,
  subject,
  changes: [`change ${String(revision)}`],
});

test('one clone’s consecutive rows about the same thing are one entry; others stay apart', () => {
  const rows = [
    row(0, 'c1'),
    row(1, 'c1'),
    row(2, 'c1', 'assignment'),
    row(3, null),
    row(4, 'c2'),
    row(5, 'c1'),
  ];
  expect(oneEntryPerClone(rows, (a, b) => a.subject === b.subject)).toEqual([
    { ...row(0, 'c1'), revision: 1, changes: ['change 0', 'change 1'] },
    row(2, 'c1', 'assignment'),
    row(3, null),
    row(4, 'c2'),
    row(5, 'c1'),
  ]);
  // Rows without a clone are never merged.
  expect(oneEntryPerClone([row(0, null), row(1, null)])).toHaveLength(2);
});
