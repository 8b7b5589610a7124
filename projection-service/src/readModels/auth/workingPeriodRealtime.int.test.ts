import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { Knex } from 'knex';
import type { Socket } from 'socket.io-client';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import {
  connect,
  inbox,
  nextEvent,
  sessionCookie,
  startNode,
  type Node,
} from '../../realtime/testing/realtimeHarness.js';
import { authFactsProjection } from './authFactsProjection.js';

let db: TestDatabase;
let knex: Knex;
let node: Node;
const sockets: Socket[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  node = await startNode();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await node.stop();
  await knex.destroy();
  await db.close();
});

test('a working-period change reaches that user’s browsers and nobody else’s', async () => {
  const ada = await connect(node.url, sessionCookie('ada'));
  const fiona = await connect(node.url, sessionCookie('fiona'));
  sockets.push(ada, fiona);
  const fionaReceived = inbox(fiona);

  const harness = projectionHarness(knex, db.schema, authFactsProjection);
  await harness.migrate();
  const notifications = await harness.apply([
    recorded('WorkingAcademicPeriodChanged', { userId: 'ada', academicPeriodId: 'p-next' }),
  ]);
  const arrived = nextEvent(ada, 'workingAcademicPeriodUpdated');
  node.realtime.emit(notifications);
  expect(await arrived).toEqual({
    payload: { userId: 'ada', WorkingAcademicPeriodId: 'p-next' },
    actorId: 'user-admin',
  });

  // A later event to everyone proves fiona's socket was listening all along.
  const fionaHeard = nextEvent(fiona, 'probe');
  node.realtime.emit([{ event: 'probe', rooms: ['all'] }]);
  await fionaHeard;
  expect(fionaReceived.map((r) => r.event)).toEqual(['probe']);
});
