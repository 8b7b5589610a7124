import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { createReadModelUserDirectory, type LoginUser } from './userDirectory.js';

let db: TestStore;

beforeAll(async () => {
  db = await openTestStore();
});
afterAll(() => db.close());

const users: Record<string, LoginUser> = {
  ada: { id: 'u-ada', displayName: 'Ada Admin', isActive: true },
  gone: { id: 'u-gone', displayName: 'Gone User', isActive: false },
};

describe('read-model user directory', () => {
  it('finds only active users and records each sign-in as the user’s lastLoginAt', async () => {
    const bus = createCommandBus({ store: db.store });
    await bus.execute('CreateUser', {
      id: 'u-ada',
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada@example.edu',
      username: 'ada',
    });
    const directory = createReadModelUserDirectory({
      bus,
      findUserByLogin: ({ username }) => Promise.resolve((username && users[username]) || null),
    });
    expect(await directory.findByLogin({ username: 'ada' })).toEqual({
      id: 'u-ada',
      displayName: 'Ada Admin',
    });
    expect(await directory.findByLogin({ username: 'gone' })).toBeNull();

    const at = new Date('2026-11-22T03:30:00.000Z');
    await directory.recordLogin('u-ada', at);
    const last = (await db.events('user-u-ada')).at(-1);
    expect(last?.type).toBe('UserUpdated');
    expect(last?.data).toEqual({ id: 'u-ada', lastLoginAt: '2026-11-22T03:30:00.000Z' });
    expect(last?.metadata.actorId).toBe('u-ada');
  });
});
