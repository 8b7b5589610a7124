import knexFactory, { type Knex } from 'knex';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { SignInStateStore } from '@allot/command-service';
import { createSqlSignInState } from './signInState.js';

// The database (PostgreSQL in CI, PGlite otherwise) keeps sign-in's pending requests, used
// assertions and logout sessions, for several processes and across restarts.
let db: TestDatabase;
const pools: Knex[] = [];

function connect(): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: db.url,
    searchPath: [db.schema],
    pool: { min: 0, max: 4 },
  });
  pools.push(knex);
  return knex;
}

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((k) => k.destroy()));
  await db.close();
});

const inAMinute = () => new Date(Date.now() + 60_000);

describe('sign-in state in the database', () => {
  let store: SignInStateStore;
  beforeAll(async () => {
    store = await createSqlSignInState(connect());
  });

  it('keeps a value until it is taken, once', async () => {
    expect(await store.add('request:1', 'created', inAMinute())).toBe(true);
    expect(await store.add('request:1', 'again', inAMinute())).toBe(false);
    expect(await store.get('request:1')).toBe('created');
    expect(await store.take('request:1')).toBe('created');
    expect(await store.take('request:1')).toBeNull();
    expect(await store.get('request:1')).toBeNull();
  });

  it('forgets what expired, and lets its key be used again', async () => {
    expect(await store.add('request:old', 'old', new Date(Date.now() - 1000))).toBe(true);
    expect(await store.get('request:old')).toBeNull();
    expect(await store.take('request:old')).toBeNull();
    expect(await store.add('request:old', 'new', inAMinute())).toBe(true);
    expect(await store.get('request:old')).toBe('new');
  });

  it('takes every value under a prefix, and only those (LIKE wildcards are literal)', async () => {
    await store.add('saml-session:abc:_1:s1', 'one', inAMinute());
    await store.add('saml-session:abc:_1:s2', 'two', inAMinute());
    await store.add('saml-session:abcd:_1:s3', 'other person', inAMinute());
    await store.add('saml-session:a%c:_1:s4', 'wildcard', inAMinute());
    expect((await store.takePrefix('saml-session:abc:')).sort()).toEqual(['one', 'two']);
    expect(await store.takePrefix('saml-session:abc:')).toEqual([]);
    expect(await store.takePrefix('saml-session:a%')).toEqual(['wildcard']);
    expect(await store.get('saml-session:abcd:_1:s3')).toBe('other person');
  });

  it('is shared by every process, and survives a restart', async () => {
    const other = await createSqlSignInState(connect());
    await store.add('request:shared', 'sent here', inAMinute());
    expect(await other.take('request:shared')).toBe('sent here');
  });

  it('lets exactly one of many simultaneous uses of an assertion through', async () => {
    const nodes = await Promise.all(
      Array.from({ length: 5 }, () => createSqlSignInState(connect())),
    );
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (nodes[i % nodes.length] as SignInStateStore).add('assertion:_replayed', '1', inAMinute()),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(1);
    const takers = await Promise.all(nodes.map((n) => n.take('assertion:_replayed')));
    expect(takers.filter((v) => v !== null)).toEqual(['1']);
  });
});
