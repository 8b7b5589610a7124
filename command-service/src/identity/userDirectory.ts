/** What sign-in needs from the users read model and the RecordLogin command. */
export interface LoginIdentity {
  /** The provider's stable subject (OIDC `sub`; the demo provider's is the username). */
  subject?: string;
  email?: string;
  username?: string;
}

/** What a provider may also say about a person, for creating or updating them at sign-in. */
export interface ProvisionedIdentity {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Role slugs named by the provider; undefined: roles are not managed by the provider. */
  roles?: readonly string[];
}

export interface DirectoryUser {
  id: string;
  displayName: string;
}

/**
 * Whom an identity belongs to. Only `found` signs in; the others say why not, so the person
 * (and the log) learn which case it is without learning about other users.
 */
export type LoginMatch =
  | { kind: 'found'; user: DirectoryUser }
  | { kind: 'none' }
  /** More than one active user: nobody is signed in rather than the wrong one. */
  | { kind: 'ambiguous'; count: number }
  /** Only deactivated users match. */
  | { kind: 'inactive' };

export interface UserDirectory {
  /** The active user this identity belongs to, or why there is none. */
  findByLogin(identity: LoginIdentity): Promise<LoginMatch>;
  /** Records a successful sign-in (the user's lastLoginAt). */
  recordLogin(userId: string, at: Date): Promise<void>;
  /** Ends one sign-in (logout): its session is refused from then on, even if its cookie is kept. */
  endSession?(userId: string, sid: string): Promise<void>;
  /**
   * Creates the user an identity names when none matches, or brings a matched user's names,
   * e-mail (and roles, when given) up to date; only when the deployment switches it on.
   */
  provision?(identity: ProvisionedIdentity, match: LoginMatch): Promise<LoginMatch>;
}

/** The match among users that an identity names (each with whether it is active). */
export function matchOf(users: readonly (DirectoryUser & { isActive: boolean })[]): LoginMatch {
  const distinct = [...new Map(users.map((u) => [u.id, u])).values()];
  const active = distinct.filter((u) => u.isActive);
  const [only] = active;
  if (only && active.length === 1) {
    return { kind: 'found', user: { id: only.id, displayName: only.displayName } };
  }
  if (active.length > 1) return { kind: 'ambiguous', count: active.length };
  return distinct.length > 0 ? { kind: 'inactive' } : { kind: 'none' };
}

export interface InMemoryUser extends DirectoryUser {
  username?: string;
  email?: string;
  subject?: string;
  isActive?: boolean;
}

/** A UserDirectory over a fixed list: for tests and until the users read model is wired. */
export function createInMemoryUserDirectory(users: readonly InMemoryUser[]): UserDirectory & {
  lastLogins: Map<string, Date>;
  /** `userId/sid` of every session ended (logout, single logout). */
  endedSessions: Set<string>;
} {
  const lastLogins = new Map<string, Date>();
  const endedSessions = new Set<string>();
  const lower = (v: string | undefined) => v?.toLowerCase();
  return {
    lastLogins,
    endedSessions,
    findByLogin({ subject, email, username }) {
      const named = users.filter(
        (u) =>
          (subject !== undefined && u.subject === subject) ||
          (email !== undefined && lower(u.email) === lower(email)) ||
          (username !== undefined && lower(u.username) === lower(username)),
      );
      return Promise.resolve(matchOf(named.map((u) => ({ ...u, isActive: u.isActive ?? true }))));
    },
    recordLogin(userId, at) {
      lastLogins.set(userId, at);
      return Promise.resolve();
    },
    endSession(userId, sid) {
      endedSessions.add(`${userId}/${sid}`);
      return Promise.resolve();
    },
  };
}
