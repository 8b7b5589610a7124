import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { createReadModelUserDirectory, type LoginUser } from './userDirectory.js';

let db: TestStore;

beforeAll(async () => {
  db = await openTestStore();
});
afterAll(() => db.close());

const users: Record<string, LoginUser[]> = {
  ada: [{ id: 'u-ada', displayName: 'Ada Admin', isActive: true }],
  gone: [{ id: 'u-gone', displayName: 'Gone User', isActive: false }],
  twins: [
    { id: 'u-1', displayName: 'One', isActive: true },
    { id: 'u-2', displayName: 'Two', isActive: true },
  ],
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
      usersMatchingLogin: ({ username }) => Promise.resolve((username && users[username]) || []),
    });
    expect(await directory.findByLogin({ username: 'ada' })).toEqual({
      kind: 'found',
      user: { id: 'u-ada', displayName: 'Ada Admin' },
    });
    expect(await directory.findByLogin({ username: 'gone' })).toEqual({ kind: 'inactive' });
    expect(await directory.findByLogin({ username: 'twins' })).toEqual({
      kind: 'ambiguous',
      count: 2,
    });
    expect(await directory.findByLogin({ username: 'nobody' })).toEqual({ kind: 'none' });

    const at = new Date('2026-11-22T03:30:00.000Z');
    await directory.recordLogin('u-ada', at);
    const last = (await db.events('user-u-ada')).at(-1);
    expect(last?.type).toBe('UserUpdated');
    expect(last?.data).toEqual({ id: 'u-ada', lastLoginAt: '2026-11-22T03:30:00.000Z' });
    expect(last?.metadata.actorId).toBe('u-ada');
  });

  it('creates a user from a sign-in when asked, and brings names, e-mail and roles up to date', async () => {
    const bus = createCommandBus({ store: db.store });
    const known: LoginUser[] = [];
    const directory = createReadModelUserDirectory({
      bus,
      usersMatchingLogin: ({ username, email }) =>
        Promise.resolve(
          known.filter(
            (u) => u.displayName === username || u.email?.toLowerCase() === email?.toLowerCase(),
          ),
        ),
    });
    const identity = {
      username: 'nnew',
      email: 'Nora.New@example.edu',
      firstName: 'Nora',
      lastName: 'New',
      roles: ['faculty'],
    };
    const created = await directory.provision?.(identity, { kind: 'none' });
    expect(created?.kind).toBe('found');
    const id = created?.kind === 'found' ? created.user.id : '';
    const [event] = await db.events(`user-${id}`);
    expect(event?.type).toBe('UserCreated');
    expect(event?.data).toMatchObject({
      username: 'nnew',
      email: 'Nora.New@example.edu',
      firstName: 'Nora',
      lastName: 'New',
      Roles: [{ slug: 'faculty' }],
      isActive: true,
    });
    expect(event?.metadata.actorId).toBeNull();

    known.push({
      id,
      displayName: 'nnew',
      isActive: true,
      firstName: 'Nora',
      lastName: 'New',
      email: 'nora.new@example.edu',
      roles: ['faculty'],
    });
    // Unchanged (the e-mail differs only in case): nothing is written.
    const before = (await db.events(`user-${id}`)).length;
    await directory.provision?.(identity, created ?? { kind: 'none' });
    expect(await db.events(`user-${id}`)).toHaveLength(before);
    // A new surname and role at the IdP: one update with just those.
    await directory.provision?.(
      { ...identity, lastName: 'Newer', roles: ['faculty', 'reportingUser'] },
      created ?? { kind: 'none' },
    );
    const update = (await db.events(`user-${id}`)).at(-1);
    expect(update?.data).toEqual({
      id,
      lastName: 'Newer',
      Roles: [{ slug: 'faculty' }, { slug: 'reportingUser' }],
    });
    // Deactivated or ambiguous people are never changed or created.
    expect(await directory.provision?.(identity, { kind: 'inactive' })).toEqual({
      kind: 'inactive',
    });
  });
});
