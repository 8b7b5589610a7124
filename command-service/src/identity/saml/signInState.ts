import type { CacheProvider } from '@node-saml/node-saml';

/**
 * What sign-in must remember between two requests that may reach different processes, or the
 * same one after a restart: the SAML requests awaiting their answer, the assertions already
 * used (replay), and which sessions a provider's sign-in opened (single logout). Kept in the
 * database in a deployment, in memory in tests.
 */
export interface SignInStateStore {
  /** Keeps `value` under `key` until `expiresAt`; false (nothing written) when the key is taken. */
  add(key: string, value: string, expiresAt: Date): Promise<boolean>;
  /** The unexpired value under `key`, or null. */
  get(key: string): Promise<string | null>;
  /** Removes and returns the unexpired value under `key` (null when none): one taker wins. */
  take(key: string): Promise<string | null>;
  /** Removes and returns every unexpired value whose key starts with `prefix`. */
  takePrefix(prefix: string): Promise<string[]>;
}

export function createInMemorySignInState(now: () => number = Date.now): SignInStateStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) entries.delete(key);
    return entries.get(key) ?? null;
  };
  return {
    add(key, value, expiresAt) {
      if (live(key)) return Promise.resolve(false);
      entries.set(key, { value, expiresAt: expiresAt.getTime() });
      return Promise.resolve(true);
    },
    get: (key) => Promise.resolve(live(key)?.value ?? null),
    take(key) {
      const entry = live(key);
      entries.delete(key);
      return Promise.resolve(entry?.value ?? null);
    },
    takePrefix(prefix) {
      const values: string[] = [];
      for (const key of [...entries.keys()]) {
        if (!key.startsWith(prefix)) continue;
        const entry = live(key);
        entries.delete(key);
        if (entry) values.push(entry.value);
      }
      return Promise.resolve(values);
    },
  };
}

/** node-saml's store of issued request ids (InResponseTo), over the sign-in state. */
export function samlRequestCache(store: SignInStateStore, ttlMs: number): CacheProvider {
  const key = (id: string) => `saml-request:${id}`;
  return {
    async saveAsync(id, value) {
      const added = await store.add(key(id), value, new Date(Date.now() + ttlMs));
      return added ? { value, createdAt: Date.now() } : null;
    },
    getAsync: (id) => store.get(key(id)),
    async removeAsync(id) {
      if (id === null) return null;
      return store.take(key(id));
    },
  };
}
