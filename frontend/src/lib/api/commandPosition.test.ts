import { laterPosition, positionOfCommandAnswer } from './commandPosition.js';

test('reads the position of one command and of a batch of them, nothing else', () => {
  expect(positionOfCommandAnswer({ id: 'x', revision: 2, position: '5:5' })).toBe('5:5');
  // Bulk approval: per-item outcomes and the last position written.
  expect(positionOfCommandAnswer({ approved: [], refused: [], position: '9:9' })).toBe('9:9');
  expect(positionOfCommandAnswer({ approved: [], refused: [], position: null })).toBeNull();
  expect(positionOfCommandAnswer({ position: '9:9' })).toBeNull();
  expect(positionOfCommandAnswer({ approved: 3, position: '9:9' })).toBeNull();
  expect(positionOfCommandAnswer({ id: 'x', revision: 2, position: 'soon' })).toBeNull();
});

test('keeps the later of two positions', () => {
  expect(laterPosition(null, '1:1')).toBe('1:1');
  expect(laterPosition('10:2', '9:20')).toBe('10:2');
  expect(laterPosition('10:2', '10:3')).toBe('10:3');
});
