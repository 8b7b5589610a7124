import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { IMPORT_KINDS, guessMapping, headingKey } from './kinds.js';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/data-services.md');

describe('the import kinds', () => {
  it('match a file’s headings to columns ignoring case, spaces and punctuation', () => {
    expect(headingKey(' E-Mail ')).toBe('email');
    const mapping = guessMapping(IMPORT_KINDS.users, ['EMAIL', 'employee id', 'First Name', 'x']);
    expect(mapping).toMatchObject({
      email: 'EMAIL',
      EmployeeId: 'employee id',
      firstName: 'First Name',
      lastName: null,
    });
  });

  it('give every column a distinct key and heading within its kind', () => {
    for (const kind of Object.values(IMPORT_KINDS)) {
      const keys = kind.columns.map((c) => c.key);
      const headings = kind.columns.map((c) => headingKey(c.label));
      expect([kind.name, new Set(keys).size]).toEqual([kind.name, keys.length]);
      expect([kind.name, new Set(headings).size]).toEqual([kind.name, headings.length]);
    }
  });

  it('are each documented in docs/data-services.md, column by column', () => {
    const docs = readFileSync(DOCS, 'utf8');
    for (const kind of Object.values(IMPORT_KINDS)) {
      const start = docs.indexOf(`### ${kind.label} (\`${kind.name}\`)`);
      expect([kind.name, start >= 0]).toEqual([kind.name, true]);
      const section = docs.slice(start, docs.indexOf('\n### ', start + 1));
      const missing = kind.columns.filter(
        (c) => !new RegExp(`^\\| ${c.label.replace(/[()%]/g, '\\$&')}\\s+\\|`, 'm').test(section),
      );
      expect([kind.name, missing.map((c) => c.label)]).toEqual([kind.name, []]);
    }
  });
});
