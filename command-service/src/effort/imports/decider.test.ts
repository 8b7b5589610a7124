import { describe, it } from '@jest/globals';
import { eventSchemas, type EffortImportFinished } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';
import { effortImportDecider, effortLineBatchDecider, type EffortImportEvent } from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(effortImportDecider, { validate });
const batches = DeciderSpecification.for(effortLineBatchDecider, { validate });

const start = (mode: 'append' | 'replacePayPeriod' | 'dryRun' = 'append') => ({
  id: 'i1',
  fileName: 'payroll.csv',
  size: 120,
  sha256: 'a'.repeat(64),
  mode,
  EffortPayPeriodId: mode === 'replacePayPeriod' ? 'pp1' : null,
  rows: 3,
});
const end = (over: Partial<EffortImportFinished> = {}): EffortImportFinished => ({
  id: 'i1',
  status: 'done',
  imported: 2,
  refused: 1,
  positionsCreated: 0,
  notRun: 0,
  problems: [
    { row: 4, column: 'Effort (%)', message: 'Effort is a share of full time, from 0 to 100.' },
  ],
  problemCount: 1,
  reason: null,
  ...over,
});
const started = (mode?: Parameters<typeof start>[0]): EffortImportEvent => ({
  type: 'EffortImportStarted',
  data: start(mode),
});
const finished = (over?: Partial<EffortImportFinished>): EffortImportEvent => ({
  type: 'EffortImportFinished',
  data: end(over),
});
const undone: EffortImportEvent = { type: 'EffortImportUndone', data: { id: 'i1' } };

const line = (n: number) => ({
  line: n,
  UserId: 'u1',
  positionNumber: '00123',
  EffortPositionId: 'pos1',
  EffortPayPeriodId: 'pp1',
  effortPercent: 50,
  costCenter: '10-4410',
  earnCode: 'REG',
  account: null,
  amount: 4250,
  hours: 80,
  EffortCategoryId: 'cat1',
  EffortTypeId: null,
  EffortRuleId: 'r1',
});

describe('an effort import', () => {
  it('starts once: a retried start writes nothing', () => {
    spec.given([]).when({ type: 'StartEffortImport', data: start() }).then([started()]);
    spec.given([started()]).when({ type: 'StartEffortImport', data: start() }).then([]);
  });

  it('finishes once, and only once started', () => {
    spec.given([started()]).when({ type: 'FinishEffortImport', data: end() }).then([finished()]);
    spec
      .given([started(), finished()])
      .when({ type: 'FinishEffortImport', data: end() })
      .thenThrows(DomainRuleError);
    spec.given([]).when({ type: 'FinishEffortImport', data: end() }).thenThrows(NotFoundError);
  });

  it('is undone as a whole once, after it ended with lines', () => {
    spec
      .given([started(), finished()])
      .when({ type: 'UndoEffortImport', data: { id: 'i1' } })
      .then([undone]);
    spec
      .given([started(), finished(), undone])
      .when({ type: 'UndoEffortImport', data: { id: 'i1' } })
      .thenThrows(DomainRuleError, /undone already/);
    spec
      .given([started()])
      .when({ type: 'UndoEffortImport', data: { id: 'i1' } })
      .thenThrows(DomainRuleError, /still running/);
    // A stopped import's lines written so far are undone with it.
    spec
      .given([started(), finished({ status: 'stopped', notRun: 1 })])
      .when({ type: 'UndoEffortImport', data: { id: 'i1' } })
      .then([undone]);
  });

  it('that wrote nothing (a dry run, a failure) has nothing to undo or classify again', () => {
    for (const given of [
      [started('dryRun'), finished()],
      [started(), finished({ status: 'failed', imported: 0 })],
    ]) {
      spec
        .given(given)
        .when({ type: 'UndoEffortImport', data: { id: 'i1' } })
        .thenThrows(DomainRuleError, /nothing to undo/);
      spec
        .given(given)
        .when({
          type: 'ReclassifyEffortLines',
          data: {
            id: 'i1',
            changes: [{ line: 2, EffortCategoryId: 'c2', EffortTypeId: null, EffortRuleId: 'r2' }],
          },
        })
        .thenThrows(DomainRuleError);
    }
  });

  it('has its lines classified again while it counts', () => {
    const changes = [{ line: 2, EffortCategoryId: 'c2', EffortTypeId: null, EffortRuleId: 'r2' }];
    spec
      .given([started(), finished()])
      .when({ type: 'ReclassifyEffortLines', data: { id: 'i1', changes } })
      .then([{ type: 'EffortLinesReclassified', data: { id: 'i1', changes } }]);
  });
});

describe('a batch of an import’s lines', () => {
  it('writes each line as an event, once', () => {
    const data = { importId: 'i1', batch: 0, lines: [line(2), line(3)] };
    const events = [line(2), line(3)].map((l) => ({
      type: 'EffortLineImported' as const,
      data: { ...l, importId: 'i1' },
    }));
    batches.given([]).when({ type: 'RecordEffortLines', data }).then(events);
    batches.given(events).when({ type: 'RecordEffortLines', data }).then([]);
  });
});
