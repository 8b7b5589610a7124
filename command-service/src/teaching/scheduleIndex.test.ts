import { describe, expect, it } from '@jest/globals';
import { buildingOf } from './scheduleIndex.js';

describe('buildingOf', () => {
  it('takes the first word of a room code as its building', () => {
    expect(buildingOf('SCI 101')).toBe('SCI');
    expect(buildingOf('  ART   5 ')).toBe('ART');
    expect(buildingOf('Gym')).toBe('Gym');
  });
});
