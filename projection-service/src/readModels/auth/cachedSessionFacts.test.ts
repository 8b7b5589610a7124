import { cachedSessionFacts } from './cachedSessionFacts.js';
import { createInMemoryAuthFacts, type InMemoryAuthData } from './authFacts.js';
import { authUser } from './testing/authUser.js';

function setup() {
  const data: InMemoryAuthData = {
    users: [authUser('ada', ['admin']), authUser('fiona', ['faculty'])],
  };
  const inner = createInMemoryAuthFacts(data);
  let reads = 0;
  let clock = 0;
  const counted = {
    ...inner,
    sessionFacts: (userId: string, workingUserId: string) => {
      reads++;
      return inner.sessionFacts(userId, workingUserId);
    },
  };
  const facts = cachedSessionFacts(counted, { maxAgeMs: 1000, now: () => clock });
  return {
    data,
    facts,
    reads: () => reads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

test('reuses an answer per session until invalidated or older than maxAgeMs', async () => {
  const { data, facts, reads, advance } = setup();
  expect((await facts.sessionFacts('ada', 'ada')).working?.roles).toEqual(['admin']);
  await facts.sessionFacts('ada', 'ada');
  expect(reads()).toBe(1);
  // Another working user is another session.
  expect((await facts.sessionFacts('ada', 'fiona')).working?.id).toBe('fiona');
  expect(reads()).toBe(2);

  data.users[0] = { ...authUser('ada', ['admin']), isActive: false };
  // The runner says the read model changed: the very next request sees it.
  facts.invalidate();
  expect((await facts.sessionFacts('ada', 'ada')).authenticated?.isActive).toBe(false);
  expect(reads()).toBe(3);

  // Without a word from the runner (another instance changed it), at most maxAgeMs late.
  data.users[0] = authUser('ada', ['reportingUser']);
  advance(999);
  expect((await facts.sessionFacts('ada', 'ada')).working?.roles).toEqual(['admin']);
  advance(1);
  expect((await facts.sessionFacts('ada', 'ada')).working?.roles).toEqual(['reportingUser']);
  expect(reads()).toBe(4);
});

test('does not remember a failed read', async () => {
  const { facts, reads } = setup();
  let failing = true;
  const flaky = cachedSessionFacts(
    {
      ...facts,
      sessionFacts: (userId: string, workingUserId: string) =>
        failing
          ? Promise.reject(new Error('database away'))
          : facts.sessionFacts(userId, workingUserId),
    },
    { maxAgeMs: 1000 },
  );
  await expect(flaky.sessionFacts('ada', 'ada')).rejects.toThrow('database away');
  failing = false;
  expect((await flaky.sessionFacts('ada', 'ada')).working?.id).toBe('ada');
  expect(reads()).toBe(1);
});
