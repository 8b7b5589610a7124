import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { defaultGridState, type RecordedEvent } from '@allot/shared-events';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import {
  REPORT_SNAPSHOTS_TABLE,
  SAVED_REPORTS_TABLE,
  savedReportsProjection,
} from './projection.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;

const at = (streamId: string, revision: bigint, type: string, data: unknown): RecordedEvent =>
  recorded(type, data, {
    streamId,
    revision,
    metadata: { actorId: 'rep1', occurredAt: `2026-11-2${String(revision)}T10:00:00.000Z` },
  });
const oldGrid = { page: 4, sortModel: [{ field: 'name', sort: 'asc' }] };
const created = at('savedReport-r1', 0n, 'SavedReportCreated', {
  id: 'r1',
  name: 'Mine',
  description: null,
  reportType: 'Courses',
  gridState: oldGrid,
  type: 'custom',
  sharedWithRoles: [],
  AcademicPeriodId: null,
  UserId: 'rep1',
});
const renamed = at('savedReport-r1', 1n, 'SavedReportUpdated', {
  id: 'r1',
  name: 'Mine, renamed',
  sharedWithRoles: ['reportingUser'],
});
const regridded = at('savedReport-r1', 2n, 'SavedReportUpdated', {
  id: 'r1',
  gridState: defaultGridState('Courses'),
});
const deleted = at('savedReport-r1', 3n, 'SavedReportDeleted', { id: 'r1' });
const taken = at('reportSnapshot-s1', 0n, 'ReportSnapshotTaken', {
  id: 's1',
  name: 'Now',
  reportType: 'Users',
  query: { columns: ['name'] },
  position: '12:12',
  takenAt: '2026-11-20T10:00:00.000Z',
  takenBy: 'rep1',
  rowCount: null,
});
const snapshotDeleted = at('reportSnapshot-s1', 1n, 'ReportSnapshotDeleted', { id: 's1' });

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, savedReportsProjection);
  await harness.migrate();
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

const report = async () =>
  knex(harness.ctx.table(SAVED_REPORTS_TABLE)).where({ id: 'r1' }).first() as Promise<
    Record<string, unknown>
  >;

describe('the saved reports projection', () => {
  it('keeps a report’s grid as its event holds it, and each change once', async () => {
    for (let i = 0; i < 2; i++) await harness.apply([created, renamed]);
    expect(await report()).toMatchObject({
      name: 'Mine, renamed',
      grid_state: oldGrid,
      shared_with_roles: ['reportingUser'],
      user_id: 'rep1',
      revision: '1',
      deleted: false,
    });
    for (let i = 0; i < 2; i++) await harness.apply([regridded]);
    // A late re-delivery of an older change does not undo a newer one.
    await harness.apply([renamed, created]);
    expect(await report()).toMatchObject({
      name: 'Mine, renamed',
      grid_state: defaultGridState('Courses'),
      revision: '2',
    });
  });

  it('marks a deleted report and snapshot, and a re-delivery does not bring them back', async () => {
    for (let i = 0; i < 2; i++) await harness.apply([taken, snapshotDeleted, deleted]);
    await harness.apply([created, taken]);
    expect(await report()).toMatchObject({ deleted: true, revision: '3' });
    const snapshot = (await knex(harness.ctx.table(REPORT_SNAPSHOTS_TABLE))
      .where({ id: 's1' })
      .first()) as Record<string, unknown>;
    expect(snapshot).toMatchObject({
      deleted: true,
      revision: '1',
      position: '12:12',
      taken_by: 'rep1',
      query: { columns: ['name'] },
    });
  });
});
