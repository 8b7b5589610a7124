import { randomUUID } from 'node:crypto';
import type { CommandBus } from '../commandHandling/commandBus.js';
import {
  matchOf,
  type DirectoryUser,
  type LoginIdentity,
  type LoginMatch,
  type ProvisionedIdentity,
  type UserDirectory,
} from '../identity/userDirectory.js';

export interface LoginUser extends DirectoryUser {
  isActive: boolean;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  roles?: readonly string[];
}

export interface ReadModelUserDirectoryOptions {
  /** Every user (the users read model) whose username or e-mail the identity names. */
  usersMatchingLogin(identity: LoginIdentity): Promise<LoginUser[]>;
  bus: Pick<CommandBus, 'execute'>;
  /** Waits until the read models show a command's result (its position token). */
  waitForPosition?: (position: string) => Promise<void>;
}

function sameRoles(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/**
 * Sign-in's UserDirectory over the read models: only an active user signs in, and each sign-in
 * records the user's lastLoginAt through the ordinary user update command (actor: the user).
 * Users created or updated from a provider's answer go through the ordinary user commands too
 * (actor: the system), so uniqueness, validation and history apply.
 */
export function createReadModelUserDirectory(
  options: ReadModelUserDirectoryOptions,
): UserDirectory {
  const { bus } = options;
  return {
    async findByLogin(identity) {
      return matchOf(await options.usersMatchingLogin(identity));
    },
    async recordLogin(userId, at) {
      await bus.execute(
        'UpdateUser',
        { id: userId, lastLoginAt: at.toISOString() },
        { actorId: userId, now: at },
      );
    },
    async endSession(userId, sid) {
      await bus.execute('EndSession', { userId, sid }, { actorId: userId });
    },
    async provision(identity: ProvisionedIdentity, match: LoginMatch): Promise<LoginMatch> {
      const wanted = {
        firstName: identity.firstName,
        lastName: identity.lastName,
        email: identity.email,
        ...(identity.roles ? { Roles: identity.roles.map((slug) => ({ slug })) } : {}),
      };
      if (match.kind === 'none') {
        const result = await bus.execute(
          'CreateUser',
          { id: randomUUID(), username: identity.username, isActive: true, ...wanted },
          { actorId: null },
        );
        await options.waitForPosition?.(result.position);
        return {
          kind: 'found',
          user: { id: result.id, displayName: `${identity.firstName} ${identity.lastName}` },
        };
      }
      if (match.kind !== 'found') return match;
      const current = (
        await options.usersMatchingLogin({ username: identity.username, email: identity.email })
      ).find((u) => u.id === match.user.id);
      if (!current) return match;
      const changes = {
        ...(current.firstName !== wanted.firstName ? { firstName: wanted.firstName } : {}),
        ...(current.lastName !== wanted.lastName ? { lastName: wanted.lastName } : {}),
        ...(current.email?.toLowerCase() !== wanted.email.toLowerCase()
          ? { email: wanted.email }
          : {}),
        ...(identity.roles && !sameRoles(current.roles, identity.roles)
          ? { Roles: wanted.Roles }
          : {}),
      };
      if (Object.keys(changes).length === 0) return match;
      const result = await bus.execute(
        'UpdateUser',
        { id: match.user.id, ...changes },
        { actorId: null },
      );
      await options.waitForPosition?.(result.position);
      return match;
    },
  };
}
