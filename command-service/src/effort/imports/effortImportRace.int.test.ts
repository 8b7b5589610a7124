// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { effortImportStream, effortLineBatchStream } from '@allot/shared-events';
import { systemAbility } from '../../authorization/ability.js';
import { createCommandBus, type CommandBus } from '../../commandHandling/commandBus.js';
import { openNativeTestStore, type TestStore } from '../../testing/testStore.js';

/*
 * An effort import's once-only steps on native PostgreSQL, with four requests at the same
 * moment: it starts once, a batch of lines is written once, and it is undone once — the others
 * write nothing (a retried job, two people pressing Undo together).
 */
let db: TestStore;
let bus: CommandBus;
const as = { ability: systemAbility(), actorId: 'manager' };

beforeAll(async () => {
  db = await openNativeTestStore();
  bus = createCommandBus({ store: db.store });
});

afterAll(async () => {
  await db.close();
});

const start = (id: string) => ({
  id,
  fileName: 'payroll.csv',
  size: 10,
  sha256: 'f'.repeat(64),
  mode: 'append',
  EffortPayPeriodId: null,
  rows: 2,
});
const lines = [2, 3].map((line) => ({
  line,
  UserId: 'ada',
  positionNumber: '00100',
  EffortPositionId: 'pos-ada',
  EffortPayPeriodId: 'pp',
  effortPercent: 50,
  costCenter: null,
  earnCode: null,
  account: null,
  amount: null,
  hours: null,
  EffortCategoryId: null,
  EffortTypeId: null,
  EffortRuleId: null,
}));
const types = async (stream: string) => (await db.events(stream)).map((e) => e.type);
const together = <T>(n: number, run: () => Promise<T>) =>
  Promise.allSettled(Array.from({ length: n }, run));

describe('an effort import when four requests arrive together', () => {
  it('starts once, writes a batch once and is undone once', async () => {
    const id = `race-${Date.now().toString(36)}`;
    await together(4, () => bus.execute('StartEffortImport', start(id), as));
    expect(await types(effortImportStream(id))).toEqual(['EffortImportStarted']);

    await together(4, () =>
      bus.execute('RecordEffortLines', { importId: id, batch: 0, lines }, as),
    );
    expect(await types(effortLineBatchStream(id, 0))).toEqual([
      'EffortLineImported',
      'EffortLineImported',
    ]);

    await bus.execute(
      'FinishEffortImport',
      {
        id,
        status: 'done',
        imported: 2,
        refused: 0,
        positionsCreated: 0,
        notRun: 0,
        problems: [],
        problemCount: 0,
        reason: null,
      },
      as,
    );
    const undos = await together(4, () => bus.execute('UndoEffortImport', { id }, as));
    expect(undos.filter((u) => u.status === 'fulfilled')).toHaveLength(1);
    for (const refused of undos.filter((u) => u.status === 'rejected')) {
      expect(refused.reason).toMatchObject({
        message: 'This import is undone already.',
      });
    }
    expect(await types(effortImportStream(id))).toEqual([
      'EffortImportStarted',
      'EffortImportFinished',
      'EffortImportUndone',
    ]);
  });
});
