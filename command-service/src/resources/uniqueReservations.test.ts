import { describe, expect, it } from '@jest/globals';
import { locations, ranks, users } from '@allot/shared-events';
import { reservationsOf } from './uniqueReservations.js';

describe('reservationsOf', () => {
  it('an active location holds its code (trimmed, case-insensitive); an inactive one holds nothing', () => {
    const room = { id: 'l1', code: ' Sci 101 ', description: null, capacity: 30, isActive: true };
    expect(reservationsOf(locations, room).map((r) => r.streamId)).toEqual([
      'unique-location-code-sci%20101',
    ]);
    expect(reservationsOf(locations, { ...room, isActive: false })).toEqual([]);
  });

  it('a configuration record holds its name with case and spacing ignored, and its slug as typed', () => {
    const rank = { id: 'r1', name: '  Full \t Professor ', slug: 'full-prof', isActive: true };
    expect(reservationsOf(ranks, rank).map((r) => r.streamId)).toEqual([
      'unique-rank-slug-full-prof',
      'unique-rank-name-full%20professor',
    ]);
    // Codes keep their inner spacing: `SCI  101` and `SCI 101` stay two rooms.
    const room = { id: 'l1', code: 'SCI  101', description: null, capacity: 30, isActive: true };
    expect(reservationsOf(locations, room).map((r) => r.streamId)).toEqual([
      'unique-location-code-sci%20%20101',
    ]);
  });

  it('rules without amongActive hold their value while the record lives, active or not', () => {
    const user = { id: 'u1', email: 'a@x.edu', username: 'ada', isActive: false };
    expect(reservationsOf(users, user)).toHaveLength(2);
  });
});
