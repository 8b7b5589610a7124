import { describe, it, expect } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';
import { importRunDecider, type ImportRunEvent } from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(importRunDecider, { validate });

const startData = {
  id: 'r1',
  kind: 'sections' as const,
  fileName: 'fall.csv',
  rows: 3,
  spec: null,
  trigger: 'manual' as const,
  notify: null,
};
const start = { type: 'StartImportRun' as const, data: startData };
const started: ImportRunEvent = { type: 'ImportRunStarted', data: startData };
const noteData = { id: 'r1', streams: ['section-s1', 'section-s2'] };
const noted: ImportRunEvent = { type: 'ImportRunWritesNoted', data: noteData };
const finishData = {
  id: 'r1',
  status: 'done' as const,
  created: 2,
  updated: 0,
  unchanged: 0,
  refused: 1,
  removed: 0,
  notRun: 0,
  problems: [{ row: 4, column: 'Room', message: 'No room is called "X".' }],
  problemCount: 1,
  reason: null,
};
const finished: ImportRunEvent = { type: 'ImportRunFinished', data: finishData };
const undoData = { id: 'r1', status: 'undone' as const, reverted: 2, problems: [], reason: null };
const undone: ImportRunEvent = { type: 'ImportUndoEnded', data: undoData };
const refusedData = { ...undoData, status: 'refused' as const, reverted: 0, reason: 'Later.' };

describe('import runs', () => {
  it('start once: a retried start changes nothing', () => {
    spec.given([]).when(start).then([started]);
    spec.given([started]).when(start).then([]);
  });

  it('note what they wrote while they run, and not after', () => {
    spec.given([started]).when({ type: 'NoteImportRunWrites', data: noteData }).then([noted]);
    spec
      .given([started, finished])
      .when({ type: 'NoteImportRunWrites', data: noteData })
      .thenThrows(DomainRuleError, 'This import run has finished already.');
    spec
      .given([started, noted, noted])
      .when({ type: 'FinishImportRun', data: finishData })
      .thenState((s) => {
        expect(s.status).toBe('finished');
        expect(s.status !== 'none' && s.streams).toHaveLength(4);
      });
  });

  it('finish once', () => {
    spec.given([started]).when({ type: 'FinishImportRun', data: finishData }).then([finished]);
    spec
      .given([started, finished])
      .when({ type: 'FinishImportRun', data: finishData })
      .thenThrows(DomainRuleError, 'This import run has finished already.');
    spec
      .given([])
      .when({ type: 'FinishImportRun', data: finishData })
      .thenThrows(NotFoundError, 'There is no such import run.');
  });

  it('are undone once they ended, at most once; a refused undo leaves them undoable', () => {
    spec
      .given([started])
      .when({ type: 'EndImportUndo', data: undoData })
      .thenThrows(DomainRuleError, 'This import is still running: stop it or wait for its end.');
    spec.given([started, finished]).when({ type: 'EndImportUndo', data: undoData }).then([undone]);
    const refused: ImportRunEvent = { type: 'ImportUndoEnded', data: refusedData };
    spec
      .given([started, finished, refused])
      .when({ type: 'EndImportUndo', data: undoData })
      .then([undone]);
    spec
      .given([started, finished, undone])
      .when({ type: 'EndImportUndo', data: undoData })
      .thenThrows(DomainRuleError, 'This import is undone already.');
  });
});
