/** What sign-in needs from the users read model and the RecordLogin command. */
export interface LoginIdentity {
  /** The provider's stable subject (OIDC `sub`, SAML NameID). */
  subject?: string;
  email?: string;
  username?: string;
}

export interface DirectoryUser {
  id: string;
  displayName: string;
}

export interface UserDirectory {
  /** The active user this identity belongs to, or null: sign-in never creates users. */
  findByLogin(identity: LoginIdentity): Promise<DirectoryUser | null>;
  /** Records a successful sign-in (the user's lastLoginAt). */
  recordLogin(userId: string, at: Date): Promise<void>;
  /** Ends one sign-in (logout): its session is refused from then on, even if its cookie is kept. */
  endSession?(userId: string, sid: string): Promise<void>;
}

export interface InMemoryUser extends DirectoryUser {
  username?: string;
  email?: string;
  subject?: string;
}

/** A UserDirectory over a fixed list: for tests and until the users read model is wired. */
export function createInMemoryUserDirectory(users: readonly InMemoryUser[]): UserDirectory & {
  lastLogins: Map<string, Date>;
} {
  const lastLogins = new Map<string, Date>();
  const lower = (v: string | undefined) => v?.toLowerCase();
  return {
    lastLogins,
    findByLogin({ subject, email, username }) {
      const user = users.find(
        (u) =>
          (subject !== undefined && u.subject === subject) ||
          (email !== undefined && lower(u.email) === lower(email)) ||
          (username !== undefined && lower(u.username) === lower(username)),
      );
      return Promise.resolve(user ? { id: user.id, displayName: user.displayName } : null);
    },
    recordLogin(userId, at) {
      lastLogins.set(userId, at);
      return Promise.resolve();
    },
  };
}
