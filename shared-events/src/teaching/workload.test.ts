import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  coverageOf,
  instructorWorkload,
  sectionPoints,
  sharePoints,
  sharesOf,
} from './workload.js';

describe('sectionPoints', () => {
  it('takes points, else default points, else the course credit hours, else 0', () => {
    expect(sectionPoints({ points: 4, defaultPoints: 3 }, 5)).toBe(4);
    expect(sectionPoints({ points: null, defaultPoints: 3 }, 5)).toBe(3);
    expect(sectionPoints({}, 5)).toBe(5);
    expect(sectionPoints({ points: 0, defaultPoints: 3 })).toBe(0);
    expect(sectionPoints({})).toBe(0);
  });
});

describe('shares and coverage', () => {
  it('splits equally by default and lets explicit shares leave the rest to the others', () => {
    expect(
      sharesOf([
        { id: 'a', share: null },
        { id: 'b', share: null },
      ]),
    ).toEqual(
      new Map([
        ['a', 50],
        ['b', 50],
      ]),
    );
    expect(
      sharesOf([
        { id: 'a', share: 60 },
        { id: 'b', share: null },
        { id: 'c', share: null },
      ]),
    ).toEqual(
      new Map([
        ['a', 60],
        ['b', 20],
        ['c', 20],
      ]),
    );
    expect(sharePoints(3, 100 / 3)).toBe(1);
  });

  it('is uncovered, partial, covered or over, with variance = assigned − section points', () => {
    expect(coverageOf(4, [])).toEqual({
      status: 'uncovered',
      shareTotal: 0,
      assignedPoints: 0,
      variance: -4,
    });
    expect(coverageOf(4, [{ id: 'a', share: 50 }])).toEqual({
      status: 'partial',
      shareTotal: 50,
      assignedPoints: 2,
      variance: -2,
    });
    expect(
      coverageOf(4, [
        { id: 'a', share: null },
        { id: 'b', share: null },
        { id: 'c', share: null },
      ]),
    ).toEqual({
      status: 'covered',
      shareTotal: 100,
      assignedPoints: 4,
      variance: 0,
    });
    expect(
      coverageOf(4, [
        { id: 'a', share: 100 },
        { id: 'b', share: 50 },
      ]),
    ).toMatchObject({
      status: 'over',
      variance: 2,
    });
  });

  it('covers any number of default shares exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 40 }), (n, points) => {
        const assignments = Array.from({ length: n }, (_, i) => ({ id: String(i), share: null }));
        const coverage = coverageOf(points, assignments);
        expect(coverage.status).toBe('covered');
        expect(Math.abs(coverage.variance)).toBeLessThan(0.01);
      }),
    );
  });
});

describe('instructorWorkload', () => {
  it('sums assigned points against the required ones and flags over- and under-load', () => {
    const items = [{ points: 3 }, { points: 1.5 }, { points: 4 }];
    expect(instructorWorkload({ pointsRequired: 8, items, assignmentStepClosed: false })).toEqual({
      required: 8,
      assigned: 8.5,
      remaining: -0.5,
      overloaded: true,
      underloaded: false,
    });
    const light = { pointsRequired: 12, items, assignmentStepClosed: false };
    expect(instructorWorkload(light)).toMatchObject({ remaining: 3.5, underloaded: false });
    expect(instructorWorkload({ ...light, assignmentStepClosed: true })).toMatchObject({
      underloaded: true,
      overloaded: false,
    });
    expect(
      instructorWorkload({ pointsRequired: null, items: [], assignmentStepClosed: true }),
    ).toEqual({
      required: 0,
      assigned: 0,
      remaining: 0,
      overloaded: false,
      underloaded: false,
    });
  });
});
