import { describe, expect, it } from '@jest/globals';
import { defaultMapping, mappingBySeason } from './CloneSettingsForm.js';

describe('the default term mapping of a clone', () => {
  it('sends each term to the target term of the same name but for the year, else to none', () => {
    const source = [
      { value: 'f26', label: 'Fall 2026' },
      { value: 's27', label: 'Spring 2027' },
      { value: 'w26', label: 'Winter Session 2026–27' },
    ];
    const target = [
      { value: 's28', label: 'Spring 2028' },
      { value: 'f27', label: 'Fall 2027' },
    ];
    expect(defaultMapping(source, target)).toEqual({ f26: 'f27', s27: 's28', w26: '' });
  });

  it('follows a blueprint by kind of term, and turns a mapping into one', () => {
    const source = [
      { value: 'f26', label: 'Fall 2026' },
      { value: 'u27', label: 'Summer 2027' },
    ];
    const target = [
      { value: 'f27', label: 'Fall 2027' },
      { value: 'u28', label: 'Summer 2028' },
    ];
    const blueprint = { fall: 'fall', summer: null };
    expect(defaultMapping(source, target, blueprint)).toEqual({ f26: 'f27', u27: '' });
    // A season the blueprint does not name goes to its namesake.
    expect(defaultMapping(source, target, { fall: 'fall' })).toEqual({ f26: 'f27', u27: 'u28' });
    expect(mappingBySeason({ f26: 'f27', u27: '' }, source, target)).toEqual(blueprint);
  });
});
