import { expect, test } from '@jest/globals';
import { whoOf } from './historyFormat.js';

const oscar = { id: 'u1', displayName: 'Oscar Operations' };

test('names who made a change, on whose behalf, through which key', () => {
  expect(whoOf({ by: null, onBehalfOf: null })).toBe('System');
  expect(whoOf({ by: oscar, onBehalfOf: { id: 'u2', displayName: 'Fay Faculty' } })).toBe(
    'Oscar Operations on behalf of Fay Faculty',
  );
  expect(
    whoOf({
      by: oscar,
      onBehalfOf: null,
      through: { id: 'k', name: 'Nightly', createdBy: { id: 'a', displayName: 'Ada Admin' } },
    }),
  ).toBe('Oscar Operations through API key “Nightly” (created by Ada Admin)');
});

test('names the import that wrote a change, and its undo', () => {
  const run = { runId: 'r1', name: 'Fall sections', fileName: 'sections.xlsx', undo: false };
  expect(whoOf({ by: oscar, onBehalfOf: null, importRun: run })).toBe(
    'Import “Fall sections” run by Oscar Operations from sections.xlsx',
  );
  expect(whoOf({ by: oscar, onBehalfOf: null, importRun: { ...run, name: null } })).toBe(
    'An import run by Oscar Operations from sections.xlsx',
  );
  expect(whoOf({ by: oscar, onBehalfOf: null, importRun: { ...run, undo: true } })).toBe(
    'Undo of import “Fall sections” of sections.xlsx, by Oscar Operations',
  );
});
