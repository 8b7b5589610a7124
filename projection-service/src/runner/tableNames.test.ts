import { describe, expect, it } from '@jest/globals';
import { nextGeneration } from './replayProjection.js';
import { physicalTableName, projectionContext } from './tableNames.js';
import { qualified } from './sql.js';
import { knownTypePredicate } from './knownEventTypes.js';

describe('table generations', () => {
  it('names physical tables by version, and by build after a rebuild of the same version', () => {
    expect(physicalTableName('course_list', { version: 3, build: 0 })).toBe('course_list_v3');
    expect(physicalTableName('course_list', { version: 3, build: 2 })).toBe('course_list_v3_b2');
    const ctx = projectionContext('read_model', { version: 1, build: 1 });
    expect(ctx.table('sections')).toBe('read_model.sections_v1_b1');
    expect(ctx.physicalName('sections')).toBe('sections_v1_b1');
    expect(ctx.schema).toBe('read_model');
  });

  it('replays into the next build, or the first build of a newer code version, never backwards', () => {
    expect(nextGeneration({ version: 2, build: 0 }, 2)).toEqual({ version: 2, build: 1 });
    expect(nextGeneration({ version: 2, build: 4 }, 3)).toEqual({ version: 3, build: 0 });
    expect(() => nextGeneration({ version: 3, build: 0 }, 2)).toThrow(
      /version 3, newer than this code's 2/,
    );
  });

  it('refuses names that are not plain SQL identifiers', () => {
    expect(qualified('rm', 'a_b1')).toBe('rm.a_b1');
    expect(() => qualified('rm', 'x"; drop table y')).toThrow(/identifier/);
    expect(() => qualified('Read-Model', 'x')).toThrow(/identifier/);
  });

  it('accepts known event types as a set or a predicate', () => {
    expect(knownTypePredicate(new Set(['A']))('A')).toBe(true);
    expect(knownTypePredicate(new Set(['A']))('B')).toBe(false);
    expect(knownTypePredicate((t) => t.startsWith('A'))('Ab')).toBe(true);
  });
});
